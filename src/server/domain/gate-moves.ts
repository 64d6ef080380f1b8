/**
 * Issue 31: what one gate event does to a chassis and the booking it fulfils. An out-gate puts the
 * chassis on hire against an open pick-up booking of its location, size and class; an in-gate
 * takes it off hire at the location and fulfils the open redelivery naming it. What cannot be
 * matched is an exception for staff, with a reason a person can act on. docs/decisions.md
 * "Issue 31" says how a pick-up is matched.
 *
 * The rules run in memory, event after event, on what the batch loaded and locked in bulk
 * (gate-state.ts), and gate-state.ts writes what they changed in a handful of set-based
 * statements: a batch of 100,000 events costs a few statements, not several per event. They stay
 * sequential on purpose: which booking a pick-up by SCAC lands on depends on the units every earlier
 * pick-up of the batch took, which a window function over the batch cannot see.
 */

import { orderTypesWhere } from '../../domain/booking-type-facts';
import { REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';

/** The order types a chassis is picked up against: pool, daily lease, term lease. */
export const PICK_UP_ORDER_TYPES: readonly string[] = orderTypesWhere((f) => f.pickedUpAtGate);
/** Picked up under a contract (term lease): the chassis goes on hire on the booking's contract. */
export const CONTRACT_PICK_UP_TYPES: readonly string[] = orderTypesWhere(
  (f) => f.pickedUpAtGate && f.underContract,
);
/** Returned under a contract (term lease redelivery): the return ends the chassis' lease. */
const LEASE_ENDING_TYPES: readonly string[] = orderTypesWhere((f) => f.redelivery && f.underContract);

/** A chassis as the batch holds it while applying events in time order. */
export interface GateChassis {
  chassis_master_id: number;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  status: 'AVAILABLE' | 'ON_HIRE' | 'OUT_OF_SERVICE';
  location_id: number | null;
  contract_id: number | null;
  on_hire_customer_id: number | null;
  on_hire_since: Date | null;
  on_hire_booking_id: number | null;
  on_hire_location_id: number | null;
  last_gate_at: Date | null;
}

/** A booking (with what its order says) as the batch holds it. */
export interface GateBooking {
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

/** One more unit of a booking fulfilled by a gate event, in the order the events applied. */
export interface Fulfilment {
  booking: GateBooking;
  action: 'picked_up' | 'returned';
  before: number;
  after: number;
  /** The booking's status before, when this unit was its last (it is then Fulfilled). */
  finished: string | null;
  facts: { ChassisId: string; LocationId: number; GateTime: string };
}

/** What the batch loaded and locked, and what its events changed so far. */
export interface GateState {
  /** By chassis ID. */
  chassis: Map<string, GateChassis>;
  bookings: Map<number, GateBooking>;
  /** By booking number (upper case). */
  bookingsByCode: Map<string, GateBooking>;
  customersByScac: Map<string, number>;
  /** Open pick-up bookings by `party|location`, oldest first (created, then id). */
  pickUps: Map<string, GateBooking[]>;
  /** Open redeliveries naming a chassis, by chassis_master_id, by booking id. */
  redeliveries: Map<number, GateBooking[]>;
  /** `contract|location` pairs a term lease lets its chassis come back to. */
  returnsAllowed: Set<string>;
  /** What the events did, for gate-state.ts to write. */
  moved: Set<GateChassis>;
  fulfilments: Fulfilment[];
}

export const emptyGateState = (): GateState => ({
  chassis: new Map(),
  bookings: new Map(),
  bookingsByCode: new Map(),
  customersByScac: new Map(),
  pickUps: new Map(),
  redeliveries: new Map(),
  returnsAllowed: new Set(),
  moved: new Set(),
  fulfilments: [],
});

export const pickUpKey = (party: number, locationId: number) => `${party}|${locationId}`;
export const returnKey = (contractId: number, locationId: number) => `${contractId}|${locationId}`;

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

const STATUS_NAMES: Record<string, string> = {
  OP: 'open',
  FF: 'fulfilled',
  CN: 'cancelled',
  CL: 'closed',
  PN: 'pending review',
  EX: 'expired',
};

/** Why a named booking cannot take this chassis here; null when it can. */
function mismatch(b: GateBooking, move: GateMove): string | null {
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
function pickUpBooking(state: GateState, move: GateMove, forcedBookingId?: number): GateBooking | MoveResult {
  if (forcedBookingId !== undefined || move.bookingCode) {
    const named =
      forcedBookingId !== undefined
        ? state.bookings.get(forcedBookingId)
        : state.bookingsByCode.get((move.bookingCode as string).toUpperCase());
    if (!named) return refuse(`Booking ${move.bookingCode ?? forcedBookingId} was not found.`);
    const wrong = mismatch(named, move);
    return wrong ? refuse(wrong) : named;
  }
  if (!move.scac)
    return refuse('Neither a booking number nor the SCAC of the company it was released to was sent.');
  const scac = move.scac.toUpperCase();
  const customerId = state.customersByScac.get(scac);
  if (customerId === undefined) return refuse(`No customer has the SCAC ${scac}.`);
  const c = move.chassis;
  const oldest = (state.pickUps.get(pickUpKey(customerId, move.locationId)) ?? []).find(
    (b) =>
      b.status_code === 'OP' &&
      b.equipment_category_code === c.equipment_category_code &&
      (b.equipment_class_code === null || b.equipment_class_code === c.equipment_class_code) &&
      b.units_fulfilled_count < b.units_requested_count,
  );
  return (
    oldest ??
    refuse(
      `${scac} has no open booking of ${c.equipment_category_code} ${c.equipment_class_code} at this location.`,
    )
  );
}

const factsOf = (move: GateMove) => ({
  ChassisId: move.chassis.chassis_id,
  LocationId: move.locationId,
  GateTime: move.at.toISOString(),
});

/** One more unit of a booking fulfilled: the booking Fulfilled when every unit is. */
function fulfilOne(state: GateState, b: GateBooking, action: Fulfilment['action'], move: GateMove): void {
  const before = b.units_fulfilled_count;
  const after = before + 1;
  const finished = after >= b.units_requested_count ? b.status_code : null;
  b.units_fulfilled_count = after;
  if (finished !== null) b.status_code = 'FF';
  state.fulfilments.push({ booking: b, action, before, after, finished, facts: factsOf(move) });
}

const applied = (b: GateBooking | undefined, flag: string | null): MoveResult => ({
  ok: true,
  bookingId: b?.booking_id ?? null,
  bookingCode: b?.booking_code ?? null,
  orderId: b?.booking_order_id ?? null,
  flag,
});

/** An out-gate: the chassis goes on hire to the booking's customer; the booking counts one more. */
export function pickUp(state: GateState, move: GateMove, forcedBookingId?: number): MoveResult {
  const c = move.chassis;
  if (c.status === 'ON_HIRE')
    return refuse(`${c.chassis_id} is already on hire: its in-gate was never received.`);
  if (c.status === 'OUT_OF_SERVICE') return refuse(`${c.chassis_id} is out of service in our records.`);
  const booking = pickUpBooking(state, move, forcedBookingId);
  if ('ok' in booking) return booking;
  Object.assign(c, {
    status: 'ON_HIRE',
    location_id: null,
    on_hire_customer_id: booking.customer_id,
    contract_id: CONTRACT_PICK_UP_TYPES.includes(booking.booking_order_type_code)
      ? booking.contract_id
      : c.contract_id,
    on_hire_since: move.at,
    on_hire_booking_id: booking.booking_id,
    on_hire_location_id: move.locationId,
    last_gate_at: move.at,
  } satisfies Partial<GateChassis>);
  state.moved.add(c);
  fulfilOne(state, booking, 'picked_up', move);
  return applied(booking, null);
}

/** An in-gate: the chassis stands available here; the open redelivery naming it is fulfilled. */
export function returnChassis(state: GateState, move: GateMove): MoveResult {
  const c = move.chassis;
  if (c.status !== 'ON_HIRE')
    return refuse(`${c.chassis_id} is not on hire in our records: its out-gate was never received.`);
  const redelivery = (state.redeliveries.get(c.chassis_master_id) ?? []).find(
    (b) =>
      b.status_code === 'OP' &&
      (REDELIVERY_ORDER_TYPES as readonly string[]).includes(b.booking_order_type_code),
  );
  const flag =
    c.contract_id !== null && !state.returnsAllowed.has(returnKey(c.contract_id, move.locationId))
      ? `${c.chassis_id} is on a term lease whose contract does not allow returns to this location.`
      : null;
  Object.assign(c, {
    status: 'AVAILABLE',
    location_id: move.locationId,
    on_hire_customer_id: null,
    // A term lease redelivery ends the chassis' lease; any other return keeps its contract.
    contract_id:
      redelivery && LEASE_ENDING_TYPES.includes(redelivery.booking_order_type_code) ? null : c.contract_id,
    on_hire_since: null,
    on_hire_booking_id: null,
    on_hire_location_id: null,
    last_gate_at: move.at,
  } satisfies Partial<GateChassis>);
  state.moved.add(c);
  if (redelivery) fulfilOne(state, redelivery, 'returned', move);
  return applied(redelivery, flag);
}
