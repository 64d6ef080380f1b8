/** Issue 31: gate keys, gate batches and the open bookings and chassis the gate tests move. */
import { expect } from 'vitest';
import { customerWithToken, type MadeCustomer, makeCustomer, stockedLocation } from '../helpers/factories';
import { bearer, type TestApp } from '../helpers/test-app';
import { type Equipment, POOL_URL, submit, unitsPayload } from './bookings-helpers';

/** A gate key staff make for a location operator of its own (a railroad customer made for it). */
export async function makeGateKey(
  t: TestApp,
  staffToken: string,
  locationIds: number[],
  name = 'Gate test',
): Promise<string> {
  const operator = await makeCustomer(t, { customerClass: 'RR' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/apikeys',
    headers: bearer(staffToken),
    payload: {
      Name: name,
      Abilities: ['gate'],
      LocationIds: locationIds,
      ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      CustomerId: operator.customerId,
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
  equipment_class_code: string;
  units_requested_count: number;
  units_fulfilled_count: number;
  customer_id: number;
  scac: string;
}

/** What the gate tests pick up: a 40' standard frame in LAX. */
export const GATE_EQUIPMENT: Equipment = {
  MarketCode: 'LAX',
  EquipmentSize: 'Chassis.40',
  EquipmentClass: 'STD',
};

/**
 * An open pool booking of `units` units (none picked up yet), alone on its order, of a customer of
 * its own at a location of its own that holds `units + 3` chassis of its size and class, all
 * available and never gated: the chassis to pick up (and a few more that match nothing booked).
 */
export async function openPoolBooking(
  t: TestApp,
  units = 2,
): Promise<{ booking: OpenBooking; chassis: string[]; customer: MadeCustomer & { token: string } }> {
  const customer = await customerWithToken(t);
  const place = await stockedLocation(t, GATE_EQUIPMENT, units + 3);
  const chassis = (
    await t.handle.db
      .selectFrom('chassis')
      .select('chassis_id')
      .where('location_id', '=', place.LocationId)
      .orderBy('chassis_id')
      .execute()
  ).map((r) => r.chassis_id);
  const res = await submit(
    t,
    POOL_URL,
    customer.token,
    unitsPayload('pool', GATE_EQUIPMENT, [
      { LocationId: place.LocationId, units, Available: place.Available },
    ]),
  );
  if (res.statusCode !== 200) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  const order = res.json();
  if (order.StatusCode !== 'OP') throw new Error(`the booking is not open: ${res.body}`);
  const [made] = order.Bookings as Array<{ BookingId: number; BookingCode: string }>;
  if (!made || order.Bookings.length !== 1) throw new Error(`one booking expected: ${res.body}`);
  return {
    booking: {
      booking_id: made.BookingId,
      booking_code: made.BookingCode,
      booking_order_id: order.BookingOrderId,
      location_id: place.LocationId,
      equipment_category_code: GATE_EQUIPMENT.EquipmentSize,
      equipment_class_code: GATE_EQUIPMENT.EquipmentClass,
      units_requested_count: units,
      units_fulfilled_count: 0,
      customer_id: customer.customerId,
      scac: customer.scac,
    },
    chassis,
    customer: {
      customerId: customer.customerId,
      customerName: customer.customerName,
      scac: customer.scac,
      token: customer.token,
    },
  };
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
