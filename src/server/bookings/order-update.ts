/**
 * The update frame every editable booking type shares (ARCHITECTURE §3 "Flows open existing
 * orders"): the body passes the checks a create passes (schema, rules with Acknowledged,
 * permissions, good standing), then in ONE transaction the customer and the order row are locked,
 * the order's Version compared (a stale one is a 409 ORDER_CHANGED naming who changed it and when),
 * the registry's edit rule applied, and the type's updater run. An edit that changes nothing is
 * refused; otherwise the Version is bumped and the audit trail gets each field old → new, and the
 * contact's mail is written in the same transaction. The mail outbox and the hub are told after
 * the commit.
 */

import { sql } from 'kysely';
import { mayChooseCustomer } from '../../domain/policies';
import type { LoadedFlow } from '../../engine/core/load';
import { ORDER_CHANGED_CODE, UPDATE_ORDER_FIELD, UPDATE_VERSION_FIELD } from '../../schemas/booking-order';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import { bookingCustomer } from '../domain/booking-customer';
import { type Contact, queueBookingMail } from '../domain/booking-notification';
import { presentOrder } from '../domain/booking-presenter';
import { orderNotFound } from '../domain/dashboard';
import { scopeOf, visibleOrders } from '../domain/dashboard-rows';
import { actorOf, changesOf, recordOrderChange } from '../domain/order-audit';
import { agoText } from '../domain/time-text';
import type { Viewer } from '../domain/viewer';
import { AppError, type ErrorLog } from '../errors';
import { announce } from '../events/order-events';
import { bookingDeps, checkFlowBody, type FlowDeps, typeOf } from './flow-submission';
import { editVerdict } from './registry';

export const NOTHING_CHANGED_MESSAGE = 'Nothing has changed: change something, or go back to the dashboard.';

/** BookingOrderId and Version: whole numbers from 1, or a 400 that says which one is wrong. */
function orderAndVersion(body: Record<string, unknown>): { orderId: number; version: number } {
  const read = (field: string, what: string) => {
    const value = body[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new AppError(
        400,
        `Send ${field}: ${what}. Open the order from the dashboard to edit it.`,
        'VALIDATION',
      );
    return value;
  };
  return {
    orderId: read(UPDATE_ORDER_FIELD, 'the id of the order you edit'),
    version: read(UPDATE_VERSION_FIELD, 'the Version of the order as you opened it'),
  };
}

const changedMessage = (who: string | null, when: Date | string) =>
  `This booking order was changed by ${who ?? 'someone else'} ${agoText(when)}, after you opened it. Reload the order to see the changes, then make yours again.`;

export interface FlowUpdate {
  viewer: Viewer;
  body: Record<string, unknown>;
  log: ErrorLog;
}

export async function updateFlowOrder(
  deps: FlowDeps,
  flow: LoadedFlow,
  { viewer, body, log }: FlowUpdate,
): Promise<BookingSubmitResponse & { Version: number }> {
  const { orderId, version } = orderAndVersion(body);
  const { [UPDATE_ORDER_FIELD]: _id, [UPDATE_VERSION_FIELD]: _version, ...flowBody } = body;
  const { data, unanswered } = await checkFlowBody(deps, flow, viewer, flowBody);
  const type = typeOf(deps, flow);
  const updater = type.updater;
  if (!updater)
    throw new Error(`${type.orderType} has no updater: the catalog check at start-up should have caught it`);
  const scope = visibleOrders(scopeOf(viewer));

  const order = await deps.db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('booking_orders as o')
      .select(['o.customer_id', 'o.booking_order_type_code'])
      .where('o.booking_order_id', '=', orderId)
      .where(scope)
      .executeTakeFirst();
    if (!seen) throw orderNotFound();
    if (seen.booking_order_type_code !== flow.orderType)
      throw new AppError(
        409,
        `Order ${orderId} is not a ${type.name}: open it with Edit on the dashboard.`,
        'WRONG_ORDER_TYPE',
      );
    // The customer first, as a booking locks it: one customer's bookings and edits run one at a time.
    await bookingCustomer(trx, viewer, mayChooseCustomer(viewer) ? seen.customer_id : undefined, {
      requireGoodStanding: flow.requiresGoodStanding === true,
      lock: true,
    });
    const order = await trx
      .selectFrom('booking_orders as o')
      .leftJoin('users as u', 'u.user_id', 'o.updated_by')
      .select(['o.version', 'o.status_code', 'o.updated_at', 'u.first_name', 'u.last_name'])
      .where('o.booking_order_id', '=', orderId)
      .forUpdate('o')
      .executeTakeFirstOrThrow();
    if (order.version !== version)
      throw new AppError(
        409,
        changedMessage(order.first_name ? `${order.first_name} ${order.last_name}` : null, order.updated_at),
        ORDER_CHANGED_CODE,
      );
    const statuses = await trx
      .selectFrom('bookings')
      .select('status_code')
      .where('booking_order_id', '=', orderId)
      .execute();
    const verdict = editVerdict(deps.bookingTypes, viewer, {
      orderType: seen.booking_order_type_code,
      customerId: seen.customer_id,
      orderStatus: order.status_code,
      bookingStatuses: statuses.map((s) => s.status_code),
    });
    if (!verdict.ok) throw new AppError(verdict.status, verdict.reason, 'NOT_EDITABLE');

    const updaterDeps = bookingDeps(deps, log);
    const done = await updater.update(
      trx,
      {
        viewer,
        data,
        orderId,
        version,
        requiresGoodStanding: flow.requiresGoodStanding === true,
        unanswered,
      },
      updaterDeps,
    );
    if (done.changes.length === 0) throw new AppError(400, NOTHING_CHANGED_MESSAGE, 'NOTHING_CHANGED');
    const now = updaterDeps.clock();
    await trx
      .updateTable('booking_orders')
      .set({ version: sql`version + 1`, updated_by: viewer.userId, updated_at: now })
      .where('booking_order_id', '=', orderId)
      .execute();
    await recordOrderChange(trx, {
      actor: actorOf(viewer),
      orderId,
      action: 'edited',
      at: now,
      changes: changesOf(done.changes),
      facts: { version: { from: version, to: version + 1 } },
    });
    const edited = await presentOrder(trx, orderId);
    const contact = data.Contact as Contact | undefined;
    if (contact)
      await queueBookingMail({ trx, db: deps.db }, edited, {
        ...contact,
        EmailAddresses: [contact.EmailAddresses, ...(done.alsoNotify ?? [])].join(';'),
      });
    return edited;
  });

  deps.mail.nudge();
  announce(deps.orderEvents, log, { BookingOrderId: orderId, Change: 'edited' });
  return { ...order, Version: order.Version ?? version + 1 };
}
