/**
 * Reuse booking: chassis a customer holds, booked again; each chassis that cannot be is named. The
 * customers and the chassis on hire to them are the test's own (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_LOCATION_ID } from '../../src/domain/constants';
import { CHASSIS_MESSAGES } from '../../src/domain/equipment';
import { termLeaseChassisMessage } from '../../src/server/bookings/reuse/booker';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeContract, makeCustomer, onHireChassis } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern, CONTACT, REUSE_URL, submit } from './bookings-helpers';

const STD_40 = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const STD_45 = { EquipmentSize: 'Chassis.45', EquipmentClass: 'STD' };

describe.each(databaseKinds)('reuse booking on %s', (kind) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof customerWithToken>>;
  let customer: string;
  let other: Awaited<ReturnType<typeof makeCustomer>>;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await customerWithToken(t);
    customer = me.token;
    other = await makeCustomer(t);
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  it('books chassis on hire to the customer, one booking per pick-up location, size and class', async () => {
    // Units out with no booking that named them: each is booked again at the configured location.
    const forties = await onHireChassis(t, me.customerId, STD_40, 3);
    const [fortyFive] = (await onHireChassis(t, me.customerId, STD_45, 1)) as [string];
    const held = [...forties, fortyFive];
    const inputs = held.map((id, i) => (i === 0 ? `${id.slice(0, 4).toLowerCase()}-${id.slice(4)}` : id));
    const res = await submit(t, REUSE_URL, customer, { Chassis: { ChassisIds: inputs }, Contact: CONTACT });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'RU', StatusCode: 'OP', PendingReview: false });

    const expected = new Map<string, string[]>([
      [`${CONFIGURED_LOCATION_ID}|Chassis.40|STD`, forties],
      [`${CONFIGURED_LOCATION_ID}|Chassis.45|STD`, [fortyFive]],
    ]);
    expect(order.Bookings).toHaveLength(2);
    for (const b of order.Bookings) {
      expect(b.BookingCode).toMatch(bookingCodePattern('RU'));
      expect(b.BookingStatusCode).toBe('OP');
      const chassis = expected.get(`${b.LocationId}|${b.EquipmentSize}|${b.EquipmentClass}`);
      expect(chassis).toBeDefined();
      expect(b.Chassis).toEqual([...(chassis ?? [])].sort());
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
    const [mine] = (await onHireChassis(t, me.customerId, STD_40, 1)) as [string];
    const body = { Chassis: { ChassisIds: [mine] }, Contact: CONTACT };
    const unnamed = await submit(t, REUSE_URL, staff, body);
    expect(unnamed.json().message).toBe('Choose the customer to book for.');
    const forOther = await submit(t, REUSE_URL, staff, {
      ...body,
      Customer: { CustomerId: other.customerId },
    });
    expect(forOther.statusCode).toBe(400);
    expect(forOther.json().errors).toEqual([
      { field: 'Chassis.ChassisIds.0', message: CHASSIS_MESSAGES.notOnHire(mine, other.customerName) },
    ]);
    const forOwner = await submit(t, REUSE_URL, staff, { ...body, Customer: { CustomerId: me.customerId } });
    expect(forOwner.statusCode, forOwner.body).toBe(200);
  });

  it('names every chassis that cannot be reused, and books none', async () => {
    const [mine] = (await onHireChassis(t, me.customerId, STD_40, 1)) as [string];
    const [someoneElses] = (await onHireChassis(t, other.customerId, STD_40, 1)) as [string];
    const contract = await makeContract(t, me.customerId);
    const [termLeased] = (await onHireChassis(t, me.customerId, STD_40, 1, {
      org: contract.org,
      contractId: contract.contractId,
    })) as [string];
    const unknown = 'PLCZ999998';
    expect(
      await t.handle.db
        .selectFrom('chassis')
        .select('chassis_id')
        .where('chassis_id', '=', unknown)
        .execute(),
    ).toEqual([]);
    const ids = [mine, unknown, someoneElses, 'ABCD123456'];
    const before = await orderCount(t, me.customerId);

    const res = await submit(t, REUSE_URL, customer, { Chassis: { ChassisIds: ids }, Contact: CONTACT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'EQUIPMENT',
      message: `${CHASSIS_MESSAGES.unknown(unknown)} (and 2 more problems)`,
      errors: [
        { field: 'Chassis.ChassisIds.1', message: CHASSIS_MESSAGES.unknown(unknown) },
        {
          field: 'Chassis.ChassisIds.2',
          message: CHASSIS_MESSAGES.notOnHire(someoneElses, me.customerName),
        },
        { field: 'Chassis.ChassisIds.3', message: CHASSIS_MESSAGES.otherProvider('ABCD123456') },
      ],
    });
    const term = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: [termLeased] },
      Contact: CONTACT,
    });
    expect(term.json()).toMatchObject({
      code: 'EQUIPMENT',
      errors: [{ field: 'Chassis.ChassisIds.0', message: termLeaseChassisMessage(termLeased) }],
    });
    expect(await orderCount(t, me.customerId)).toBe(before);
  });
});

async function orderCount(t: TestApp, customerId: number): Promise<number> {
  const row = await t.handle.db
    .selectFrom('booking_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
