/**
 * The contract between the generic submit route (routes/flows.ts) and the bookers it calls: what a
 * booker is given, what it answers, and how it refuses a submit with per-field problems.
 */
import type { FieldError, RuleVerdict } from '../../engine/core/types';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { Viewer } from './viewer';

export interface BookingRequest {
  viewer: Viewer;
  /** The submit body without Acknowledged, already checked against the flow's schema and rules. */
  data: Record<string, unknown>;
  idempotencyKey: string;
  /** The flow's requiresGoodStanding (SPEC §6). */
  requiresGoodStanding: boolean;
}

export interface BookingOutcome {
  order: BookingSubmitResponse;
  /** False when the Idempotency-Key was seen before and the stored order is answered again. */
  created: boolean;
}

/** Books one submit in one transaction; the flow file names it by its key in bookers.ts. */
export type Booker = (ctx: AppContext, request: BookingRequest) => Promise<BookingOutcome>;

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

  /** One message for the whole list: the first problem, and how many more the list holds. */
  static fromErrors(errors: readonly FieldError[], code?: string): SubmissionRefused {
    const first = errors[0]?.message ?? 'The request is not valid.';
    const more = errors.length - 1;
    const message = more > 0 ? `${first} (and ${more} more problem${more > 1 ? 's' : ''})` : first;
    return new SubmissionRefused(message, code ?? errors[0]?.ruleId ?? 'VALIDATION', errors);
  }
}
