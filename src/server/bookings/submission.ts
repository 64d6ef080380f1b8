/**
 * The contract between the generic submit and update routes (routes/flows.ts) and the bookers and
 * updaters they call: what one is given, what it answers, and how it refuses a submit with
 * per-field problems. Bookers get what they need (BookingDeps), never the application context.
 */
import type { Kysely } from 'kysely';
import type { FieldError, RuleVerdict } from '../../engine/core/types';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';
import type { Viewer } from '../domain/viewer';
import { AppError, type ErrorLog } from '../errors';

/** What a booker or updater works with: the database (it opens its own transaction), the time, a log. */
export interface BookingDeps {
  db: Kysely<Database>;
  /** Now, for what the booker stamps itself; the database's own now() stamps the rest. */
  clock: () => Date;
  log: ErrorLog;
}

/** What the frame hands a booker before it knows the flow: the checked body, untyped. */
export type FlowData = Record<string, unknown>;

export interface BookingRequest<Data = FlowData> {
  viewer: Viewer;
  /**
   * The submit body without Acknowledged, already checked against the flow's schema and rules: a
   * typed booker reads it as its flow's generated type (src/flows/flow-data.generated.ts).
   */
  data: Data;
  idempotencyKey: string;
  /** The flow's requiresGoodStanding (SPEC §6). */
  requiresGoodStanding: boolean;
  /**
   * The flow's confirm and acknowledge rules that `data` raises and the user has not answered —
   * for a booker that checks them again on the server's own figures (reposition: the availability
   * the form showed may be stale).
   */
  unanswered(data: object): readonly RuleVerdict[];
}

export interface BookingOutcome {
  order: BookingSubmitResponse;
  /** False when the Idempotency-Key was seen before and the stored order is answered again. */
  created: boolean;
}

/** Books one submit in one transaction; a flow file names it by its registry name (bookings/registry.ts). */
export type Booker<Data = FlowData> = (
  deps: BookingDeps,
  request: BookingRequest<Data>,
) => Promise<BookingOutcome>;

export interface UpdateRequest<Data = FlowData> {
  viewer: Viewer;
  /** The update body without Acknowledged, BookingOrderId and Version, checked like a submit. */
  data: Data;
  orderId: number;
  /** The Version the user opened; a different one in the database is a 409 (order-update.ts). */
  version: number;
  requiresGoodStanding: boolean;
  unanswered(data: object): readonly RuleVerdict[];
}

/** What an updater did, for the answer, the audit entry and the mail. */
export interface UpdateOutcome {
  order: BookingSubmitResponse;
  /** Each changed field, old → new, as the audit entry records it. */
  changes: readonly { field: string; before: unknown; after: unknown }[];
  alsoNotify?: readonly string[];
}

/**
 * Applies one edit inside the update frame's transaction (order-update.ts), which has locked the
 * order row and checked its Version and editability; the updater changes the bookings and answers
 * what changed. Throwing rolls the whole edit back.
 */
export type Updater<Data = FlowData> = (
  trx: Kysely<Database>,
  request: UpdateRequest<Data>,
  deps: BookingDeps,
) => Promise<Omit<UpdateOutcome, 'order'>>;

/**
 * A booker of one flow's data, as the registry holds it. The frame runs it only after the body
 * passed that flow's schema (flow-submission.ts), the schema its generated type is made from
 * (`npm run flows:types`): this is the one place the checked body is given that type, instead of a
 * cast in every booker.
 */
export const flowBooker =
  <Data>(book: Booker<Data>): Booker =>
  (deps, request) =>
    book(deps, { ...request, data: request.data as Data });

/** An updater of one flow's data, as the registry holds it (order-update.ts checks the body first). */
export const flowUpdater =
  <Data>(update: Updater<Data>): Updater =>
  (trx, request, deps) =>
    update(trx, { ...request, data: request.data as Data }, deps);

/** A 400 that lists its problems the way the form shows them: `errors` per field, `unanswered` rules. */
export class SubmissionRefused extends AppError {
  constructor(
    message: string,
    code: string,
    readonly errors: readonly FieldError[],
    readonly unanswered: readonly RuleVerdict[] = [],
  ) {
    super(400, message, code);
    this.name = 'SubmissionRefused';
  }

  /** The questions the user must answer first (the form's confirmation dialog), as a 400. */
  static asking(questions: readonly RuleVerdict[]): SubmissionRefused {
    const first = questions[0];
    return new SubmissionRefused(
      first?.message ?? 'Answer the question first.',
      first?.ruleId ?? 'UNANSWERED',
      [],
      questions,
    );
  }

  /** One message for the whole list: the first problem, and how many more the list holds. */
  static fromErrors(errors: readonly FieldError[], code?: string): SubmissionRefused {
    const first = errors[0]?.message ?? 'The request is not valid.';
    const more = errors.length - 1;
    const message = more > 0 ? `${first} (and ${more} more problem${more > 1 ? 's' : ''})` : first;
    return new SubmissionRefused(message, code ?? errors[0]?.ruleId ?? 'VALIDATION', errors);
  }
}
