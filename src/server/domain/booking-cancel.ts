/**
 * Cancelling a booking order from its detail view (SPEC §5: cancel order asks for confirmation; §3
 * the cancel order payload), for the order types whose registry entry says who may (bookings/registry.ts).
 * One transaction: the order row is
 * locked; a booking nothing was picked up on becomes Cancelled, one partly picked up is Closed
 * (its picked-up units stay on hire, the rest are released); open pending requests are closed; the
 * audit trail records who and when; the contact's mail is written in the same transaction. The
 * mail outbox and the hub are told after the commit.
 */
import { type Kysely, sql } from 'kysely';
import { isEmailList } from '../../rules/operators';
import type { CancelOrderBody, DashboardDetail } from '../../schemas/dashboard';
import { type BookingTypes, cancelVerdict } from '../bookings/registry';
import type { Database } from '../db/types';
import { AppError, type ErrorLog, notFound } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import type { MailDispatch } from '../mail/outbox';
import { queueEndedMail } from './booking-notification';
import { presentOrder } from './booking-presenter';
import { dashboardDetail } from './dashboard';
import { scopeOf, visibleOrders } from './dashboard-rows';
import {
  actorOf,
  bookingField,
  type OrderActor,
  type OrderChanges,
  recordOrderChange,
  STATUS_FIELD,
} from './order-audit';
import type { Viewer } from './viewer';

export interface CancelDeps {
  db: Kysely<Database>;
  bookingTypes: BookingTypes;
  mail: MailDispatch;
  orderEvents: OrderEvents;
}

export async function cancelOrder(
  ctx: CancelDeps,
  viewer: Viewer,
  body: CancelOrderBody,
  log: ErrorLog,
): Promise<DashboardDetail> {
  const additional = body.AdditionalEmails?.trim() ?? '';
  if (additional !== '' && !isEmailList(additional))
    throw new AppError(400, 'Invalid email address', 'INVALID_EMAIL');
  const orderId = body.BookingOrderId;

  const detail = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('booking_orders as o')
      .select([
        'o.customer_id',
        'o.booking_order_type_code',
        'o.status_code',
        'o.contact_name',
        'o.email_addresses',
      ])
      .where('o.booking_order_id', '=', orderId)
      .where(visibleOrders(scopeOf(viewer)))
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('This booking order was not found, or it is not one of your bookings.');
    const bookings = await trx
      .selectFrom('bookings')
      .select(['booking_id', 'booking_code', 'status_code', 'units_fulfilled_count'])
      .where('booking_order_id', '=', orderId)
      .orderBy('booking_id')
      .execute();
    const verdict = cancelVerdict(ctx.bookingTypes, viewer, {
      customerId: order.customer_id,
      orderType: order.booking_order_type_code,
      orderStatus: order.status_code,
      bookingStatuses: bookings.map((b) => b.status_code),
    });
    if (!verdict.ok) throw new AppError(verdict.status, verdict.reason, 'NOT_CANCELLABLE');
    const pickedUp = bookings.some((b) => b.units_fulfilled_count > 0);
    await markCancelled(
      trx,
      orderId,
      actorOf(viewer),
      bookings,
      order.status_code,
      pickedUp ? 'CL' : 'CN',
      additional,
    );
    const presented = await presentOrder(trx, orderId);
    await queueEndedMail(
      { trx, db: ctx.db },
      {
        BookingOrderId: orderId,
        BookingOrderTypeCode: order.booking_order_type_code,
        StatusCode: pickedUp ? 'CL' : 'CN',
        Bookings: presented.Bookings,
      },
      {
        ContactName: order.contact_name ?? '',
        EmailAddresses: `${order.email_addresses ?? ''};${additional}`,
      },
    );
    return dashboardDetail(trx, viewer, orderId, ctx.bookingTypes);
  });

  ctx.mail.nudge();
  announce(ctx.orderEvents, log, { BookingOrderId: orderId, Change: 'cancelled' });
  return detail;
}

interface CancelledBooking {
  booking_id: number;
  booking_code: string | null;
  status_code: string | null;
  units_fulfilled_count: number;
}

/** Each booking's status old → new as the update below sets it, named by its booking number. */
const bookingStatusChanges = (bookings: readonly CancelledBooking[]): OrderChanges =>
  Object.fromEntries(
    bookings
      .map((b) => [b, b.units_fulfilled_count > 0 ? 'CL' : 'CN'] as const)
      .filter(([b, next]) => b.status_code !== next)
      .map(([b, next]) => [bookingField(b, STATUS_FIELD), { old: b.status_code, new: next }]),
  );

async function markCancelled(
  trx: Kysely<Database>,
  orderId: number,
  actor: OrderActor,
  bookings: readonly CancelledBooking[],
  from: string | null,
  to: 'CN' | 'CL',
  additionalEmails: string,
): Promise<void> {
  const now = new Date();
  const userId = actor.userId;
  await trx
    .updateTable('bookings')
    .set((eb) => ({
      status_code: eb.case().when('units_fulfilled_count', '>', 0).then('CL').else('CN').end(),
      updated_at: now,
    }))
    .where('booking_order_id', '=', orderId)
    .execute();
  await trx
    .updateTable('booking_orders')
    // A cancel is a change: an edit opened before it is stale (order-update.ts).
    .set({ status_code: to, updated_by: userId, updated_at: now, version: sql`version + 1` })
    .where('booking_order_id', '=', orderId)
    .execute();
  // A withdrawn request leaves the pending queue: staff have nothing left to decide.
  await trx
    .updateTable('pending_requests')
    .set({ status: 'REJECTED', decided_by: userId, decided_at: now })
    .where('booking_order_id', '=', orderId)
    .where('status', 'in', ['PENDING', 'VALIDATED'])
    .execute();
  await recordOrderChange(trx, {
    actor,
    orderId,
    action: 'cancelled',
    at: now,
    changes: { [STATUS_FIELD]: { old: from, new: to }, ...bookingStatusChanges(bookings) },
    facts: additionalEmails ? { additionalEmails } : {},
  });
}
