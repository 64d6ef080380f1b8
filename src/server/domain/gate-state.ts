/**
 * Issue 31: a gate batch's reads and writes, in bulk, inside its transaction. Before the rules run
 * (gate-moves.ts), one statement each loads and locks the batch's chassis (in id order, so two
 * batches of one chassis wait for each other), the bookings its events name, the open pick-up
 * bookings of the companies its SCACs name, the open redeliveries naming its chassis, and where
 * their term leases allow returns. After, one statement each writes the chassis, bookings and
 * orders the events changed and the orders' trail entries. Every list goes to the database as an
 * array parameter (`unnest`), so the statement count does not grow with the batch.
 */
import { type Kysely, sql } from 'kysely';
import { REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';
import type { Database } from '../db/types';
import {
  CONTRACT_PICK_UP_TYPES,
  emptyGateState,
  type GateBooking,
  type GateChassis,
  type GateState,
  PICK_UP_ORDER_TYPES,
  pickUpKey,
  returnKey,
} from './gate-moves';
import {
  bookingField,
  ORDER_AUDIT_ENTITY,
  type OrderActor,
  type OrderChanges,
  STATUS_FIELD,
} from './order-audit';

/** What the state loader needs of each event. */
export interface GateLoadEvent {
  chassisId: string;
  kind: 'OUT' | 'IN';
  locationId: number;
  bookingCode: string | null;
  scac: string | null;
}

const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];
const dateOrNull = (d: Date | string | null) => (d === null ? null : new Date(d));
const isoOrNull = (d: Date | null) => (d === null ? null : d.toISOString());

const bookingColumns = sql.raw(`b.booking_id, b.booking_code, b.booking_order_id, b.location_id,
  b.equipment_category_code, b.equipment_class_code, b.units_requested_count, b.units_fulfilled_count,
  b.status_code, o.customer_id, o.contract_id, o.booking_order_type_code`);

/** The one object per booking every list of the state shares, so a change is seen by all. */
function keep(state: GateState, row: GateBooking): GateBooking {
  const known = state.bookings.get(row.booking_id);
  if (known) return known;
  const b: GateBooking = {
    booking_id: row.booking_id,
    booking_code: row.booking_code,
    booking_order_id: row.booking_order_id,
    location_id: row.location_id,
    equipment_category_code: row.equipment_category_code,
    equipment_class_code: row.equipment_class_code,
    units_requested_count: row.units_requested_count,
    units_fulfilled_count: row.units_fulfilled_count,
    status_code: row.status_code,
    customer_id: row.customer_id,
    contract_id: row.contract_id,
    booking_order_type_code: row.booking_order_type_code,
  };
  state.bookings.set(b.booking_id, b);
  if (b.booking_code) state.bookingsByCode.set(b.booking_code, b);
  return b;
}

/**
 * Loads and locks what a batch's events can touch. `forcedBookingId`: staff resolving an exception
 * name the booking (gate-exceptions.ts).
 */
