/**
 * Inventory booking (docs/decisions.md "Inventory booking"): staff book a customer's pool units from
 * the inventory they look at. It is a flow file on the pool booking's order type and booker, so
 * this proves the flow's own route, its permissions and its schema on the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { makeCustomer, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  availableAt,
  bookingCodePattern,
  clearThresholds,
  type Equipment,
  submit,
  unitsPayload,
} from './bookings-helpers';

const INVENTORY_BOOKING_URL = '/api/inventorybooking/create';
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('inventory booking on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customerId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    await clearThresholds(t);
    customerId = (await makeCustomer(t)).customerId;
  });
  afterAll(() => t.close());

  it("books the customer's units as a pool booking of the customer, and availability drops by them", async () => {
    const equipment = { ...LAX_40, CustomerId: customerId };
    const place = await stockedLocation(t, equipment, 5);
    expect(await availableAt(t, staff, 'pool', equipment, place.LocationId)).toBe(5);
    const res = await submit(
      t,
      INVENTORY_BOOKING_URL,
      staff,
      unitsPayload('pool', equipment, [
        { LocationId: place.LocationId, units: 2, Available: place.Available },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'PB', StatusCode: 'OP', PendingReview: false });
    expect(order.Bookings[0].BookingCode).toMatch(bookingCodePattern('PB'));
    const row = await t.handle.db
      .selectFrom('booking_orders')
      .select('customer_id')
      .where('booking_order_id', '=', order.BookingOrderId)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(customerId);
    expect(await availableAt(t, staff, 'pool', equipment, place.LocationId)).toBe(3);
  });

  it('asks for the customer: staff book for someone, and the schema names the field', async () => {
    const place = await stockedLocation(t, LAX_40, 5);
    const res = await submit(
      t,
      INVENTORY_BOOKING_URL,
      staff,
      unitsPayload('pool', LAX_40, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/Customer/);
  });

  it('is staff work: customers and read-only staff are refused, and nothing is booked', async () => {
    const equipment = { ...LAX_40, CustomerId: customerId };
    const place = await stockedLocation(t, equipment, 5);
    const body = unitsPayload('pool', equipment, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);
    for (const user of ['demo.customer', 'demo.readonly'] as const) {
      const res = await submit(t, INVENTORY_BOOKING_URL, await t.tokenFor(user), body);
      expect(res.statusCode, `${user}: ${res.body}`).toBe(403);
    }
    expect(await availableAt(t, staff, 'pool', equipment, place.LocationId)).toBe(5);
  });
});
