/** Reuse booking: chassis a customer holds, booked again; each chassis that cannot be is named. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_LOCATION_ID } from '../../src/domain/constants';
import { CHASSIS_MESSAGES } from '../../src/domain/equipment';
import { termLeaseChassisMessage } from '../../src/server/bookings/reuse/booker';
import { DEMO_MOTOR_CARRIER, DEMO_STEAMSHIP_LINE } from '../../src/server/db/seed/customers';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern, CONTACT, REUSE_URL, submit } from './bookings-helpers';

interface Held {
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  last_location_id: number | null;
}

/** Pool chassis on hire to a customer, with where the booking that last named each was. */
async function heldBy(t: TestApp, customerId: number, count: number): Promise<Held[]> {
  const { rows } = await sql<Held>`
    select c.chassis_id, c.equipment_category_code, c.equipment_class_code,
      (select b.location_id from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
        where bc.chassis_master_id = c.chassis_master_id
        order by b.created_at desc, b.booking_id desc limit 1) as last_location_id
    from chassis c
    where c.on_hire_customer_id = ${customerId} and c.contract_id is null
      -- Issue 27: a chassis already on an open booking cannot be reused until that one closes.
      and not exists (select 1 from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
        join booking_orders o on o.booking_order_id = b.booking_order_id
        where bc.chassis_master_id = c.chassis_master_id and b.status_code in ('OP', 'PN')
          and o.booking_order_type_code = 'RU')
    order by c.chassis_id limit ${count}`.execute(t.handle.db);
  return rows;
}

describe.each(databaseKinds)('reuse booking on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await t.tokenFor('demo.customer');
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  it('books chassis on hire to the customer, one booking per pick-up location, size and class', async () => {
    const held = await heldBy(t, 1, 4);
    expect(held).toHaveLength(4);
    const inputs = held.map((c, i) =>
      i === 0 ? `${c.chassis_id.slice(0, 4).toLowerCase()}-${c.chassis_id.slice(4)}` : c.chassis_id,
    );
    const res = await submit(t, REUSE_URL, customer, { Chassis: { ChassisIds: inputs }, Contact: CONTACT });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'RU', StatusCode: 'OP', PendingReview: false });

    const expected = new Map<string, string[]>();
    for (const c of held) {
      const key = `${c.last_location_id ?? CONFIGURED_LOCATION_ID}|${c.equipment_category_code}|${c.equipment_class_code}`;
      expected.set(key, [...(expected.get(key) ?? []), c.chassis_id]);
    }
    expect(order.Bookings).toHaveLength(expected.size);
    for (const b of order.Bookings) {
      expect(b.BookingCode).toMatch(bookingCodePattern('RU'));
      expect(b.BookingStatusCode).toBe('OP');
      const chassis = expected.get(`${b.LocationId}|${b.EquipmentSize}|${b.EquipmentClass}`);
      expect(b.Chassis).toEqual(chassis?.sort());
      expect(b.UnitsRequestedCount).toBe(chassis?.length);
    }
    const named = await t.handle.db
      .selectFrom('booking_chassis')
      .innerJoin('bookings', 'bookings.booking_id', 'booking_chassis.booking_id')
      .select('booking_chassis.chassis_master_id')
      .where('bookings.booking_order_id', '=', order.BookingOrderId)
      .execute();
    expect(named).toHaveLength(4);
  });

  it('lets staff reuse for the customer they name, checked against that customer', async () => {
    const [mine] = await heldBy(t, 1, 1);
    const body = { Chassis: { ChassisIds: [mine?.chassis_id] }, Contact: CONTACT };
    const unnamed = await submit(t, REUSE_URL, staff, body);
    expect(unnamed.json().message).toBe('Choose the customer to book for.');
    const forSsl = await submit(t, REUSE_URL, staff, { ...body, Customer: { CustomerId: 2 } });
    expect(forSsl.statusCode).toBe(400);
    expect(forSsl.json().errors).toEqual([
      {
        field: 'Chassis.ChassisIds.0',
        message: CHASSIS_MESSAGES.notOnHire(mine?.chassis_id as string, DEMO_STEAMSHIP_LINE.customer_name),
      },
    ]);
    const forOwner = await submit(t, REUSE_URL, staff, { ...body, Customer: { CustomerId: 1 } });
    expect(forOwner.statusCode, forOwner.body).toBe(200);
  });

  it('names every chassis that cannot be reused, and books none', async () => {
    const [mine] = await heldBy(t, 1, 1);
    const [someoneElses] = await heldBy(t, 2, 1);
    const termLeased = await t.handle.db
      .selectFrom('chassis')
      .select('chassis_id')
      .where('on_hire_customer_id', '=', 1)
      .where('contract_id', 'is not', null)
      .orderBy('chassis_id')
      .executeTakeFirstOrThrow();
    const unknown = 'PLCZ999998';
    expect(
      await t.handle.db
        .selectFrom('chassis')
        .select('chassis_id')
        .where('chassis_id', '=', unknown)
        .execute(),
    ).toEqual([]);
    const ids = [mine?.chassis_id, unknown, someoneElses?.chassis_id, 'ABCD123456'] as string[];
    const before = await orderCount(t);

    const res = await submit(t, REUSE_URL, customer, { Chassis: { ChassisIds: ids }, Contact: CONTACT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'EQUIPMENT',
      message: `${CHASSIS_MESSAGES.unknown(unknown)} (and 2 more problems)`,
      errors: [
        { field: 'Chassis.ChassisIds.1', message: CHASSIS_MESSAGES.unknown(unknown) },
        {
          field: 'Chassis.ChassisIds.2',
          message: CHASSIS_MESSAGES.notOnHire(ids[2] as string, DEMO_MOTOR_CARRIER.customer_name),
        },
        { field: 'Chassis.ChassisIds.3', message: CHASSIS_MESSAGES.otherProvider('ABCD123456') },
      ],
    });
    const term = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: [termLeased.chassis_id] },
      Contact: CONTACT,
    });
    expect(term.json()).toMatchObject({
      code: 'EQUIPMENT',
      errors: [{ field: 'Chassis.ChassisIds.0', message: termLeaseChassisMessage(termLeased.chassis_id) }],
    });
    expect(await orderCount(t)).toBe(before);
  });
});

async function orderCount(t: TestApp): Promise<number> {
  const row = await t.handle.db
    .selectFrom('booking_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
