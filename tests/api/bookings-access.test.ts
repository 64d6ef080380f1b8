/**
 * Who may submit a booking, for whom, and with which Idempotency-Key. Each test books on customers
 * and a stocked location of its own (tests/helpers/factories.ts), so it knows what stays available.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_VALIDATION_TEXT } from '../../src/domain/messages';
import { ROLE_ID } from '../../src/server/db/seed/roles';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, type MadeCustomer, makeCustomer, stockedLocation } from '../helpers/factories';

type SignedIn = Awaited<ReturnType<typeof customerWithToken>>;

import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  availableAt,
  clearThresholds,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  REUSE_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const SUBMIT_URLS = [POOL_URL, DAILY_LEASE_URL, REUSE_URL];
const AVAILABILITY_URLS = ['/api/poolbooking/availableunits', '/api/dailyleasebooking/availableunits'];
const STOCK = 10;

describe.each(databaseKinds)('booking access on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let readonly: string;
  let carrier: SignedIn;
  let shippingLine: SignedIn;
  let suspended: SignedIn;
  let otherCarrier: MadeCustomer;
  const body = (
    place: { LocationId: number; Available: number },
    extra: Partial<Equipment & { CustomerId: number }> = {},
  ) =>
    unitsPayload('pool', { ...LAX_40, ...extra }, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);
  const left = (place: { LocationId: number }) => availableAt(t, staff, 'pool', LAX_40, place.LocationId);

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    await clearThresholds(t);
    carrier = await customerWithToken(t);
    shippingLine = await customerWithToken(t, { customerClass: 'SSL', roleId: ROLE_ID.steamshipLine });
    suspended = await customerWithToken(t, { goodStanding: false });
    otherCarrier = await makeCustomer(t);
  });
  afterAll(() => t.close());

  it('needs a token, and Create or Update on a pool booking entity', async () => {
    const place = await stockedLocation(t, LAX_40, STOCK);
    for (const url of [...SUBMIT_URLS, ...AVAILABILITY_URLS]) {
      expect((await submit(t, url, null, body(place))).statusCode, url).toBe(401);
      const readOnly = await submit(t, url, readonly, body(place));
      expect(readOnly.statusCode, url).toBe(403);
      expect(readOnly.json().message).toBe('You do not have permission to use this function.');
    }
    expect(await left(place)).toBe(STOCK);
  });

  it('refuses an account not in good standing with the account-validation text', async () => {
    const place = await stockedLocation(t, LAX_40, STOCK);
    for (const url of SUBMIT_URLS) {
      const res = await submit(t, url, suspended.token, body(place));
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        message: ACCOUNT_VALIDATION_TEXT,
        error: ACCOUNT_VALIDATION_TEXT,
        code: 'NOT_IN_GOOD_STANDING',
      });
    }
    // Staff cannot book on behalf of such a customer either; they are told whom and why.
    const onBehalf = await submit(t, POOL_URL, staff, body(place, { CustomerId: suspended.customerId }));
    expect(onBehalf.statusCode).toBe(403);
    expect(onBehalf.json().message).toBe(
      `${suspended.customerName} (${suspended.scac}) is not in good standing: no chassis bookings can be created for it. Customer service can tell why.`,
    );
    expect(await left(place)).toBe(STOCK);
  });

  it('needs an Idempotency-Key of 8 to 100 characters', async () => {
    const place = await stockedLocation(t, LAX_40, STOCK);
    for (const key of [null, 'short', 'k'.repeat(101)]) {
      const res = await submit(t, POOL_URL, carrier.token, body(place), key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY',
        message: expect.stringMatching(/^Send an Idempotency-Key header/),
      });
    }
    expect(await left(place)).toBe(STOCK);
  });

  it('books customers for their own company and staff for the customer they choose', async () => {
    const place = await stockedLocation(t, LAX_40, STOCK);
    const ordersOf = (customerId: number) =>
      t.handle.db
        .selectFrom('booking_orders')
        .select(['booking_order_id', 'created_by'])
        .where('customer_id', '=', customerId)
        .execute();

    const own = await submit(t, POOL_URL, carrier.token, body(place, { CustomerId: carrier.customerId }));
    expect(own.statusCode, own.body).toBe(200);
    const other = await submit(
      t,
      POOL_URL,
      carrier.token,
      body(place, { CustomerId: otherCarrier.customerId }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('You can book only for your own company.');

    const ssl = await submit(t, POOL_URL, shippingLine.token, body(place));
    expect(ssl.statusCode, ssl.body).toBe(200);
    expect(await ordersOf(shippingLine.customerId)).toEqual([
      { booking_order_id: ssl.json().BookingOrderId, created_by: shippingLine.user.userId },
    ]);

    const unnamed = await submit(t, POOL_URL, staff, body(place));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Choose the customer to book for.');
    const unknown = await submit(t, POOL_URL, staff, body(place, { CustomerId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_CUSTOMER');
    const onBehalf = await submit(t, POOL_URL, staff, body(place, { CustomerId: otherCarrier.customerId }));
    expect(onBehalf.statusCode, onBehalf.body).toBe(200);

    expect((await ordersOf(carrier.customerId)).map((o) => o.booking_order_id)).toEqual([
      own.json().BookingOrderId,
    ]);
    expect((await ordersOf(otherCarrier.customerId)).map((o) => o.booking_order_id)).toEqual([
      onBehalf.json().BookingOrderId,
    ]);
    expect(await left(place)).toBe(STOCK - 3);
  });

  it('lets customers read availability only as themselves', async () => {
    const ask = (token: string, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: AVAILABILITY_URLS[0] as string,
        headers: bearer(token),
        payload: { ...LAX_40, ...extra },
      });
    expect((await ask(carrier.token, { CustomerId: carrier.customerId })).statusCode).toBe(200);
    expect((await ask(carrier.token, { CustomerId: otherCarrier.customerId })).statusCode).toBe(400);
    expect((await ask(staff, {})).statusCode).toBe(200);
    expect((await ask(staff, { CustomerId: 999_999 })).statusCode).toBe(400);
  });
});
