/**
 * Issue 31: what one gate event does to a chassis and the booking it fulfils, inside the batch's
 * transaction (gate-events.ts). An out-gate puts the chassis on hire against an open pick-up
 * booking of its location, size and class; an in-gate takes it off hire at the location and
 * fulfils the open redelivery naming it. What cannot be matched is an exception for staff, with a
 * reason a person can act on. docs/decisions.md "Issue 31" says how a pick-up is matched.
 */
import { type Kysely, sql } from 'kysely';
import { REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';
import type { Database } from '../db/types';
import {
  bookingField,
  type OrderActor,
  type OrderChanges,
  recordOrderChange,
  STATUS_FIELD,
} from './order-audit';

/** The order types a chassis is picked up against: pool, daily lease, term lease. */
export const PICK_UP_ORDER_TYPES = ['PB', 'DL', 'TL'] as const;

/** The chassis as the batch holds it while applying events in time order. */
export interface GateChassis {
  chassis_master_id: number;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  status: 'AVAILABLE' | 'ON_HIRE' | 'OUT_OF_SERVICE';
  contract_id: number | null;
  on_hire_customer_id: number | null;
  last_gate_at: Date | null;
}

export interface GateMove {
  chassis: GateChassis;
  locationId: number;
  at: Date;
  bookingCode: string | null;
  scac: string | null;
}

/** What an event did: applied (maybe fulfilling a booking of an order), or why it matched nothing. */
export type MoveResult =
  | {
      ok: true;
      bookingId: number | null;
      bookingCode: string | null;
      orderId: number | null;
      flag: string | null;
    }
  | { ok: false; reason: string };

const refuse = (reason: string): MoveResult => ({ ok: false, reason });

interface OpenBooking {
  booking_id: number;
  booking_code: string | null;
  booking_order_id: number;
  location_id: number;
  equipment_category_code: string;
  equipment_class_code: string | null;
  units_requested_count: number;
  units_fulfilled_count: number;
  status_code: string;
  customer_id: number;
  contract_id: number | null;
  booking_order_type_code: string;
}

const bookingQuery = (trx: Kysely<Database>) =>
  trx
    .selectFrom('bookings as b')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
    .select([
      'b.booking_id',
      'b.booking_code',
      'b.booking_order_id',
      'b.location_id',
      'b.equipment_category_code',
      'b.equipment_class_code',
      'b.units_requested_count',
      'b.units_fulfilled_count',
      'b.status_code',
      'o.customer_id',
      'o.contract_id',
      'o.booking_order_type_code',
    ]);

const STATUS_NAMES: Record<string, string> = {
  OP: 'open',
  FF: 'fulfilled',
  CN: 'cancelled',
  CL: 'closed',
  PN: 'pending review',
  EX: 'expired',
};

/** Why a named booking cannot take this chassis here; null when it can. */
function mismatch(b: OpenBooking, move: GateMove): string | null {
  const code = b.booking_code ?? `#${b.booking_id}`;
  if (!(PICK_UP_ORDER_TYPES as readonly string[]).includes(b.booking_order_type_code))
    return `Booking ${code} is not a pick-up booking (pool, daily lease or term lease).`;
  if (b.status_code !== 'OP')
    return `Booking ${code} is ${STATUS_NAMES[b.status_code] ?? b.status_code}, not open.`;
  if (b.location_id !== move.locationId) return `Booking ${code} is for another location.`;
  if (b.equipment_category_code !== move.chassis.equipment_category_code)
    return `Booking ${code} is for ${b.equipment_category_code}, the chassis is ${move.chassis.equipment_category_code}.`;
  if (b.equipment_class_code !== null && b.equipment_class_code !== move.chassis.equipment_class_code)
    return `Booking ${code} is for class ${b.equipment_class_code}, the chassis is ${move.chassis.equipment_class_code}.`;
  if (b.units_fulfilled_count >= b.units_requested_count) return `Booking ${code} has every unit picked up.`;
  return null;
}

/** The booking an out-gate is against: the one named, else the customer's oldest matching one. */
async function pickUpBooking(trx: Kysely<Database>, move: GateMove, forcedBookingId?: number) {
  if (forcedBookingId !== undefined || move.bookingCode) {
    const named = await (forcedBookingId !== undefined
      ? bookingQuery(trx).where('b.booking_id', '=', forcedBookingId)
      : bookingQuery(trx).where('b.booking_code', '=', (move.bookingCode as string).toUpperCase())
    )
      .forUpdate()
      .executeTakeFirst();
    if (!named) return refuse(`Booking ${move.bookingCode ?? forcedBookingId} was not found.`);
    const wrong = mismatch(named, move);
    return wrong ? refuse(wrong) : named;
  }
  if (!move.scac)
    return refuse('Neither a booking number nor the SCAC of the company it was released to was sent.');
  const customer = await trx
    .selectFrom('customers')
    .select('customer_id')
    .where('scac', '=', move.scac.toUpperCase())
    .executeTakeFirst();
  if (!customer) return refuse(`No customer has the SCAC ${move.scac.toUpperCase()}.`);
  const oldest = await bookingQuery(trx)
    .where((eb) =>
      eb.or([
        eb('o.customer_id', '=', customer.customer_id),
        eb('o.motor_carrier_id', '=', customer.customer_id),
      ]),
    )
    .where('o.booking_order_type_code', 'in', [...PICK_UP_ORDER_TYPES])
    .where('b.status_code', '=', 'OP')
    .where('b.location_id', '=', move.locationId)
    .where('b.equipment_category_code', '=', move.chassis.equipment_category_code)
    .where((eb) =>
      eb.or([
        eb('b.equipment_class_code', 'is', null),
        eb('b.equipment_class_code', '=', move.chassis.equipment_class_code),
      ]),
    )
    .whereRef('b.units_fulfilled_count', '<', 'b.units_requested_count')
    .orderBy('b.created_at')
    .orderBy('b.booking_id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return (
    oldest ??
    refuse(
      `${move.scac.toUpperCase()} has no open booking of ${move.chassis.equipment_category_code} ${move.chassis.equipment_class_code} at this location.`,
    )
  );
}

/**
 * One more unit of a booking fulfilled: the booking Fulfilled when every unit is, and its order
 * when every booking is done. Recorded on the order's trail as the gate's sender.
 */
async function fulfilOne(
  trx: Kysely<Database>,
  b: OpenBooking,
  actor: OrderActor,
  action: 'picked_up' | 'returned',
  facts: Record<string, unknown>,
): Promise<void> {
  const fulfilled = b.units_fulfilled_count + 1;
  const bookingDone = fulfilled >= b.units_requested_count;
  const now = new Date();
  await trx
    .updateTable('bookings')
    .set({ units_fulfilled_count: fulfilled, ...(bookingDone ? { status_code: 'FF' } : {}), updated_at: now })
    .where('booking_id', '=', b.booking_id)
    .execute();
  const changes: OrderChanges = {
    [bookingField(b, 'UnitsFulfilledCount')]: { old: b.units_fulfilled_count, new: fulfilled },
  };
  if (bookingDone) changes[bookingField(b, STATUS_FIELD)] = { old: b.status_code, new: 'FF' };
  const open = await trx
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('booking_order_id', '=', b.booking_order_id)
    .where('status_code', 'in', ['OP', 'PN'])
    .executeTakeFirstOrThrow();
  const order = await trx
    .selectFrom('booking_orders')
    .select('status_code')
    .where('booking_order_id', '=', b.booking_order_id)
    .executeTakeFirstOrThrow();
  const orderDone = Number(open.n) === 0 && order.status_code !== 'FF';
  if (orderDone) changes[STATUS_FIELD] = { old: order.status_code, new: 'FF' };
  await trx
    .updateTable('booking_orders')
    // A gate event is a change: an edit opened before it is stale (order-update.ts).
    .set({
      ...(orderDone ? { status_code: 'FF' } : {}),
      updated_by: actor.userId,
      updated_at: now,
      version: sql`version + 1`,
    })
    .where('booking_order_id', '=', b.booking_order_id)
    .execute();
  await recordOrderChange(trx, { actor, orderId: b.booking_order_id, action, changes, facts, at: now });
}

/** An out-gate: the chassis goes on hire to the booking's customer; the booking counts one more. */
export async function pickUp(
  trx: Kysely<Database>,
  move: GateMove,
  actor: OrderActor,
  forcedBookingId?: number,
): Promise<MoveResult> {
  const c = move.chassis;
  if (c.status === 'ON_HIRE')
    return refuse(`${c.chassis_id} is already on hire: its in-gate was never received.`);
  if (c.status === 'OUT_OF_SERVICE') return refuse(`${c.chassis_id} is out of service in our records.`);
  const booking = await pickUpBooking(trx, move, forcedBookingId);
  if ('ok' in booking) return booking;
  const contractId = booking.booking_order_type_code === 'TL' ? booking.contract_id : c.contract_id;
  await trx
    .updateTable('chassis')
    .set({
      status: 'ON_HIRE',
      location_id: null,
      on_hire_customer_id: booking.customer_id,
      contract_id: contractId,
      on_hire_since: move.at,
      on_hire_booking_id: booking.booking_id,
      on_hire_location_id: move.locationId,
      last_gate_at: move.at,
      updated_at: new Date(),
    })
    .where('chassis_master_id', '=', c.chassis_master_id)
    .execute();
  Object.assign(c, {
    status: 'ON_HIRE',
    on_hire_customer_id: booking.customer_id,
    contract_id: contractId,
    last_gate_at: move.at,
  });
  await fulfilOne(trx, booking, actor, 'picked_up', factsOf(move));
  return {
    ok: true,
    bookingId: booking.booking_id,
    bookingCode: booking.booking_code,
    orderId: booking.booking_order_id,
    flag: null,
  };
}

const factsOf = (move: GateMove) => ({
  ChassisId: move.chassis.chassis_id,
  LocationId: move.locationId,
  GateTime: move.at.toISOString(),
});

/** Whether a term lease contract lets its chassis come back to this location (its org, its markets). */
async function contractAllows(
  trx: Kysely<Database>,
  contractId: number,
  locationId: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom('term_lease_contracts as k')
    .innerJoin('term_lease_contract_lines as l', 'l.contract_id', 'k.contract_id')
    .innerJoin('locations as loc', 'loc.market_code', 'l.market_code')
    .innerJoin('inventory_org_locations as iol', (j) =>
      j
        .onRef('iol.location_id', '=', 'loc.location_id')
        .onRef('iol.inventory_org_code', '=', 'k.inventory_org_code'),
    )
    .select('loc.location_id')
    .where('k.contract_id', '=', contractId)
    .where('loc.location_id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An in-gate: the chassis stands available here; the open redelivery naming it is fulfilled. */
export async function returnChassis(
  trx: Kysely<Database>,
  move: GateMove,
  actor: OrderActor,
): Promise<MoveResult> {
  const c = move.chassis;
  if (c.status !== 'ON_HIRE')
    return refuse(`${c.chassis_id} is not on hire in our records: its out-gate was never received.`);
  const redelivery = await bookingQuery(trx)
    .innerJoin('booking_chassis as bc', 'bc.booking_id', 'b.booking_id')
    .where('bc.chassis_master_id', '=', c.chassis_master_id)
    .where('o.booking_order_type_code', 'in', [...REDELIVERY_ORDER_TYPES])
    .where('b.status_code', '=', 'OP')
    .orderBy('b.booking_id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  let flag: string | null = null;
  if (c.contract_id !== null && !(await contractAllows(trx, c.contract_id, move.locationId)))
    flag = `${c.chassis_id} is on a term lease whose contract does not allow returns to this location.`;
  // A term lease redelivery ends the chassis' lease; any other return keeps its contract.
  const contractId = redelivery?.booking_order_type_code === 'TR' ? null : c.contract_id;
  await trx
    .updateTable('chassis')
    .set({
      status: 'AVAILABLE',
      location_id: move.locationId,
      on_hire_customer_id: null,
      contract_id: contractId,
      on_hire_since: null,
      on_hire_booking_id: null,
      on_hire_location_id: null,
      last_gate_at: move.at,
      updated_at: new Date(),
    })
    .where('chassis_master_id', '=', c.chassis_master_id)
    .execute();
  Object.assign(c, {
    status: 'AVAILABLE',
    on_hire_customer_id: null,
    contract_id: contractId,
    last_gate_at: move.at,
  });
  if (!redelivery) return { ok: true, bookingId: null, bookingCode: null, orderId: null, flag };
  await fulfilOne(trx, redelivery, actor, 'returned', factsOf(move));
  return {
    ok: true,
    bookingId: redelivery.booking_id,
    bookingCode: redelivery.booking_code,
    orderId: redelivery.booking_order_id,
    flag,
  };
}