export async function loadGateState(
  trx: Kysely<Database>,
  events: readonly GateLoadEvent[],
  forcedBookingId?: number,
): Promise<GateState> {
  const state = emptyGateState();
  const chassisRows = await sql<GateChassis>`
    select chassis_master_id, chassis_id, equipment_category_code, equipment_class_code, status, location_id,
           contract_id, on_hire_customer_id, on_hire_since, on_hire_booking_id, on_hire_location_id, last_gate_at
    from chassis where chassis_id = any(${unique(events.map((e) => e.chassisId))}::text[])
    order by chassis_master_id for update`.execute(trx);
  for (const c of chassisRows.rows)
    state.chassis.set(c.chassis_id, {
      ...c,
      on_hire_since: dateOrNull(c.on_hire_since),
      last_gate_at: dateOrNull(c.last_gate_at),
    });

  const outs = events.filter((e) => e.kind === 'OUT');
  const codes = unique(outs.flatMap((e) => (e.bookingCode ? [e.bookingCode.toUpperCase()] : [])));
  if (codes.length > 0 || forcedBookingId !== undefined) {
    const named = await sql<GateBooking>`
      select ${bookingColumns} from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
      where b.booking_code = any(${codes}::text[]) or b.booking_id = ${forcedBookingId ?? null}::int
      order by b.booking_id for update of b`.execute(trx);
    for (const r of named.rows) keep(state, r);
  }

  const byScac = outs.filter((e) => !e.bookingCode && e.scac);
  if (byScac.length > 0) {
    const customers = await sql<{ customer_id: number; scac: string }>`
      select customer_id, scac from customers
      where scac = any(${unique(byScac.map((e) => (e.scac as string).toUpperCase()))}::text[])`.execute(trx);
    for (const c of customers.rows) state.customersByScac.set(c.scac, c.customer_id);
    const parties = unique(customers.rows.map((c) => c.customer_id));
    if (parties.length > 0) {
      const open = await sql<GateBooking & { motor_carrier_id: number | null }>`
        select ${bookingColumns}, o.motor_carrier_id
        from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
        where o.booking_order_type_code = any(${[...PICK_UP_ORDER_TYPES]}::text[]) and b.status_code = 'OP'
          and b.units_fulfilled_count < b.units_requested_count
          and b.location_id = any(${unique(byScac.map((e) => e.locationId))}::int[])
          and (o.customer_id = any(${parties}::int[]) or o.motor_carrier_id = any(${parties}::int[]))
        order by b.created_at, b.booking_id for update of b`.execute(trx);
      for (const r of open.rows) {
        const b = keep(state, r);
        for (const party of unique([r.customer_id, r.motor_carrier_id])) {
          if (party === null) continue;
          const key = pickUpKey(party, b.location_id);
          const list = state.pickUps.get(key);
          if (list) list.push(b);
          else state.pickUps.set(key, [b]);
        }
      }
    }
  }

  const ins = events.filter((e) => e.kind === 'IN');
  const returning = unique(ins.flatMap((e) => state.chassis.get(e.chassisId)?.chassis_master_id ?? []));
  if (returning.length > 0) {
    const redeliveries = await sql<GateBooking & { chassis_master_id: number }>`
      select ${bookingColumns}, bc.chassis_master_id
      from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
      join booking_orders o on o.booking_order_id = b.booking_order_id
      where bc.chassis_master_id = any(${returning}::int[]) and b.status_code = 'OP'
        and o.booking_order_type_code = any(${[...REDELIVERY_ORDER_TYPES]}::text[])
      order by b.booking_id for update of b`.execute(trx);
    for (const r of redeliveries.rows) {
      const b = keep(state, r);
      const list = state.redeliveries.get(r.chassis_master_id);
      if (list) list.push(b);
      else state.redeliveries.set(r.chassis_master_id, [b]);
    }
    // A chassis' own term lease, or the one a pick-up earlier in the batch puts it on.
    const contracts = unique([
      ...[...state.chassis.values()].flatMap((c) => c.contract_id ?? []),
      ...[...state.bookings.values()].flatMap((b) =>
        CONTRACT_PICK_UP_TYPES.includes(b.booking_order_type_code) ? (b.contract_id ?? []) : [],
      ),
    ]);
    if (contracts.length > 0) {
      const allowed = await sql<{ contract_id: number; location_id: number }>`
        select distinct k.contract_id, loc.location_id
        from term_lease_contracts k
        join term_lease_contract_lines l on l.contract_id = k.contract_id
        join locations loc on loc.market_code = l.market_code
        join inventory_org_locations iol
          on iol.location_id = loc.location_id and iol.inventory_org_code = k.inventory_org_code
        where k.contract_id = any(${contracts}::int[])
          and loc.location_id = any(${unique(ins.map((e) => e.locationId))}::int[])`.execute(trx);
      for (const a of allowed.rows) state.returnsAllowed.add(returnKey(a.contract_id, a.location_id));
    }
  }
  return state;
}

