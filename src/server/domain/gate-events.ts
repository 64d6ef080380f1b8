/**
 * Issue 31: a batch of gate events in (POST /api/gateevents, JSON or X12 322). One transaction per
 * batch: each event is checked, a duplicate of one received before is answered and changes
 * nothing, and the rest are applied in event-time order per chassis (gate-moves.ts). An event
 * older than the chassis' last one is recorded, never applied; one that matches nothing goes to
 * the staff's exceptions list, and the rest of the batch still applies. After the commit the
 * dashboards hear of every changed order, the availability screens of every return.
 */

import { type Kysely, sql } from 'kysely';
import { isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';
import {
  GATE_BATCH_MAX,
  type GateBatchResult,
  type GateEventInput,
  type GateEventResult,
} from '../../schemas/gate-events';
import type { Database } from '../db/types';
import { AppError, type ErrorLog } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import { type MoveResult, pickUp, returnChassis } from './gate-moves';
import { loadGateState, writeGateState } from './gate-state';
import { actorOf } from './order-audit';
import { utcText } from './time-text';
import type { Viewer } from './viewer';

export interface GateDeps {
  db: Kysely<Database>;
  orderEvents: OrderEvents;
}

/** How far ahead of the server's clock an event may be stamped (gate clocks drift). */
const FUTURE_TOLERANCE_MS = 15 * 60_000;

/** An event that passed its checks, ready to record and apply. */
interface Candidate {
  index: number;
  chassisId: string;
  kind: 'OUT' | 'IN';
  locationId: number;
  at: Date;
  bookingCode: string | null;
  scac: string | null;
}

const keyOf = (c: Pick<Candidate, 'chassisId' | 'kind' | 'locationId' | 'at'>) =>
  `${c.chassisId}|${c.kind}|${c.locationId}|${c.at.getTime()}`;

const resultOf = (
  index: number,
  e: Pick<GateEventInput, 'ChassisId' | 'Kind'>,
  outcome: GateEventResult['Outcome'],
  message: string | null = null,
  bookingCode: string | null = null,
): GateEventResult => ({
  Index: index,
  ChassisId: e.ChassisId,
  Kind: e.Kind,
  Outcome: outcome,
  Message: message,
  BookingCode: bookingCode,
});

/** The locations a gate key reports for (all, for a caller without one: tests of the domain). */
async function keyLocations(db: Kysely<Database>, viewer: Viewer): Promise<Set<number> | null> {
  if (viewer.apiKeyId === undefined) return null;
  const key = await db
    .selectFrom('api_keys')
    .select('location_ids')
    .where('api_key_id', '=', viewer.apiKeyId)
    .executeTakeFirst();
  return new Set(key?.location_ids ?? []);
}

/** Each event checked on its own: a bad one is answered Rejected, the rest go on. */
async function check(
  db: Kysely<Database>,
  viewer: Viewer,
  events: readonly GateEventInput[],
  unreadable: ReadonlyMap<number, string>,
  now: number,
): Promise<{ candidates: Candidate[]; rejected: Map<number, string> }> {
  const allowed = await keyLocations(db, viewer);
  const locationIds = [...new Set(events.map((e) => e.LocationId))];
  const known = new Set(
    (
      await db.selectFrom('locations').select('location_id').where('location_id', 'in', locationIds).execute()
    ).map((l) => l.location_id),
  );
  const candidates: Candidate[] = [];
  const rejected = new Map<number, string>();
  events.forEach((e, index) => {
    const at = new Date(e.EventTime);
    let problem: string | null = unreadable.get(index) ?? null;
    if (problem) {
      // Already answered by the interchange's reader.
    } else if (!isChassisIdFormat(e.ChassisId))
      problem = `${e.ChassisId} is not a chassis ID: use four letters and six digits, e.g. PLCZ123456.`;
    else if (!known.has(e.LocationId)) problem = `There is no location ${e.LocationId}.`;
    else if (allowed && !allowed.has(e.LocationId))
      problem = `This gate key does not report for location ${e.LocationId}; ask staff to add it to the key.`;
    else if (!/T/.test(e.EventTime) || Number.isNaN(at.getTime()))
      problem = `EventTime ${e.EventTime} is not a date-time: send it as 2026-11-26T09:30:00Z.`;
    else if (at.getTime() > now + FUTURE_TOLERANCE_MS) problem = `EventTime ${e.EventTime} is in the future.`;
    if (problem) {
      rejected.set(index, problem);
      return;
    }
    candidates.push({
      index,
      chassisId: normalizeChassisId(e.ChassisId),
      kind: e.Kind === 'OutGate' ? 'OUT' : 'IN',
      locationId: e.LocationId,
      at,
      bookingCode: e.BookingCode?.trim() || null,
      scac: e.Scac?.trim() || null,
    });
  });
  return { candidates, rejected };
}

/** The keys among these that were received before: one statement, the batch's keys as arrays. */
async function receivedBefore(trx: Kysely<Database>, candidates: readonly Candidate[]): Promise<Set<string>> {
  const rows = await sql<{ chassis_id: string; kind: 'OUT' | 'IN'; location_id: number; event_time: Date }>`
    select g.chassis_id, g.kind, g.location_id, g.event_time from gate_events g
    join unnest(${candidates.map((c) => c.chassisId)}::text[], ${candidates.map((c) => c.kind)}::text[],
                ${candidates.map((c) => c.locationId)}::int[], ${candidates.map((c) => c.at.toISOString())}::timestamptz[])
      as s(chassis_id, kind, location_id, event_time)
      on g.chassis_id = s.chassis_id and g.kind = s.kind and g.location_id = s.location_id
     and g.event_time = s.event_time`.execute(trx);
  return new Set(
    rows.rows.map((r) =>
      keyOf({ chassisId: r.chassis_id, kind: r.kind, locationId: r.location_id, at: new Date(r.event_time) }),
    ),
  );
}

/** The batch's events as stored, in one statement (a batch sent twice at once keeps one copy). */
async function recordEvents(trx: Kysely<Database>, rows: readonly Recorded[], apiKeyId: number | null) {
  if (rows.length === 0) return;
  const col = <K extends keyof Recorded>(k: K) => rows.map((r) => r[k]);
  await sql`
    insert into gate_events (chassis_id, kind, location_id, event_time, booking_code, scac, chassis_master_id,
      outcome, reason, booking_id, review_status, api_key_id)
    select t.chassis_id, t.kind, t.location_id, t.event_time, t.booking_code, t.scac, t.chassis_master_id,
      t.outcome, t.reason, t.booking_id, t.review_status, ${apiKeyId}::int
    from unnest(${col('chassis_id')}::text[], ${col('kind')}::text[], ${col('location_id')}::int[],
                ${rows.map((r) => r.event_time.toISOString())}::timestamptz[], ${col('booking_code')}::text[],
                ${col('scac')}::text[], ${col('chassis_master_id')}::int[], ${col('outcome')}::text[],
                ${col('reason')}::text[], ${col('booking_id')}::int[], ${col('review_status')}::text[])
      with ordinality as t(chassis_id, kind, location_id, event_time, booking_code, scac, chassis_master_id,
                           outcome, reason, booking_id, review_status, n)
    order by t.n
    on conflict do nothing`.execute(trx);
}

type Recorded = Pick<
  Database['gate_events'],
  'chassis_id' | 'kind' | 'location_id' | 'booking_code' | 'scac' | 'outcome' | 'reason' | 'booking_id'
> & { event_time: Date; chassis_master_id: number | null; review_status: 'OPEN' | null };

export interface BatchOptions {
  /** GATE_BATCH_MAX for JSON; an X12 interchange may hold more. */
  limit?: number;
  /** Events of an interchange that could not be read, by index, with the reason. */
  unreadable?: ReadonlyMap<number, string>;
}

/** Records and applies a batch; the answer has one result per event, in the order sent. */
export async function ingestGateEvents(
  deps: GateDeps,
  viewer: Viewer,
  events: readonly GateEventInput[],
  log: ErrorLog,
  { limit = GATE_BATCH_MAX, unreadable = new Map() }: BatchOptions = {},
): Promise<GateBatchResult> {
  if (events.length === 0)
    throw new AppError(400, 'The batch has no events: send at least one.', 'GATE_BATCH_EMPTY');
  if (events.length > limit)
    throw new AppError(
      400,
      `A batch holds at most ${limit.toLocaleString('en-US')} events; this one has ${events.length.toLocaleString('en-US')}. Send the rest in another batch.`,
      'GATE_BATCH_TOO_LARGE',
    );
  const { candidates, rejected } = await check(deps.db, viewer, events, unreadable, Date.now());
  const results: GateEventResult[] = events.map((e, i) =>
    resultOf(i, e, 'Rejected', rejected.get(i) ?? null),
  );
  const actor = actorOf(viewer);
  const changedOrders = new Set<number>();
  let returned = false;

  await deps.db.transaction().execute(async (trx) => {
    // The chassis are locked first: a batch about the same chassis waits, then sees these as received.
    const state = await loadGateState(trx, candidates);
    const before = await receivedBefore(trx, candidates);
    const seen = new Set<string>();
    // Event-time order per chassis: an earlier out-gate applies before a later in-gate.
    const ordered = [...candidates].sort((a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index);
    const recorded: Recorded[] = [];
    for (const c of ordered) {
      const event = events[c.index] as GateEventInput;
      const key = keyOf(c);
      if (before.has(key) || seen.has(key)) {
        results[c.index] = resultOf(c.index, event, 'Duplicate', 'Received before: nothing changed.');
        continue;
      }
      seen.add(key);
      const row: Recorded = {
        chassis_id: c.chassisId,
        kind: c.kind,
        location_id: c.locationId,
        event_time: c.at,
        booking_code: c.bookingCode,
        scac: c.scac,
        chassis_master_id: null,
        outcome: 'EXCEPTION',
        reason: null,
        booking_id: null,
        review_status: null,
      };
      recorded.push(row);
      const found = state.chassis.get(c.chassisId);
      if (!found) {
        row.reason = `${c.chassisId} is not one of our chassis.`;
        row.review_status = 'OPEN';
        results[c.index] = resultOf(c.index, event, 'Exception', row.reason);
        continue;
      }
      row.chassis_master_id = found.chassis_master_id;
      if (found.last_gate_at && c.at.getTime() < found.last_gate_at.getTime()) {
        row.outcome = 'STALE';
        row.reason = `Older than the chassis' last gate event (${utcText(found.last_gate_at)}): recorded, not applied.`;
        results[c.index] = resultOf(c.index, event, 'Stale', row.reason);
        continue;
      }
      const move = {
        chassis: found,
        locationId: c.locationId,
        at: c.at,
        bookingCode: c.bookingCode,
        scac: c.scac,
      };
      const done: MoveResult = c.kind === 'OUT' ? pickUp(state, move) : returnChassis(state, move);
      if (!done.ok) {
        row.reason = done.reason;
        row.review_status = 'OPEN';
        results[c.index] = resultOf(c.index, event, 'Exception', done.reason);
        continue;
      }
      row.outcome = 'APPLIED';
      row.booking_id = done.bookingId;
      if (done.flag) {
        row.reason = done.flag;
        row.review_status = 'OPEN';
      }
      if (done.orderId !== null) changedOrders.add(done.orderId);
      if (c.kind === 'IN') returned = true;
      results[c.index] = resultOf(c.index, event, 'Applied', done.flag, done.bookingCode);
    }
    await writeGateState(trx, state, actor, new Date());
    await recordEvents(trx, recorded, viewer.apiKeyId ?? null);
    // A return no order names still moves availability: webhooks hear it (the trail's trigger, 0075).
    const plainReturns = [
      ...new Set(
        recorded
          .filter((r) => r.kind === 'IN' && r.outcome === 'APPLIED' && r.booking_id === null)
          .map((r) => r.location_id),
      ),
    ];
    if (plainReturns.length > 0)
      await trx
        .insertInto('audit_log')
        .values({
          entity_type: 'gate_return',
          entity_id: plainReturns.join(','),
          action: 'returned',
          changed_by: actor.userId,
          api_key_id: actor.apiKeyId,
          details: JSON.stringify({ LocationIds: plainReturns }),
        })
        .execute();
  });

  for (const id of changedOrders) announce(deps.orderEvents, log, { BookingOrderId: id, Change: 'edited' });
  if (returned) announce(deps.orderEvents, log, { BookingOrderId: 0, Change: 'inventory' });
  const count = (o: GateEventResult['Outcome']) => results.filter((r) => r.Outcome === o).length;
  return {
    Received: events.length,
    Applied: count('Applied'),
    Duplicates: count('Duplicate'),
    Stale: count('Stale'),
    Exceptions: count('Exception'),
    Rejected: count('Rejected'),
    Results: results,
  };
}
