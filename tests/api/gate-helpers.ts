/** Issue 31: gate keys, gate batches and the open bookings and chassis the gate tests move. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../helpers/test-app';

/** A gate key staff make for a location operator (the railroad customer of the seed, or any). */
export async function makeGateKey(
  t: TestApp,
  staffToken: string,
  locationIds: number[],
  name = 'Gate test',
): Promise<string> {
  const operator = await t.handle.db
    .selectFrom('customers')
    .select('customer_id')
    .where('customer_class', '=', 'RR')
    .where('active', '=', true)
    .orderBy('customer_id')
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/apikeys',
    headers: bearer(staffToken),
    payload: {
      Name: name,
      Abilities: ['gate'],
      LocationIds: locationIds,
      ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      CustomerId: operator.customer_id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().Key as string;
}

export interface GateEvent {
  ChassisId: string;
  Kind: 'OutGate' | 'InGate';
  LocationId: number;
  EventTime: string;
  BookingCode?: string | null;
  Scac?: string | null;
}

export const sendGate = (t: TestApp, key: string, events: readonly GateEvent[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gateevents',
    headers: { authorization: `ApiKey ${key}` },
    payload: { Events: events },
  });

export const sendX12 = (t: TestApp, key: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/gateevents',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'text/plain' },
    payload: text,
  });

export interface OpenBooking {
  booking_id: number;
  booking_code: string;
  booking_order_id: number;
  location_id: number;
  equipment_category_code: string;
  equipment_class_code: string | null;
  units_requested_count: number;
  units_fulfilled_count: number;
  customer_id: number;
  scac: string;
}

/**
 * An open pool booking alone on its order, with `minLeft` to `maxLeft` units still to pick up and at
 * least `available` chassis of its size and class standing available: the chassis to pick up.
 */
export async function openPoolBooking(
  t: TestApp,
  { minLeft = 1, maxLeft = 3, skip = [] as number[] } = {},
): Promise<{ booking: OpenBooking; chassis: string[] }> {
  const { rows } = await sql<OpenBooking>`
    select b.booking_id, b.booking_code, b.booking_order_id, b.location_id, b.equipment_category_code,
           b.equipment_class_code, b.units_requested_count, b.units_fulfilled_count, o.customer_id, c.scac
    from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
    join customers c on c.customer_id = o.customer_id
    where o.booking_order_type_code = 'PB' and b.status_code = 'OP' and o.status_code = 'OP'
      and b.booking_code is not null and b.equipment_class_code is not null
      and b.units_requested_count - b.units_fulfilled_count between ${minLeft} and ${maxLeft}
      and (select count(*) from bookings x where x.booking_order_id = o.booking_order_id) = 1
      and b.booking_id <> all(${skip.length ? skip : [0]}::int[])
      and (select count(*) from chassis h where h.status = 'AVAILABLE' and h.contract_id is null
             and h.equipment_category_code = b.equipment_category_code
             and h.equipment_class_code = b.equipment_class_code) >= 10
    order by b.booking_id limit 1`.execute(t.handle.db);
  const booking = rows[0];
  if (!booking) throw new Error('the seed has no open pool booking to pick up');
  const left = booking.units_requested_count - booking.units_fulfilled_count;
  const chassis = await sql<{ chassis_id: string }>`
    select chassis_id from chassis where status = 'AVAILABLE' and contract_id is null
      and equipment_category_code = ${booking.equipment_category_code}
      and equipment_class_code = ${booking.equipment_class_code}
      and last_gate_at is null
    order by chassis_master_id desc limit ${left + 3}`.execute(t.handle.db);
  return { booking, chassis: chassis.rows.map((r) => r.chassis_id) };
}

export const chassisRow = (t: TestApp, chassisId: string) =>
  t.handle.db.selectFrom('chassis').selectAll().where('chassis_id', '=', chassisId).executeTakeFirstOrThrow();

export const bookingRow = (t: TestApp, bookingId: number) =>
  t.handle.db
    .selectFrom('bookings as b')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
    .select(['b.units_fulfilled_count', 'b.status_code', 'o.status_code as order_status', 'o.version'])
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();

/** A minute-exact time `minutes` before now, as the gate sends it. */
export const minutesAgo = (minutes: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();
