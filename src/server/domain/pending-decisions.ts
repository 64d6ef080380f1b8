/**
 * SPEC §4 "Pending requests": staff accept or reject a request (after validating it, or not). Each
 * decision is one transaction that locks the order and then the request (the order first, as
 * cancelling an order does, so the two never deadlock), so of two staff deciding one request at
 * once exactly one wins; the other is told who decided it and how (409). Accept locks the
 * locations, as a booking does, and refuses when the units are gone — unless staff accept over
 * availability. The contact's mail is written in the decision's transaction; the mail outbox and
 * the hub are told after the commit.
 */
import { type Kysely, sql } from 'kysely';
import type { DisplayNames } from '../../domain/display-names';
import type { PendingOutcome } from '../../schemas/pending';
import type { FlowDeps } from '../bookings/flow-submission';
import type { Database } from '../db/types';
import { AppError, type ErrorLog, notFound } from '../errors';
import { announce } from '../events/order-events';
import { availableUnitsAt, poolYardsOf } from './availability';
import { queueBookingMail, queueEndedMail } from './booking-notification';
import { bookingCode } from './booking-numbers';
import { presentOrder } from './booking-presenter';
import { loadDisplayNames } from './display-names';
import { actorOf, bookingField, recordOrderChange, STATUS_FIELD } from './order-audit';
import { OPEN_REQUEST_STATES, type PresentOptions, presentPendingRequests } from './pending-requests';
import type { Viewer } from './viewer';

/** What the pending queue's decisions use: the database, and the mail outbox and hub events after a commit. */
type PendingDeps = Pick<FlowDeps, 'db' | 'mail' | 'orderEvents'>;

export type LockedOrder = Awaited<ReturnType<typeof lockOpenRequest>>['order'];

const when = (d: Date | string) => `${new Date(d).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** How a decided request was settled, from the order's audit trail: who, how and when. */
async function decidedAlready(trx: Kysely<Database>, requestId: number, orderId: number): Promise<AppError> {
  const last = await trx
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.user_id', 'a.changed_by')
    .select(['a.action', 'a.changed_at', 'u.first_name', 'u.last_name'])
    .where('a.entity_type', '=', 'booking_order')
    .where('a.entity_id', '=', String(orderId))
    .where('a.action', 'in', ['accepted', 'rejected', 'cancelled'])
    .orderBy('a.audit_id', 'desc')
    .executeTakeFirst();
  const who = last?.first_name ? `${last.first_name} ${last.last_name}`.trim() : 'someone else';
  const how =
    last?.action === 'cancelled'
      ? 'withdrawn: its order was cancelled'
      : last?.action === 'accepted'
        ? 'accepted'
        : 'rejected';
  const at = last ? ` on ${when(last.changed_at)}` : '';
  return new AppError(
    409,
    `Pending request ${requestId} was already ${how} by ${who}${at}. It cannot be decided again.`,
    'ALREADY_DECIDED',
  );
}

/**
 * Locks a request's order, then the request, and refuses one already decided (409, naming who
 * decided it and how) or whose order is no longer pending.
 */
export async function lockOpenRequest(trx: Kysely<Database>, requestId: number) {
  const ref = await trx
    .selectFrom('pending_requests')
    .select('booking_order_id')
    .where('pending_request_id', '=', requestId)
    .executeTakeFirst();
  if (!ref) throw notFound(`There is no pending request ${requestId}.`);
  const order = await trx
    .selectFrom('booking_orders')
    .select([
      'booking_order_id',
      'booking_order_type_code',
      'customer_id',
      'market_code',
      'contract_id',
      'status_code',
      'contact_name',
      'email_addresses',
      'created_at',
    ])
    .where('booking_order_id', '=', ref.booking_order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const request = await trx
    .selectFrom('pending_requests')
    .select(['pending_request_id', 'status', 'request_type_code'])
    .where('pending_request_id', '=', requestId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!OPEN_REQUEST_STATES.includes(request.status))
    throw await decidedAlready(trx, requestId, order.booking_order_id);
  if (order.status_code !== 'PN')
    throw new AppError(
      409,
      `Booking order ${order.booking_order_id} of pending request ${requestId} is no longer pending (its status is ${order.status_code ?? 'New'}); reload the queue.`,
      'ORDER_NOT_PENDING',
    );
  const bookings = await trx
    .selectFrom('bookings as b')
    .innerJoin('locations as l', 'l.location_id', 'b.location_id')
    .select([
      'b.booking_id',
      'b.location_id',
      'l.location_name',
      'l.active',
      'b.equipment_category_code',
      'b.equipment_class_code',
      'b.units_requested_count',
    ])
    .where('b.booking_order_id', '=', order.booking_order_id)
    .where('b.status_code', '=', 'PN')
    .orderBy('b.booking_id')
    .execute();
  return { order, request, bookings };
}

export type PendingBooking = Awaited<ReturnType<typeof lockOpenRequest>>['bookings'][number];

export interface Shortfall {
  locationId: number;
  locationName: string;
  equipment: string;
  requested: number;
  available: number;
}

/**
 * Where fewer units are available now than the bookings ask for, per location, size and class
 * (availableUnitsAt: the same count a booking checks). Only pool-drawing order types take units.
 */
export async function shortfallsOf(
  trx: Kysely<Database>,
  orderType: string,
  bookings: readonly PendingBooking[],
): Promise<Shortfall[]> {
  if ((await poolYardsOf(trx, orderType)) === null) return [];
  const groups = new Map<string, PendingBooking[]>();
  for (const b of bookings) {
    if (b.equipment_class_code === null) continue;
    const key = `${b.equipment_category_code}|${b.equipment_class_code}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const shortfalls: Shortfall[] = [];
  // Read only when something falls short: a shortfall names its size and class as people do.
  let names: DisplayNames | undefined;
  for (const group of groups.values()) {
    const first = group[0] as PendingBooking;
    const ids = [...new Set(group.map((b) => b.location_id))];
    const available = await availableUnitsAt(trx, ids, {
      category: first.equipment_category_code,
      equipmentClass: first.equipment_class_code as string,
    });
    for (const id of ids) {
      const here = group.filter((b) => b.location_id === id);
      const requested = here.reduce((sum, b) => sum + b.units_requested_count, 0);
      const now = available.get(id) ?? 0;
      if (requested > now) {
        names ??= await loadDisplayNames({ db: trx });
        shortfalls.push({
          locationId: id,
          locationName: here[0]?.location_name ?? String(id),
          equipment: names.equipment(first.equipment_category_code, first.equipment_class_code),
          requested,
          available: now,
        });
      }
    }
  }
  return shortfalls;
}

