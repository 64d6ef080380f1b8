/**
 * A flow's submit, as the generic route (routes/flows.ts) hands it over: the caller may book, the
 * body passes the same schema and rules the form checked (with the form's messages), then the
 * booker of the flow's order type (bookings/registry.ts) books it, and the contact and the hub are told.
 */

import type { Kysely } from 'kysely';
import { needsGoodStanding } from '../../domain/policies';
import { ACKNOWLEDGED_FIELD, checkSubmission } from '../../engine/core/check-data';
import type { LoadedFlow } from '../../engine/core/load';
import type { RuleVerdict } from '../../engine/core/types';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';
import { bookingCustomer } from '../domain/booking-customer';
import type { Viewer } from '../domain/viewer';
import type { ErrorLog } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import type { ServerFlows } from '../flows';
import type { MailDispatch } from '../mail/outbox';
import type { PortalMetrics } from '../operations/metrics';
import type { BookingType, BookingTypes } from './registry';
import { type BookingDeps, type BookingOutcome, SubmissionRefused } from './submission';

/** What the submit and update frames need: the catalog and registry, and the after-commit tellers. */
export interface FlowDeps {
  db: Kysely<Database>;
  flows: ServerFlows;
  bookingTypes: BookingTypes;
  /** Nudged after a commit that wrote mail (the mail itself is a row of the change's transaction). */
  mail: MailDispatch;
  orderEvents: OrderEvents;
  /** Issue 29: bookings created, replayed and refused by type (absent: not counted). */
  metrics?: Pick<PortalMetrics, 'booking'>;
  clock?: () => Date;
}

export interface FlowSubmit {
  viewer: Viewer;
  body: Record<string, unknown>;
  idempotencyKey: string;
  log: ErrorLog;
}

export const bookingDeps = (deps: FlowDeps, log: ErrorLog): BookingDeps => ({
  db: deps.db,
  clock: deps.clock ?? (() => new Date()),
  log,
});

export function typeOf(deps: FlowDeps, flow: LoadedFlow): BookingType {
  const type = deps.bookingTypes.of(flow.orderType);
  if (!type)
    throw new Error(`no booking type ${flow.orderType}: the catalog check at start-up should have caught it`);
  return type;
}

/**
 * The checks a create and an update share, in the order the form meets them: good standing (no
 * form can help a customer not in good standing, SPEC §6; staff are checked against the customer
 * they book for, inside the booking), the schema and error rules, then the unanswered questions.
 * A customer's standing comes first in what it is told, whichever of these finds something.
 * Answers the data without Acknowledged, and a way to ask the flow's questions again.
 */
export async function checkFlowBody(
  deps: FlowDeps,
  flow: LoadedFlow,
  viewer: Viewer,
  body: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; unanswered: (data: Record<string, unknown>) => RuleVerdict[] }> {
  const { catalog, validate } = deps.flows;
  const { errors, unanswered } = checkSubmission(flow, body, validate, catalog.limits);
  // The standing is read here only when the form has something to say: a clean form goes on to the
  // booking's transaction, whose first statement checks the standing under the customer's lock
  // (issue 30 §1: one round trip less per booking; docs/decisions.md D-060).
  const hasSomethingToSay = errors.length > 0 || unanswered.length > 0;
  if (hasSomethingToSay && flow.requiresGoodStanding === true && needsGoodStanding(viewer))
    await bookingCustomer(deps.db, viewer, undefined, { requireGoodStanding: true, lock: false });
  if (errors.length > 0) throw SubmissionRefused.fromErrors(errors);
  if (unanswered.length > 0) throw SubmissionRefused.asking(unanswered);
  const { [ACKNOWLEDGED_FIELD]: answered, ...data } = body;
  const ask = (again: Record<string, unknown>) =>
    checkSubmission(flow, { ...again, [ACKNOWLEDGED_FIELD]: answered ?? [] }, validate, catalog.limits)
      .unanswered;
  return { data, unanswered: ask };
}

export async function submitFlow(
  deps: FlowDeps,
  flow: LoadedFlow,
  { viewer, body, idempotencyKey, log }: FlowSubmit,
): Promise<BookingSubmitResponse> {
  const type = typeOf(deps, flow);
  let outcome: BookingOutcome;
  try {
    const { data, unanswered } = await checkFlowBody(deps, flow, viewer, body);
    outcome = await type.booker.book(bookingDeps(deps, log), {
      viewer,
      data,
      idempotencyKey,
      requiresGoodStanding: flow.requiresGoodStanding === true,
      unanswered,
    });
  } catch (error) {
    // A refusal the user is told (a 4xx), not a failure of ours.
    const status = (error as { statusCode?: number }).statusCode ?? 400;
    if (error instanceof SubmissionRefused || status < 500) deps.metrics?.booking(flow.title, 'refused');
    throw error;
  }
  deps.metrics?.booking(flow.title, outcome.created ? 'created' : 'replayed');
  // Only a new order wrote its mail (bookOnce); a replayed key has nothing to send.
  if (outcome.created) {
    deps.mail.nudge();
    announce(deps.orderEvents, log, { BookingOrderId: outcome.order.BookingOrderId, Change: 'created' });
  }
  return outcome.order;
}
