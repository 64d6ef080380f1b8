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

export interface BookingRequest {
  viewer: Viewer;
  /** The submit body without Acknowledged, already checked against the flow's schema and rules. */
  data: Record<string, unknown>;
  idempotencyKey: string;
  /** The flow's requiresGoodStanding (SPEC §6). */
  requiresGoodStanding: boolean;
  /**
   * The flow's confirm and acknowledge rules that `data` raises and the user has not answered —
   * for a booker that checks them again on the server's own figures (reposition: the availability
   * the form showed may be stale).
   */
  unanswered(data: Record<string, unknown>): readonly RuleVerdict[];
}

export interface BookingOutcome {
  order: BookingSubmitResponse;
  /** False when the Idempotency-Key was seen before and the stored order is answered again. */
  created: boolean;
}

/** Books one submit in one transaction; a flow file names it by its registry name (bookings/registry.ts). */
export type Booker = (deps: BookingDeps, request: BookingRequest) => Promise<BookingOutcome>;

export interface UpdateRequest {
  viewer: Viewer;
  /** The update body without Acknowledged, BookingOrderId and Version, checked like a submit. */
  data: Record<string, unknown>;
  orderId: number;
  /** The Version the user opened; a different one in the database is a 409 (order-update.ts). */
  version: number;
  requiresGoodStanding: boolean;
  unanswered(data: Record<string, unknown>): readonly RuleVerdict[];
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
export type Updater = (
  trx: Kysely<Database>,
  request: UpdateRequest,
  deps: BookingDeps,
) => Promise<Omit<UpdateOutcome, 'order'>>;

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