export const describeShortfall = (s: Shortfall) =>
  `only ${s.available} of ${s.requested} units of ${s.equipment} are available at ${s.locationName}`;

/** Locks the locations of the bookings in id order, as a booking does, so the two never deadlock. */
async function lockLocations(trx: Kysely<Database>, bookings: readonly PendingBooking[]) {
  const ids = [...new Set(bookings.map((b) => b.location_id))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', 'in', ids)
    .orderBy('location_id')
    .forUpdate()
    .execute();
}

async function acceptOne(
  ctx: PendingDeps,
  viewer: Viewer,
  requestId: number,
  overAvailability: boolean,
  log: ErrorLog,
) {
  const order = await ctx.db.transaction().execute(async (trx) => {
    const { order, bookings } = await lockOpenRequest(trx, requestId);
    if (bookings.length === 0)
      throw new AppError(
        409,
        `Pending request ${requestId} has no pending bookings left to accept.`,
        'NOTHING_TO_ACCEPT',
      );
    await lockLocations(trx, bookings);
    // Read after the locks: every booking that took units here before us has committed.
    const shortfalls = await shortfallsOf(trx, order.booking_order_type_code, bookings);
    if (shortfalls.length > 0 && !overAvailability)
      throw new AppError(
        409,
        `The units are gone since the request: ${shortfalls.map(describeShortfall).join('; ')}. Nothing was booked. Reject the request, wait for stock, or accept it over availability.`,
        'UNITS_GONE',
      );
    const now = new Date();
    const { rows } = await sql<{ yy: string }>`select to_char(now() at time zone 'UTC', 'YY') as yy`.execute(
      trx,
    );
    const yy = rows[0]?.yy as string;
    const codes = bookings.map((b) => ({
      id: b.booking_id,
      code: bookingCode(order.booking_order_type_code, yy, b.booking_id),
    }));
    for (const { id, code } of codes)
      await trx
        .updateTable('bookings')
        .set({ booking_code: code, status_code: 'OP', updated_at: now })
        .where('booking_id', '=', id)
        .execute();
    await trx
      .updateTable('booking_orders')
      .set({ status_code: 'OP', updated_by: viewer.userId, updated_at: now })
      .where('booking_order_id', '=', order.booking_order_id)
      .execute();
    await trx
      .updateTable('pending_requests')
      .set({ status: 'ACCEPTED', decided_by: viewer.userId, decided_at: now, decision_reason: null })
      .where('pending_request_id', '=', requestId)
      .execute();
    await recordOrderChange(trx, {
      actor: actorOf(viewer),
      orderId: order.booking_order_id,
      action: 'accepted',
      at: now,
      changes: {
        [STATUS_FIELD]: { old: 'PN', new: 'OP' },
        ...Object.fromEntries(
          codes.map((c) => [
            bookingField({ booking_code: c.code, booking_id: c.id }, STATUS_FIELD),
            { old: 'PN', new: 'OP' },
          ]),
        ),
      },
      facts: {
        pendingRequestId: requestId,
        bookings: codes.map((c) => c.code),
        ...(shortfalls.length > 0 ? { acceptedOverAvailability: shortfalls } : {}),
      },
    });
    await queueBookingMail({ trx, db: ctx.db }, await presentOrder(trx, order.booking_order_id), {
      ContactName: order.contact_name ?? '',
      EmailAddresses: order.email_addresses ?? '',
    });
    return order;
  });
  ctx.mail.nudge();
  announce(ctx.orderEvents, log, { BookingOrderId: order.booking_order_id, Change: 'accepted' });
}

async function rejectOne(ctx: PendingDeps, viewer: Viewer, requestId: number, reason: string, log: ErrorLog) {
  const order = await ctx.db.transaction().execute(async (trx) => {
    const { order } = await lockOpenRequest(trx, requestId);
    const now = new Date();
    // Pending bookings hold no units, so cancelling them frees nothing another booking counts on.
    await trx
      .updateTable('bookings')
      .set({ status_code: 'CN', updated_at: now })
      .where('booking_order_id', '=', order.booking_order_id)
      .where('status_code', '=', 'PN')
      .execute();
    await trx
      .updateTable('booking_orders')
      .set({ status_code: 'CN', updated_by: viewer.userId, updated_at: now })
      .where('booking_order_id', '=', order.booking_order_id)
      .execute();
    await trx
      .updateTable('pending_requests')
      .set({ status: 'REJECTED', decided_by: viewer.userId, decided_at: now, decision_reason: reason })
      .where('pending_request_id', '=', requestId)
      .execute();
    await recordOrderChange(trx, {
      actor: actorOf(viewer),
      orderId: order.booking_order_id,
      action: 'rejected',
      at: now,
      changes: { [STATUS_FIELD]: { old: 'PN', new: 'CN' } },
      facts: { pendingRequestId: requestId, reason },
    });
    const presented = await presentOrder(trx, order.booking_order_id);
    await queueEndedMail(
      { trx, db: ctx.db },
      {
        BookingOrderId: order.booking_order_id,
        BookingOrderTypeCode: presented.BookingOrderTypeCode,
        StatusCode: 'CN',
        Bookings: presented.Bookings,
      },
      { ContactName: order.contact_name ?? '', EmailAddresses: order.email_addresses ?? '' },
      reason,
    );
    return order;
  });
  ctx.mail.nudge();
  announce(ctx.orderEvents, log, { BookingOrderId: order.booking_order_id, Change: 'rejected' });
}

/**
 * Runs one action per request, each in its own transaction, and answers one outcome per request in
 * the order asked: a refusal of one (already decided, units gone, not found) leaves the others be.
 */
export async function eachRequest(
  db: Kysely<Database>,
  ids: readonly number[],
  kind: 'validated' | 'accepted' | 'rejected',
  act: (id: number) => Promise<string>,
  options: PresentOptions,
): Promise<PendingOutcome[]> {
  const outcomes: PendingOutcome[] = [];
  for (const id of ids) {
    try {
      const message = await act(id);
      const [request] = await presentPendingRequests(db, [id], options);
      outcomes.push({
        PendingRequestId: id,
        Outcome: kind,
        StatusCode: 200,
        Message: message,
        Code: null,
        Request: request ?? null,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [request] = await presentPendingRequests(db, [id], options);
      outcomes.push({
        PendingRequestId: id,
        Outcome: 'refused',
        StatusCode: error.statusCode,
        Message: error.message,
        Code: error.code ?? null,
        Request: request ?? null,
      });
    }
  }
  return outcomes;
}

export async function acceptPendingRequests(
  ctx: PendingDeps,
  viewer: Viewer,
  ids: readonly number[],
  overAvailability: boolean,
  log: ErrorLog,
  options: PresentOptions,
): Promise<PendingOutcome[]> {
  return eachRequest(
    ctx.db,
    ids,
    'accepted',
    async (id) => {
      await acceptOne(ctx, viewer, id, overAvailability, log);
      return `Pending request ${id} is accepted: its bookings are open with booking numbers.`;
    },
    options,
  );
}

export async function rejectPendingRequests(
  ctx: PendingDeps,
  viewer: Viewer,
  ids: readonly number[],
  reason: string,
  log: ErrorLog,
  options: PresentOptions,
): Promise<PendingOutcome[]> {
  const why = reason.trim();
  if (why === '')
    throw new AppError(
      400,
      'Give a reason for the rejection: the customer’s contact is told.',
      'REASON_REQUIRED',
    );
  return eachRequest(
    ctx.db,
    ids,
    'rejected',
    async (id) => {
      await rejectOne(ctx, viewer, id, why, log);
      return `Pending request ${id} is rejected: its bookings are cancelled.`;
    },
    options,
  );
}