/** The orders' side of the fulfilments: each order's trail entry per unit, and which orders end Fulfilled. */
async function orderChanges(trx: Kysely<Database>, state: GateState) {
  const orderIds = unique(state.fulfilments.map((f) => f.booking.booking_order_id));
  const orders = await sql<{ booking_order_id: number; status_code: string | null; open: number[] }>`
    select o.booking_order_id, o.status_code,
      array(select b.booking_id from bookings b
            where b.booking_order_id = o.booking_order_id and b.status_code in ('OP', 'PN')) as open
    from booking_orders o where o.booking_order_id = any(${orderIds}::int[])`.execute(trx);
  const byId = new Map(
    orders.rows.map((o) => [
      o.booking_order_id,
      { status: o.status_code, open: new Set(o.open.map(Number)) },
    ]),
  );
  const bumps = new Map<number, number>();
  const trail = state.fulfilments.map((f) => {
    const b = f.booking;
    const order = byId.get(b.booking_order_id) as { status: string | null; open: Set<number> };
    bumps.set(b.booking_order_id, (bumps.get(b.booking_order_id) ?? 0) + 1);
    const changes: OrderChanges = {
      [bookingField(b, 'UnitsFulfilledCount')]: { old: f.before, new: f.after },
    };
    if (f.finished !== null) {
      changes[bookingField(b, STATUS_FIELD)] = { old: f.finished, new: 'FF' };
      order.open.delete(b.booking_id);
    }
    if (order.open.size === 0 && order.status !== 'FF') {
      changes[STATUS_FIELD] = { old: order.status, new: 'FF' };
      order.status = 'FF';
    }
    return {
      orderId: b.booking_order_id,
      action: f.action,
      details: JSON.stringify({ changes, ...f.facts }),
    };
  });
  const done = new Set([...byId].flatMap(([id, o]) => (o.status === 'FF' ? [id] : [])));
  return { trail, bumps, done };
}

/** Writes what the rules changed: chassis, bookings, orders (a new version each) and their trail. */
export async function writeGateState(
  trx: Kysely<Database>,
  state: GateState,
  actor: OrderActor,
  now: Date,
): Promise<void> {
  const moved = [...state.moved];
  if (moved.length > 0)
    await sql`
      update chassis c set status = m.status, location_id = m.location_id,
        on_hire_customer_id = m.on_hire_customer_id, contract_id = m.contract_id,
        on_hire_since = m.on_hire_since, on_hire_booking_id = m.on_hire_booking_id,
        on_hire_location_id = m.on_hire_location_id, last_gate_at = m.last_gate_at, updated_at = ${now}
      from unnest(${moved.map((c) => c.chassis_master_id)}::int[], ${moved.map((c) => c.status)}::text[],
                  ${moved.map((c) => c.location_id)}::int[], ${moved.map((c) => c.on_hire_customer_id)}::int[],
                  ${moved.map((c) => c.contract_id)}::int[], ${moved.map((c) => isoOrNull(c.on_hire_since))}::timestamptz[],
                  ${moved.map((c) => c.on_hire_booking_id)}::int[], ${moved.map((c) => c.on_hire_location_id)}::int[],
                  ${moved.map((c) => isoOrNull(c.last_gate_at))}::timestamptz[])
        as m(chassis_master_id, status, location_id, on_hire_customer_id, contract_id, on_hire_since,
             on_hire_booking_id, on_hire_location_id, last_gate_at)
      where c.chassis_master_id = m.chassis_master_id`.execute(trx);
  if (state.fulfilments.length === 0) return;

  // Read before the bookings are written: which of each order's bookings were still open.
  const { trail, bumps, done } = await orderChanges(trx, state);
  const touched = unique(state.fulfilments.map((f) => f.booking));
  await sql`
    update bookings b set units_fulfilled_count = t.fulfilled, status_code = t.status, updated_at = ${now}
    from unnest(${touched.map((b) => b.booking_id)}::int[], ${touched.map((b) => b.units_fulfilled_count)}::int[],
                ${touched.map((b) => b.status_code)}::text[]) as t(booking_id, fulfilled, status)
    where b.booking_id = t.booking_id`.execute(trx);
  const orderIds = [...bumps.keys()];
  // A gate event is a change: an edit opened before it is stale (order-update.ts).
  await sql`
    update booking_orders o set status_code = case when t.done then 'FF' else o.status_code end,
      updated_by = ${actor.userId}, updated_at = ${now}, version = o.version + t.bumps
    from unnest(${orderIds}::int[], ${orderIds.map((id) => bumps.get(id))}::int[],
                ${orderIds.map((id) => done.has(id))}::boolean[]) as t(booking_order_id, bumps, done)
    where o.booking_order_id = t.booking_order_id`.execute(trx);
  await sql`
    insert into audit_log (entity_type, entity_id, action, changed_by, api_key_id, changed_at, details)
    select ${ORDER_AUDIT_ENTITY}::text, t.entity_id, t.action, ${actor.userId}::int, ${actor.apiKeyId}::int,
      ${now}::timestamptz, t.details::jsonb
    from unnest(${trail.map((e) => String(e.orderId))}::text[], ${trail.map((e) => e.action)}::text[],
                ${trail.map((e) => e.details)}::text[]) with ordinality as t(entity_id, action, details, n)
    order by t.n`.execute(trx);
}
