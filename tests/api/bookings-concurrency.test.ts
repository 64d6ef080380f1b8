/**
 * ARCHITECTURE §5: a retried or double-clicked submit books once, and concurrent bookings never
 * take more units than exist. PostgreSQL runs the submits truly in parallel (READ COMMITTED, the
 * row locks do the work); PGlite runs them one after another.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { makeCustomer, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  availableAt,
  clearThresholds,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_53: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.53', EquipmentClass: 'STD' };

describe.each(databaseKinds)('concurrent and repeated submits on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let place: { LocationId: number; Available: number };
  const oneUnit = (extra: object = {}) =>
    unitsPayload('pool', { ...LAX_53, ...extra }, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);
  const ordersWithKey = async (key: string) =>
    (
      await t.handle.db
        .selectFrom('booking_orders')
        .select('booking_order_id')
        .where('idempotency_key', '=', key)
        .execute()
    ).length;

  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await t.tokenFor('demo.customer');
    staff = await t.tokenFor('demo.staff');
    await clearThresholds(t);
    place = await stockedLocation(t, LAX_53, 20);
  });
  afterAll(() => t.close());

  it('books a key once when it is sent twice, and answers the same order', async () => {
    const before = await availableAt(t, customer, 'pool', LAX_53, place.LocationId);
    const key = randomUUID();
    const first = await submit(t, POOL_URL, customer, oneUnit(), key);
    const again = await submit(t, POOL_URL, customer, oneUnit(), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersWithKey(key)).toBe(1);
    expect(await availableAt(t, customer, 'pool', LAX_53, place.LocationId)).toBe(before - 1);
  });

  it('books a key once when its submits arrive together', async () => {
    const before = await availableAt(t, customer, 'pool', LAX_53, place.LocationId);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => submit(t, POOL_URL, customer, oneUnit(), key)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().BookingOrderId)).size).toBe(1);
    expect(await ordersWithKey(key)).toBe(1);
    expect(await availableAt(t, customer, 'pool', LAX_53, place.LocationId)).toBe(before - 1);
  });

  it('answers a key sent again with its order after the location has closed', async () => {
    const closing = await stockedLocation(t, LAX_53, 3);
    const body = unitsPayload('pool', LAX_53, [
      { LocationId: closing.LocationId, units: 1, Available: closing.Available },
    ]);
    const key = randomUUID();
    const first = await submit(t, POOL_URL, customer, body, key);
    expect(first.statusCode, first.body).toBe(200);
    await t.handle.db
      .updateTable('locations')
      .set({ active: false })
      .where('location_id', '=', closing.LocationId)
      .execute();
    const fresh = await submit(t, POOL_URL, customer, body, randomUUID());
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toMatch(/is closed/);
    const again = await submit(t, POOL_URL, customer, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('refuses a key already used for another customer or another booking type', async () => {
    const key = randomUUID();
    expect((await submit(t, POOL_URL, customer, oneUnit(), key)).statusCode).toBe(200);
    const otherCustomer = await submit(t, POOL_URL, staff, oneUnit({ CustomerId: 2 }), key);
    expect(otherCustomer.statusCode).toBe(409);
    expect(otherCustomer.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherType = await submit(
      t,
      DAILY_LEASE_URL,
      customer,
      unitsPayload(
        'dailyLease',
        LAX_53,
        [{ LocationId: 18478, units: 1, Available: 1 }],
        ['daily-lease.charges-acknowledged', 'customer-booking.over-available'],
      ),
      key,
    );
    expect(otherType.statusCode).toBe(409);
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('refuses a key sent again with a different request, and books nothing for it (issue 11)', async () => {
    const before = await availableAt(t, customer, 'pool', LAX_53, place.LocationId);
    const key = randomUUID();
    expect((await submit(t, POOL_URL, customer, oneUnit(), key)).statusCode).toBe(200);
    const twoUnits = unitsPayload('pool', LAX_53, [
      { LocationId: place.LocationId, units: 2, Available: place.Available },
    ]);
    const changed = await submit(t, POOL_URL, customer, twoUnits, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringMatching(/already used for a different booking request/),
    });
    expect(await ordersWithKey(key)).toBe(1);
    expect(await availableAt(t, customer, 'pool', LAX_53, place.LocationId)).toBe(before - 1);
    // The same request again is still answered with its order.
    expect((await submit(t, POOL_URL, customer, oneUnit(), key)).statusCode).toBe(200);
  });

  it('books exactly the last 5 units when 20 customers ask for one each at once', async () => {
    const last = await stockedLocation(t, LAX_53, 5);
    const carriers = await Promise.all(
      Array.from({ length: 10 }, async () => (await makeCustomer(t, { customerClass: 'MC' })).customerId),
    );
    const ask = (token: string, customerId?: number) =>
      submit(
        t,
        POOL_URL,
        token,
        unitsPayload('pool', { ...LAX_53, ...(customerId ? { CustomerId: customerId } : {}) }, [
          { LocationId: last.LocationId, units: 1, Available: last.Available },
        ]),
      );
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => ask(customer)),
      ...carriers.map((id) => ask(staff, id)),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const statuses = answers.map((a) => a.json().StatusCode);
    expect(statuses.filter((s) => s === 'OP')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'PN')).toHaveLength(15);
    expect(await availableAt(t, customer, 'pool', LAX_53, last.LocationId)).toBe(0);
    // Never negative, not even before the clamp: stock less holds less reservations is exactly 0.
    expect(await rawAvailability(t, last.LocationId, LAX_53)).toBe(0);
  });
});

async function rawAvailability(t: TestApp, locationId: number, e: Equipment): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select
      (select count(*) from chassis c join inventory_orgs o on o.inventory_org_code = c.inventory_org_code
        where c.location_id = ${locationId} and c.status = 'AVAILABLE' and o.org_type in ('Pool', 'Co-op Pool')
          and c.equipment_category_code = ${e.EquipmentSize} and c.equipment_class_code = ${e.EquipmentClass})
      - (select coalesce(sum(b.units_requested_count - b.units_fulfilled_count), 0)
          from bookings b join booking_orders bo on bo.booking_order_id = b.booking_order_id
          where b.location_id = ${locationId} and b.status_code = 'OP' and bo.booking_order_type_code in ('PB', 'DL', 'RP')
            and b.equipment_category_code = ${e.EquipmentSize} and b.equipment_class_code = ${e.EquipmentClass})
      - (select coalesce(sum(r.reserved_quantity), 0) from internal_reservations r
          join inventory_orgs o on o.inventory_org_code = r.inventory_org_code
          where r.location_id = ${locationId} and not r.customer_bookings_allowed and o.org_type in ('Pool', 'Co-op Pool')
            and r.equipment_category_code = ${e.EquipmentSize} and r.equipment_class_code = ${e.EquipmentClass})
      as n`.execute(t.handle.db);
  return Number(rows[0]?.n);
}
