/**
 * What a FlowStore asks of the outside world, injected so the store runs without React, axios or
 * a DOM: the submit call, the confirmation dialog, draft storage and the clock.
 */
import type { DraftStorage } from './draft';
import type { FieldError, RuleVerdict } from './types';

/** One booking of a submitted order, as the submit API answers it. */
export interface SubmittedBooking {
  BookingId: number;
  /** The booking number; null while the order waits for Customer Support's review. */
  BookingCode: string | null;
  LocationId: number;
  LocationName: string;
  EquipmentSize: string;
  EquipmentClass: string | null;
  UnitsRequestedCount: number;
  BookingStatusCode: string;
  Chassis?: string[];
}

/** The answer of a successful submit (POST <flow.submit.url>). */
export interface FlowSubmitResult {
  BookingOrderId: number;
  BookingOrderTypeCode: string;
  StatusCode: string;
  /** True when the order goes to Customer Support before it is booked. */
  PendingReview: boolean;
  Message: string;
  Bookings: SubmittedBooking[];
}

/** A refused submit: field errors and unanswered questions go back onto the request step. */
export class FlowSubmitError extends Error {
  constructor(
    message: string,
    readonly errors: readonly FieldError[] = [],
    readonly unanswered: readonly RuleVerdict[] = [],
  ) {
    super(message);
    this.name = 'FlowSubmitError';
  }

  /** Any failure of a submit as a FlowSubmitError (a network failure has no field errors). */
  static from(e: unknown): FlowSubmitError {
    return e instanceof FlowSubmitError ? e : new FlowSubmitError(e instanceof Error ? e.message : String(e));
  }
}

export interface ConfirmOptions {
  title?: string;
  okText?: string;
  cancelText?: string;
}

export interface FlowStoreServices {
  /** Posts the body once; resolves the result or rejects with a FlowSubmitError (or any error). */
  submit(url: string, body: Record<string, unknown>, idempotencyKey: string): Promise<FlowSubmitResult>;
  /** Asks the user; true for OK. The app shows the shared confirmation dialog (SPEC §2). */
  confirm(message: string, options?: ConfirmOptions): Promise<boolean>;
  storage: DraftStorage;
  now(): number;
  /** A fresh idempotency key; a random UUID unless a test pins it. */
  newKey?(): string;
}
