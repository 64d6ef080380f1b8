/**
 * Issue 31: the staff's list of gate events to look at (review_status set by gate-events.ts):
 * search it, resolve an unmatched pick-up by choosing the booking it was against (the pick-up is
 * then applied as the gate would have), or dismiss an event with a reason. Each decision names
 * who made it and when.
 */
import { type Kysely, sql } from 'kysely';
import type {
  GateDismiss,
  GateException,
  GateExceptionList,
  GateExceptionQuery,
  GateResolve,
} from '../../schemas/gate-exceptions';
import type { Database } from '../db/types';
import { AppError, type ErrorLog, notFound } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import { type GateChassis, pickUp } from './gate-moves';
import { loadGateState, writeGateState } from './gate-state';
import { actorOf } from './order-audit';
import type { Viewer } from './viewer';

const STATUS_OF = { OPEN: 'Open', RESOLVED: 'Resolved', DISMISSED: 'Dismissed' } as const;
const CODE_OF = { Open: 'OPEN', Resolved: 'RESOLVED', Dismissed: 'DISMISSED' } as const;

const listQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('gate_events as g')
    .innerJoin('locations as l', 'l.location_id', 'g.location_id')
    .leftJoin('api_keys as k', 'k.api_key_id', 'g.api_key_id')
    .leftJoin('users as u', 'u.user_id', 'g.reviewed_by')
    .where('g.review_status', 'is not', null);

