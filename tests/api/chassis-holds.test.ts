/**
 * Issue 27: a chassis is on at most one open booking at a time (one handing it out, one bringing
 * it back: chassis-holds.ts). A second reuse order naming a chassis on an open one is a 409 naming
 * the chassis and the order holding it, concurrent submits included (PostgreSQL runs them truly in
 * parallel); so are concurrent redeliveries of one chassis. The chassis are on hire to a customer
 * of the test's own, and each test puts its own on hire (tests/helpers/factories.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chassisHeldMessage } from '../../src/server/domain/chassis-holds';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeLocation, onHireChassis } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, REUSE_URL, submit } from './bookings-helpers';

const FORTY = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

async function openOrdersNaming(t: TestApp, chassisId: string): Promise<number[]> {
  const { rows } = await sql<{ booking_order_id: number }>`
    select distinct b.booking_order_id from booking_chassis bc
    join bookings b on b.booking_id = bc.booking_id join chassis c on c.chassis_master_id = bc.chassis_master_id
    where c.chassis_id = ${chassisId} and b.status_code in ('OP', 'PN')`.execute(t.handle.db);
  return rows.map((r) => r.booking_order_id);
}

describe.each(databaseKinds)('a chassis on one open booking at a time, on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let customerId: number;
  let staff: string;
  /** Pool chassis newly on hire to the customer, so no booking names them yet. */
  const heldChassis = (count: number) => onHireChassis(t, customerId, FORTY, count);
  beforeAll(async () => {
    t = await startTestApp(kind);
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  const reuse = (token: string, ids: string[], extra: object = {}) =>
    submit(t, REUSE_URL, token, { Chassis: { ChassisIds: ids }, Contact: CONTACT, ...extra });

  it('refuses a second reuse order of a chassis with a 409 naming the chassis and the order holding it', async () => {
    const [chassis, other] = await heldChassis(2);
    const first = await reuse(customer, [chassis as string]);
    expect(first.statusCode, first.body).toBe(200);
    const holder = first.json();

    const second = await reuse(customer, [other as string, chassis as string]);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CHASSIS_ON_OPEN_BOOKING',
      message: chassisHeldMessage({
        chassisId: chassis as string,
        orderId: holder.BookingOrderId,
        orderTypeName: 'Reuse Booking',
        bookingCode: holder.Bookings[0].BookingCode,
      }),
    });
    expect(second.json().message).toContain(String(holder.BookingOrderId));
    // Nothing of the refused order was written: the other chassis is still free.
    expect(await openOrdersNaming(t, chassis as string)).toEqual([holder.BookingOrderId]);
    expect(await openOrdersNaming(t, other as string)).toEqual([]);

    // Staff booking for the customer are held to the same rule.
    const byStaff = await reuse(staff, [chassis as string], { Customer: { CustomerId: customerId } });
    expect(byStaff.statusCode, byStaff.body).toBe(409);
  });

  it('lets a chassis be booked again once the order holding it is cancelled', async () => {
    const [chassis] = await heldChassis(1);
    const first = (await reuse(customer, [chassis as string])).json();
    await t.handle.db
      .updateTable('bookings')
      .set({ status_code: 'CN' })
      .where('booking_order_id', '=', first.BookingOrderId)
      .execute();
    const again = await reuse(customer, [chassis as string]);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('books a chassis named by concurrent reuse submits exactly once; the others get 409', async () => {
    const [chassis] = await heldChassis(1);
    const answers = await Promise.all(
      [customer, customer, staff, staff].map((token) =>
        reuse(token, [chassis as string], token === staff ? { Customer: { CustomerId: customerId } } : {}),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json();
    for (const loser of answers.filter((a) => a.statusCode === 409))
      expect(loser.json().message).toContain(
        `${chassis} is already on open reuse booking order ${winner.BookingOrderId}`,
      );
    expect(await openOrdersNaming(t, chassis as string)).toEqual([winner.BookingOrderId]);
  });

  it('lets a chassis on an open reuse order be redelivered, once: concurrent redeliveries book one', async () => {
    const [chassis] = await heldChassis(1);
    const held = (await reuse(customer, [chassis as string])).json();
    const location = { location_id: (await makeLocation(t)).LocationId };
    const reason = await t.handle.db
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'POOL_REDELIVERY')
      .executeTakeFirstOrThrow();
    const redeliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/poolredelivery',
        headers: { ...bearer(customer), 'idempotency-key': randomUUID() },
        payload: {
          Chassis: { ChassisIds: [chassis] },
          Redelivery: {
            LocationId: location.location_id,
            ReasonCode: reason.reason_code,
            RedeliveryDate: new Date().toISOString().slice(0, 10),
          },
          Contact: CONTACT,
        },
      });
    const answers = await Promise.all([redeliver(), redeliver(), redeliver()]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json().message).toContain(`${chassis} is already on open`);
    }
    // The reuse order still holds it on the hand-out side; the redelivery on the return side.
    expect((await openOrdersNaming(t, chassis as string)).sort((a, b) => a - b)).toEqual(
      [held.BookingOrderId, ok[0]?.json().BookingOrderId].sort((a, b) => a - b),
    );
  });
});
