/**
 * A flow's submit, as the generic route (routes/flows.ts) hands it over: the caller may book, the
 * body passes the same schema and rules the form checked (with the form's messages), then the
 * flow's booker books it and the contact is told.
 */
import { ACKNOWLEDGED_FIELD, checkSubmission } from '../../engine/core/check-data';
import type { LoadedFlow } from '../../engine/core/load';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { AppContext } from '../context';
import { announce } from '../hub/order-events';
import { bookers } from './bookers';
import { bookingCustomer } from './booking-customer';
import { type Contact, notifyContact } from './booking-notification';
import { SubmissionRefused } from './submission';
import type { Viewer } from './viewer';

export interface FlowSubmit {
  viewer: Viewer;
  body: Record<string, unknown>;
  idempotencyKey: string;
  log: Parameters<typeof notifyContact>[1];
}

export async function submitFlow(
  ctx: AppContext,
  flow: LoadedFlow,
  { viewer, body, idempotencyKey, log }: FlowSubmit,
): Promise<BookingSubmitResponse> {
  const requiresGoodStanding = flow.requiresGoodStanding === true;
  // A customer not in good standing is refused before anything else: no form can help them
  // (SPEC §6). Staff are checked against the customer they book for, inside the booking.
  if (requiresGoodStanding && !viewer.isInternal)
    await bookingCustomer(ctx.db, viewer, undefined, { requireGoodStanding: true, lock: false });

  const { errors, unanswered } = checkSubmission(flow, body, ctx.flows.validate, ctx.flows.catalog.limits);
  if (errors.length > 0) throw SubmissionRefused.fromErrors(errors);
  const question = unanswered[0];
  if (question) throw new SubmissionRefused(question.message, question.ruleId, [], unanswered);

  const { [ACKNOWLEDGED_FIELD]: _answered, ...data } = body;
  const booker = bookers[flow.submit.booker];
  if (!booker)
    throw new Error(`no booker ${flow.submit.booker}: the catalog check at start-up should have caught it`);
  const outcome = await booker(ctx, { viewer, data, idempotencyKey, requiresGoodStanding });
  // After the commit and only for a new order: a replayed key must not mail twice.
  if (outcome.created) {
    notifyContact(ctx.mailer, log, outcome.order, data.Contact as Contact);
    announce(ctx.orderEvents, log, { BookingOrderId: outcome.order.BookingOrderId, Change: 'created' });
  }
  return outcome.order;
}