type Row = {
  gate_event_id: number;
  chassis_id: string;
  kind: 'OUT' | 'IN';
  location_id: number;
  location_name: string;
  event_time: Date;
  received_at: Date;
  booking_code: string | null;
  scac: string | null;
  reason: string | null;
  outcome: string;
  chassis_master_id: number | null;
  review_status: 'OPEN' | 'RESOLVED' | 'DISMISSED' | null;
  sender: string | null;
  reviewer: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function present(r: Row): GateException {
  const status = STATUS_OF[r.review_status ?? 'OPEN'];
  return {
    GateEventId: Number(r.gate_event_id),
    ChassisId: r.chassis_id,
    Kind: r.kind === 'OUT' ? 'OutGate' : 'InGate',
    LocationId: r.location_id,
    LocationName: r.location_name,
    EventTime: iso(r.event_time),
    ReceivedAt: iso(r.received_at),
    BookingCode: r.booking_code,
    Scac: r.scac,
    Reason: r.reason ?? '',
    Applied: r.outcome === 'APPLIED',
    Status: status,
    Sender: r.sender ? `API key ${r.sender}` : null,
    ReviewedBy: r.reviewer,
    ReviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
    ReviewNote: r.review_note,
    CanResolve:
      status === 'Open' && r.outcome === 'EXCEPTION' && r.kind === 'OUT' && r.chassis_master_id !== null,
  };
}

const columns = [
  'g.gate_event_id',
  'g.chassis_id',
  'g.kind',
  'g.location_id',
  'l.location_name',
  'g.event_time',
  'g.received_at',
  'g.booking_code',
  'g.scac',
  'g.reason',
  'g.outcome',
  'g.chassis_master_id',
  'g.review_status',
  'k.name as sender',
  'u.user_name as reviewer',
  'g.reviewed_at',
  'g.review_note',
] as const;

/** Newest first; Open by default. */
export async function searchGateExceptions(
  db: Kysely<Database>,
  q: GateExceptionQuery,
): Promise<GateExceptionList> {
  const status = q.Status ?? 'Open';
  const page = q.Page ?? 1;
  const size = q.PageSize ?? 20;
  const text = q.Search?.trim() ?? '';
  let query = listQuery(db);
  if (status !== 'All') query = query.where('g.review_status', '=', CODE_OF[status]);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = text.replace('-', '').toUpperCase();
    query = query.where((eb) =>
      eb.or([
        eb('g.chassis_id', 'like', `%${id}%`),
        eb('g.booking_code', 'ilike', like),
        eb('g.reason', 'ilike', like),
        eb('l.location_name', 'ilike', like),
      ]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...columns])
    .orderBy('g.received_at', 'desc')
    .orderBy('g.gate_event_id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { TotalCount: Number(total.n), ResultSet: rows.map((r) => present(r as Row)) };
}

async function lockOpen(trx: Kysely<Database>, id: number) {
  const row = await trx
    .selectFrom('gate_events')
    .selectAll()
    .where('gate_event_id', '=', id)
    .where('review_status', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('No such gate event exception.');
  if (row.review_status !== 'OPEN')
    throw new AppError(
      409,
      `This exception was already ${row.review_status === 'RESOLVED' ? 'resolved' : 'dismissed'}.`,
      'GATE_EXCEPTION_DONE',
    );
  return row;
}

const readOne = async (db: Kysely<Database>, id: number) =>
  present(
    (await listQuery(db)
      .select([...columns])
      .where('g.gate_event_id', '=', id)
      .executeTakeFirstOrThrow()) as Row,
  );

export interface ResolveDeps {
  db: Kysely<Database>;
  orderEvents: OrderEvents;
}

/** Applies an unmatched pick-up against the booking staff chose, as if the gate had named it. */
export async function resolveGateException(
  deps: ResolveDeps,
  viewer: Viewer,
  id: number,
  body: GateResolve,
  log: ErrorLog,
): Promise<GateException> {
  const code = body.BookingCode.trim().toUpperCase();
  const orderId = await deps.db.transaction().execute(async (trx) => {
    const event = await lockOpen(trx, id);
    if (event.kind !== 'OUT' || event.outcome !== 'EXCEPTION' || event.chassis_master_id === null)
      throw new AppError(
        409,
        'Only a pick-up of one of our chassis can be resolved with a booking; dismiss this one with a reason.',
        'GATE_NOT_RESOLVABLE',
      );
    const booking = await trx
      .selectFrom('bookings')
      .select('booking_id')
      .where('booking_code', '=', code)
      .executeTakeFirst();
    if (!booking) throw new AppError(400, `Booking ${code} was not found.`, 'GATE_BOOKING_UNKNOWN');
    const move = {
      chassisId: event.chassis_id,
      kind: 'OUT' as const,
      locationId: event.location_id,
      bookingCode: code,
      scac: null,
    };
    // The batch's own rules and writes, for this one event (gate-moves.ts, gate-state.ts).
    const state = await loadGateState(trx, [move], booking.booking_id);
    const chassis = state.chassis.get(event.chassis_id) as GateChassis;
    const at = new Date(event.event_time);
    if (chassis.last_gate_at && chassis.last_gate_at.getTime() > at.getTime())
      throw new AppError(
        409,
        `${chassis.chassis_id} has moved through a gate since this event; dismiss it with a reason.`,
        'GATE_SUPERSEDED',
      );
    const done = pickUp(state, { ...move, chassis, at }, booking.booking_id);
    if (!done.ok) throw new AppError(409, done.reason, 'GATE_BOOKING_MISMATCH');
    await writeGateState(trx, state, actorOf(viewer), new Date());
    await trx
      .updateTable('gate_events')
      .set({
        outcome: 'APPLIED',
        booking_id: done.bookingId,
        review_status: 'RESOLVED',
        reviewed_by: viewer.userId,
        reviewed_at: new Date(),
        review_note: `Picked up against booking ${code}.`,
      })
      .where('gate_event_id', '=', id)
      .execute();
    return done.orderId;
  });
  if (orderId !== null) announce(deps.orderEvents, log, { BookingOrderId: orderId, Change: 'edited' });
  return readOne(deps.db, id);
}

/** Closes an exception with nothing applied: the reason stays on the list. */
export async function dismissGateException(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  body: GateDismiss,
): Promise<GateException> {
  const reason = body.Reason.trim();
  if (!reason)
    throw new AppError(400, 'Reason: say why nothing is to be done about this event.', 'GATE_DISMISS_REASON');
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, id);
    await trx
      .updateTable('gate_events')
      .set({
        review_status: 'DISMISSED',
        reviewed_by: viewer.userId,
        reviewed_at: sql`now()`,
        review_note: reason,
      })
      .where('gate_event_id', '=', id)
      .execute();
  });
  return readOne(db, id);
}
