/**
 * What a FlowStore asks of the outside world, injected so the store runs without React, axios or
 * a DOM: the submit call, opening an order, step actions' calls, the confirmation dialog, draft
 * storage, the clock and the product's own texts.
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
  /** Where the units move to, when the booking moves them (LocationName is then the origin). */
  ToLocationName?: string;
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
    /** The HTTP status, when the server answered (409: the order changed since it was opened). */
    readonly status?: number,
    /** The answer's `code` (a rule id, or e.g. ORDER_CHANGED). */
    readonly code?: string,
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
  /** Lines under the question (SPEC §2 notes): the submit confirmation's summary. */
  notes?: { note: string; message: string }[];
}

/**
 * An existing order as a flow opens it (the product's order document, GET
 * /api/bookingorder/{id}/document): the flow file's `edit.load` template reads the rest.
 */
export interface OpenedOrder {
  BookingOrderId: number;
  /** Compare-and-set: sent back with an update; a stale one is refused with a 409. */
  Version: number;
  /** Whether the caller may edit the order now (the server decides). */
  CanEdit?: boolean;
}

/** A step action's call (docs/flows.md, step actions). */
export interface ActionCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** The texts the store shows or asks, supplied by the product (one source for every wording). */
export interface FlowMessages {
  /** Asked before discarding typed work (SPEC §5). */
  cancelChanges: string;
  /** Asked before Back to Dashboard leaves a new request with typed work (kept as a draft). */
  leaveRequest: { title: string; message: string };
  /** Asked before Back to Dashboard leaves an edit with unsaved changes. */
  leaveEdit: { title: string; message: string };
  /** An edit submitted with nothing changed. */
  nothingChanged: string;
  /** Edit asked for an order the flow cannot update, or the user may not edit now. */
  notEditable: string;
  /** A GET action whose url needs fields that are empty; {fields} lists their labels. */
  fillInFirst: string;
  /**
   * What the confirm step says of a submitted order of the flow's order type, booked at once or
   * waiting for review: the product words it from what the type is (a redelivery is no booking).
   */
  outcome(orderType: string): { confirmed: string; received: string; another: string };
}

export interface FlowStoreServices {
  /** Posts the body once; resolves the result or rejects with a FlowSubmitError (or any error). */
  submit(url: string, body: Record<string, unknown>, idempotencyKey: string): Promise<FlowSubmitResult>;
  /** Asks the user; true for OK. The app shows the shared confirmation dialog (SPEC §2). */
  confirm(message: string, options?: ConfirmOptions): Promise<boolean>;
  /** The order document of an existing order (dashboard Edit, Load Booking); `url` is the flow's edit.open. */
  loadOrder(id: number, url?: string): Promise<OpenedOrder>;
  /**
   * A step action's call; rejects with an Error whose message is already SPEC §8's central message
   * (the app's implementation also shows and broadcasts it with the request id).
   */
  request(call: ActionCall): Promise<unknown>;
  messages: FlowMessages;
  storage: DraftStorage;
  now(): number;
  /** A fresh idempotency key; a random UUID unless a test pins it. */
  newKey?(): string;
  /**
   * Values a new request starts with, by data path (the app: the signed-in user's contact name
   * and email from My Account). Each is used only where the flow's data has that field; it is no
   * typing (nothing to lose, no draft), and the user may change it.
   */
  startWith?(): Record<string, string>;
}
