/** Pool and daily lease booking: confirmed, pending for each reason, and the mail to the contact. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_LOCATION_ID } from '../../src/domain/constants';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeCustomer, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/until';
import {
  availability,
  availableAt,
  bookingCodePattern,
  clearThresholds,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  setAvailable,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const yy = () => String(new Date().getUTCFullYear()).slice(2);

describe.each(databaseKinds)('pool and daily lease booking on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let outbox: string;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brr-bookings-'));
    outbox = join(dataDir, 'outbox');
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    customer = await t.tokenFor('demo.customer');
    staff = await t.tokenFor('demo.staff');
    await clearThresholds(t);
  });
  afterAll(() => t.close());

  it('confirms a pool booking with booking numbers, and availability goes down by the units', async () => {
    const { customerId, token } = await customerWithToken(t);
    const place = await stockedLocation(t, LAX_40, 5);
    expect(await availableAt(t, token, 'pool', LAX_40, place.LocationId)).toBe(5);
    const res = await submit(
      t,
      POOL_URL,
      token,
      unitsPayload('pool', LAX_40, [{ LocationId: place.LocationId, units: 3, Available: place.Available }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      BookingOrderTypeCode: 'PB',
      StatusCode: 'OP',
      PendingReview: false,
      Message: 'Your booking is confirmed.',
    });
    expect(order.Bookings).toHaveLength(1);
    const [booking] = order.Bookings;
    expect(booking).toMatchObject({
      LocationId: place.LocationId,
      LocationName: place.LocationName,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      UnitsRequestedCount: 3,
      BookingStatusCode: 'OP',
    });
    expect(booking.BookingCode).toMatch(bookingCodePattern('PB'));
    expect(booking.BookingCode).toBe(`PB${yy()}${String(booking.BookingId).padStart(6, '0')}`);
    expect(await availableAt(t, token, 'pool', LAX_40, place.LocationId)).toBe(2);

    const stored = await t.handle.db
      .selectFrom('booking_orders')
      .select(['customer_id', 'status_code', 'market_code', 'contact_name', 'created_by'])
      .where('booking_order_id', '=', order.BookingOrderId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      customer_id: customerId,
      status_code: 'OP',
      market_code: 'LAX',
      contact_name: 'Pat Dispatcher',
    });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_type', '=', 'booking_order')
      .where('entity_id', '=', String(order.BookingOrderId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'created', details: { type: 'PB', status: 'OP', units: 3 } });

    // The mail goes out after the commit: wait for it to be there.
    const mail = await waitForMail(outbox, booking.BookingCode);
    expect(mail).toMatch(/^To: pat@example\.com, ops@example\.com$/m);
    expect(mail).toContain(place.LocationName);
    expect(mail).toContain("3 unit(s) of 40' Chassis, Standard");
  });

  it('books daily lease at the configured port bay, listed first', async () => {
    const rows = await availability(t, customer, 'dailyLease', LAX_40);
    expect(rows[0]?.LocationId).toBe(CONFIGURED_LOCATION_ID);
    await setAvailable(t, customer, 'dailyLease', LAX_40, CONFIGURED_LOCATION_ID, 4);
    const res = await submit(
      t,
      DAILY_LEASE_URL,
      customer,
      unitsPayload('dailyLease', LAX_40, [{ LocationId: CONFIGURED_LOCATION_ID, units: 2, Available: 4 }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ BookingOrderTypeCode: 'DL', StatusCode: 'OP' });
    expect(res.json().Bookings[0].BookingCode).toMatch(bookingCodePattern('DL'));
    expect(await availableAt(t, customer, 'dailyLease', LAX_40, CONFIGURED_LOCATION_ID)).toBe(2);
  });

  it('sends a request over availability to the pending queue, without booking numbers', async () => {
    const place = await stockedLocation(t, LAX_40, 2);
    const units = 3;
    const res = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload(
        'pool',
        LAX_40,
        [{ LocationId: place.LocationId, units, Available: place.Available }],
        ['customer-booking.over-available'],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ StatusCode: 'PN', PendingReview: true });
    expect(order.Message).toMatch(/pending review by Customer Support/);
    expect(order.Bookings[0]).toMatchObject({
      BookingCode: null,
      BookingStatusCode: 'PN',
      UnitsRequestedCount: units,
    });
    expect(await pendingRequestOf(t, order.BookingOrderId)).toEqual({
      request_type_code: 'OVER_AVAILABILITY',
      pending_reason_code: 'OVER_AVAIL',
      status: 'PENDING',
    });
    // A pending booking holds nothing.
    expect(await availableAt(t, customer, 'pool', LAX_40, place.LocationId)).toBe(2);
  });

  it('sends a booking past the weekly threshold to the pending queue; other markets are not capped', async () => {
    const carrier = (await makeCustomer(t, { customerClass: 'MC' })).customerId;
    const equipment = { ...LAX_40, EquipmentSize: 'Chassis.53', CustomerId: carrier };
    await t.handle.db
      .insertInto('weekly_thresholds')
      .values({
        customer_id: carrier,
        market_code: 'LAX',
        equipment_category_code: 'Chassis.53',
        weekly_limit: 3,
      })
      .execute();
    const place = await stockedLocation(t, equipment, 10);
    const book = (units: number, eq = equipment, at = place) =>
      submit(
        t,
        POOL_URL,
        staff,
        unitsPayload('pool', eq, [{ LocationId: at.LocationId, units, Available: at.Available }]),
      );

    const first = await book(2);
    expect(first.json()).toMatchObject({ StatusCode: 'OP' });
    const second = await book(2);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ StatusCode: 'PN', PendingReview: true });
    expect(await pendingRequestOf(t, second.json().BookingOrderId)).toMatchObject({
      request_type_code: 'OVER_THRESHOLD',
      pending_reason_code: 'OVER_THRESHOLD',
    });
    const elsewhere = { ...equipment, MarketCode: 'SEA' };
    const seattle = await stockedLocation(t, elsewhere, 5);
    expect((await book(2, elsewhere, seattle)).json()).toMatchObject({ StatusCode: 'OP' });
  });

  it('sends a beneficial cargo owner’s booking to class review', async () => {
    const owner = (await makeCustomer(t, { customerClass: 'BCO' })).customerId;
    const equipment = { ...LAX_40, CustomerId: owner };
    const place = await stockedLocation(t, equipment, 5);
    const res = await submit(
      t,
      POOL_URL,
      staff,
      unitsPayload('pool', equipment, [
        { LocationId: place.LocationId, units: 1, Available: place.Available },
      ]),
    );
    expect(res.json()).toMatchObject({ StatusCode: 'PN' });
    expect(await pendingRequestOf(t, res.json().BookingOrderId)).toMatchObject({
      request_type_code: 'CLASS_REVIEW',
      pending_reason_code: 'NEW_CUSTOMER',
    });
  });
});

async function pendingRequestOf(t: TestApp, orderId: number) {
  return t.handle.db
    .selectFrom('pending_requests')
    .select(['request_type_code', 'pending_reason_code', 'status'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirst();
}

/** The outbox mail naming `text`, once it is there (it leaves after the commit). */
function waitForMail(dir: string, text: string): Promise<string> {
  const mails = () => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return []; // the outbox folder is made with the first mail
    }
  };
  return eventually(
    () =>
      mails()
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .find((body) => body.includes(text)),
    { what: `a mail in ${dir} naming ${text}` },
  );
}
