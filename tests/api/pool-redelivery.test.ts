/**
 * Pool redelivery (issue 17): the chassis a customer will bring back, where and when. Each chassis
 * that cannot be listed is named with the reason; two redeliveries of one chassis: one wins.
 * The customers, their chassis on hire and the return location are the test's own
 * (tests/helpers/factories.ts), so every chassis' verdict is known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHASSIS_MESSAGES } from '../../src/domain/equipment';
import { REDELIVERY_MESSAGES } from '../../src/domain/redelivery';
import limits from '../../src/rules/limits.json' with { type: 'json' };
import { databaseKinds } from '../helpers/database';
import {
  type ChassisKind,
  customerWithToken,
  type MadeCustomer,
  makeContract,
  makeCustomer,
  makeLocation,
  onHireChassis,
} from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern, CONTACT, submit } from './bookings-helpers';

const URL = '/api/poolredelivery';
const CHECK_URL = '/api/poolredelivery/check';

interface Unit {
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
}

const FORTY: ChassisKind = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const TWENTY: ChassisKind = { EquipmentSize: 'Chassis.20', EquipmentClass: 'STD' };

/** Chassis on hire to a customer (pool ones unless a contract is named), with their kind. */
async function units(
  t: TestApp,
  customerId: number,
  kind: ChassisKind,
  count: number,
  contract: { contractId: number; org: string } | null = null,
): Promise<Unit[]> {
  const ids = await onHireChassis(t, customerId, kind, count, contract ?? {});
  return ids.map((chassis_id) => ({
    chassis_id,
    equipment_category_code: kind.EquipmentSize,
    equipment_class_code: kind.EquipmentClass,
  }));
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)('pool redelivery on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let own: MadeCustomer;
  /** Another customer, with a chassis of its own on hire. */
  let other: MadeCustomer;
  let othersChassis: Unit;
  let staff: string;
  let ssl: string;
  let locationId: number;
  let reasonCode: string;
  let pool: Unit[];
  const body = (ids: readonly string[], extra: object = {}) => ({
    Redelivery: { LocationId: locationId, RedeliveryDate: today(), ReasonCode: reasonCode },
    Chassis: { ChassisIds: [...ids] },
    Contact: CONTACT,
    ...extra,
  });
  const ordersOf = async (customerId: number) =>
    Number(
      (
        await t.handle.db
          .selectFrom('booking_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('booking_order_type_code', '=', 'PR')
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const check = (token: string, ids: readonly string[], extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: CHECK_URL,
      headers: bearer(token),
      payload: { ChassisIds: ids, ...extra },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const signedIn = await customerWithToken(t);
    customer = signedIn.token;
    own = signedIn;
    other = await makeCustomer(t);
    [othersChassis] = (await units(t, other.customerId, FORTY, 1)) as [Unit];
    staff = await t.tokenFor('demo.staff');
    ssl = await t.tokenFor('demo.ssl');
    locationId = (await makeLocation(t)).LocationId;
    const reason = await t.handle.db
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'POOL_REDELIVERY')
      .orderBy('reason_code')
      .executeTakeFirstOrThrow();
    reasonCode = reason.reason_code;
    // Two kinds among the first five (the first test's), so its redelivery makes two bookings.
    pool = [
      ...(await units(t, own.customerId, FORTY, 3)),
      ...(await units(t, own.customerId, TWENTY, 2)),
      ...(await units(t, own.customerId, FORTY, 15)),
    ];
  });
  afterAll(() => t.close());

  it('books the chassis back to the return location: one PR booking per size and class, each naming its chassis', async () => {
    const mine = pool.slice(0, 5);
    const inputs = mine.map((c, i) =>
      i === 0 ? `${c.chassis_id.slice(0, 4).toLowerCase()}-${c.chassis_id.slice(4)}` : c.chassis_id,
    );
    const res = await submit(t, URL, customer, body(inputs));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    // Issue 25: a redelivery's answer says what it is (a return), from the type's redelivery fact.
    expect(order).toMatchObject({
      BookingOrderTypeCode: 'PR',
      StatusCode: 'OP',
      PendingReview: false,
      Message: 'Your redelivery is booked.',
    });
    const expected = new Map<string, string[]>();
    for (const c of mine) {
      const key = `${c.equipment_category_code}|${c.equipment_class_code}`;
      expected.set(key, [...(expected.get(key) ?? []), c.chassis_id]);
    }
    expect(expected.size).toBe(2);
    expect(order.Bookings).toHaveLength(2);
    for (const b of order.Bookings) {
      expect(b.BookingCode).toMatch(bookingCodePattern('PR'));
      expect(b.LocationId).toBe(locationId);
      const chassis = expected.get(`${b.EquipmentSize}|${b.EquipmentClass}`);
      expect(b.Chassis).toEqual(chassis?.sort());
      expect(b.UnitsRequestedCount).toBe(chassis?.length);
    }
    const row = await t.handle.db
      .selectFrom('booking_orders')
      .select('details')
      .where('booking_order_id', '=', order.BookingOrderId)
      .executeTakeFirstOrThrow();
    const details = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
    expect(details).toMatchObject({
      ReasonCode: reasonCode,
      RedeliveryDate: today(),
      LocationId: locationId,
    });
  });

  it('answers one verdict per row, in order, with a reason the customer can act on', async () => {
    const [onRedelivery] = pool; // listed by the first test
    const [free] = pool.slice(10);
    const others = othersChassis;
    const contract = await makeContract(t, own.customerId);
    const [termLeased] = await units(t, own.customerId, FORTY, 1, contract);
    const [tooBig] = await units(
      t,
      own.customerId,
      { EquipmentSize: 'Chassis.53', EquipmentClass: 'STD' },
      1,
    );
    const inputs = [
      free?.chassis_id,
      'PLCZ12345',
      'ABCD123456',
      'PLCZ000001',
      others?.chassis_id,
      termLeased?.chassis_id,
      tooBig?.chassis_id,
      onRedelivery?.chassis_id,
    ] as string[];
    const res = await check(customer, inputs);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().Results as Array<{ Valid: boolean; Message: string | null; Input: string }>;
    expect(results.map((r) => r.Input)).toEqual(inputs);
    expect(results.map((r) => r.Message)).toEqual([
      null,
      CHASSIS_MESSAGES.format('PLCZ12345'),
      CHASSIS_MESSAGES.otherProvider('ABCD123456'),
      CHASSIS_MESSAGES.unknown('PLCZ000001'),
      CHASSIS_MESSAGES.notOnHire(others.chassis_id, own.customerName),
      REDELIVERY_MESSAGES.termLease(termLeased?.chassis_id as string),
      REDELIVERY_MESSAGES.notPoolEquipment(tooBig?.chassis_id as string, 'Chassis.53'),
      expect.stringMatching(new RegExp(`^${onRedelivery?.chassis_id} is already on open redelivery PR`)),
    ]);
    expect(results[0]?.Valid).toBe(true);
    expect(REDELIVERY_MESSAGES.notPoolEquipment('X', 'Chassis.53')).toBe(
      "X is a 53' chassis: pool redelivery takes genset, 20' chassis, 40' chassis, 45' chassis, 48' chassis only.",
    );
  });

  it('checks at most the validation limit of IDs per call', async () => {
    const max = limits.termLeaseValidationChassisMax;
    const ids = Array.from({ length: max + 1 }, (_, i) => `PLCZ${String(100000 + i)}`);
    expect((await check(customer, ids.slice(0, max))).statusCode).toBe(200);
    const over = await check(customer, ids);
    expect(over.statusCode).toBe(400);
    expect((await check(ssl, ids.slice(0, 1))).statusCode).toBe(403);
  });

  it('refuses a chassis of another customer, naming it, and writes nothing', async () => {
    const others = othersChassis;
    const before = await ordersOf(own.customerId);
    const res = await submit(
      t,
      URL,
      customer,
      body([pool[11]?.chassis_id as string, others?.chassis_id as string]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHASSIS_MESSAGES.notOnHire(others.chassis_id, own.customerName));
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        field: 'Chassis.ChassisIds.1',
        message: CHASSIS_MESSAGES.notOnHire(others.chassis_id, own.customerName),
      }),
    ]);
    expect(await ordersOf(own.customerId)).toBe(before);
  });

  it('refuses a chassis already on an open redelivery', async () => {
    const [listed] = pool;
    const res = await submit(t, URL, customer, body([listed?.chassis_id as string]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/is already on open redelivery PR\d+: cancel that redelivery first/);
  });

  it('answers a redelivery sent again with its Idempotency-Key with the order it booked', async () => {
    const ids = [pool[16]?.chassis_id as string];
    const before = await ordersOf(own.customerId);
    const key = `pr-replay-${Date.now()}`;
    const first = await submit(t, URL, customer, body(ids), key);
    expect(first.statusCode, first.body).toBe(200);
    // Its chassis is now on an open redelivery: a new key is refused for it, this one is answered.
    const fresh = await submit(t, URL, customer, body(ids));
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toMatch(/is already on open redelivery PR\d+: cancel that redelivery first/);
    const again = await submit(t, URL, customer, body(ids), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(own.customerId)).toBe(before + 1);
  });

  it('two redeliveries of the same chassis at once: exactly one wins', async () => {
    const same = [pool[12]?.chassis_id, pool[13]?.chassis_id] as string[];
    const before = await ordersOf(own.customerId);
    const answers = await Promise.all([
      submit(t, URL, customer, body(same)),
      submit(t, URL, staff, body([...same].reverse(), { Customer: { CustomerId: own.customerId } })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const lost = answers.find((a) => a.statusCode === 400);
    expect(lost?.json().message).toMatch(/is already on open redelivery/);
    expect(await ordersOf(own.customerId)).toBe(before + 1);
  });

  it('needs at least one valid chassis, and takes at most the pool redelivery limit', async () => {
    const none = await submit(t, URL, customer, body([]));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Redelivery needs at least one valid chassis to continue');
    const onlyBad = await submit(t, URL, customer, body(['NOPE1']));
    expect(onlyBad.json().message).toBe(
      'Redelivery needs at least one valid chassis to continue (and 1 more problem)',
    );
    const max = limits.poolRedeliveryChassisMax;
    const many = Array.from({ length: max + 1 }, (_, i) => `PLCZ${String(100000 + i)}`);
    const over = await submit(t, URL, customer, body(many));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `At most ${max} chassis can be redelivered at a time: split the list into several redeliveries.`,
    );
  });

  it('says what is wrong with the return location, date and reason', async () => {
    const ids = [pool[14]?.chassis_id as string];
    const res = await submit(
      t,
      URL,
      customer,
      body(ids, { Redelivery: { LocationId: 999999, RedeliveryDate: '2020-01-01', ReasonCode: 'NOPE' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['Redelivery.LocationId', REDELIVERY_MESSAGES.locationUnknown],
      ['Redelivery.ReasonCode', REDELIVERY_MESSAGES.reasonUnknown],
      ['Redelivery.RedeliveryDate', REDELIVERY_MESSAGES.dateInPast],
    ]);
    const noDate = await submit(t, URL, customer, {
      ...body(ids),
      Redelivery: { LocationId: locationId, ReasonCode: reasonCode },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toBe('Choose the day the chassis will be brought back.');
  });

  it('lets staff redeliver for the customer they name, checked against that customer; others may not', async () => {
    const ids = [pool[15]?.chassis_id as string];
    const unnamed = await submit(t, URL, staff, body(ids));
    expect(unnamed.json().message).toBe('Choose the customer to book for.');
    const wrong = await submit(t, URL, staff, body(ids, { Customer: { CustomerId: other.customerId } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CHASSIS_MESSAGES.notOnHire(ids[0] as string, other.customerName));
    const asStaff = await check(staff, ids, { CustomerId: other.customerId });
    expect(asStaff.json().Results[0].Message).toBe(
      CHASSIS_MESSAGES.notOnHire(ids[0] as string, other.customerName),
    );
    const ok = await submit(t, URL, staff, body(ids, { Customer: { CustomerId: own.customerId } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await submit(t, URL, ssl, body(ids))).statusCode).toBe(403);
    expect((await submit(t, URL, null, body(ids))).statusCode).toBe(401);
  });
});
