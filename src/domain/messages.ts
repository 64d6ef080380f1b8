/** SPEC §3 "User message" and §8: what the message service shows and how failures read. */
import { factsOf } from './booking-type-facts';

export const MessageType = { Info: 0, Success: 1, Warning: 2, Error: 3, SuccessSimple: 4 } as const;
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];

export interface UserMessage {
  Type: MessageTypeValue;
  Data: string;
  autoHide?: boolean;
  noClear?: boolean;
}

/** SPEC §3 "Error message record". */
export interface ErrorMessageRecord {
  message: string;
  requestId: string | null;
}

export const REQUEST_ID_HEADER = 'x-request-id';
export const UNKNOWN_ERROR = 'Unknown Error';

/**
 * SPEC §8 central handling of failed calls: the error field of the response body if present,
 * else the body as text, else the status text, else 'Unknown Error'.
 */
export function reduceErrorMessage(body: unknown, statusText?: string | null): string {
  if (body && typeof body === 'object') {
    const error = (body as Record<string, unknown>).error;
    if (typeof error === 'string' && error.trim()) return error;
    const text = JSON.stringify(body);
    if (text && text !== '{}') return text;
  } else if (typeof body === 'string' && body.trim()) {
    return body;
  }
  if (statusText?.trim()) return statusText;
  return UNKNOWN_ERROR;
}

export const INVALID_LOGIN_TEXT = 'Invalid UserName/Password';
export const LOCKED_ACCOUNT_TEXT = 'account has been locked';
export const LOCKOUT_MARKER = '!*';
/**
 * Issue 14: what a cancel did, read from the order as the server answers it. An order some of
 * whose units were already picked up ends Closed, not Cancelled: saying "cancelled" would contradict
 * the status shown beside it.
 */
export const orderCancelOutcomeText = (bookingOrderId: number, statusCode: string | null): string =>
  statusCode === 'CL'
    ? `Order ${bookingOrderId} is closed, not cancelled: units of it were already picked up.`
    : `Order ${bookingOrderId} is cancelled.`;
/** Issue 14: Enter on the login form with a field still empty. */
export const LOGIN_MISSING_USERNAME = 'Enter your username.';
export const LOGIN_MISSING_PASSWORD = 'Enter your password.';
/**
 * SPEC §4/§8: the code of the 401 any call answers once the account is deactivated; whichever call
 * learns it first signs the user out to the account-validation page (issue 27).
 */
export const ACCOUNT_NOT_ACTIVE_CODE = 'NOT_ACTIVE';
export const ACCOUNT_NOT_ACTIVE_TEXT = 'Your account is not active. Please contact customer service.';
export const INACTIVITY_BANNER = "We've signed you out of your account due to inactivity.";

/** The portal's own code could not be fetched at sign-in (say, a new build replaced it; D-074). */
export const APP_LOAD_FAILURE = 'The portal could not load. Please reload the page and sign in again.';

/** Start-up failed: the configuration or the app's code could not be fetched. */
export const PORTAL_START_FAILURE = 'The portal could not load. Please try again later.';
export const ACCOUNT_VALIDATION_TEXT =
  'You are not allowed to create chassis bookings as your account is not in good standing, please contact customer service.';
/**
 * SPEC §3: a booking waiting for review has no number yet. Said as what will happen ("awaiting
 * review") rather than "Pending", which reads like a number (issue 14).
 */
export const PENDING_NUMBER_TEXT = 'Awaiting review';
/** Issue 14: said once in the menu of an account not in good standing, beside the marked booking entries. */
export const BOOKINGS_ON_HOLD_TEXT =
  'New bookings are unavailable while your account is not in good standing. Contact customer service.';
/** The mark on a booking entry an account not in good standing cannot use. */
export const BOOKING_ENTRY_ON_HOLD = 'Unavailable';
/** Issue 14: why a signed-in user opening a page outside their permissions lands on the dashboard. */
export const noAccessText = (page: string): string =>
  `You do not have access to ${page}, so you were brought to the Dashboard.`;
export const PAGE_NOT_FOUND_TEXT = 'Sorry, page not found';
export const CACHE_KEY_MISSING_TEXT = 'Requested key is not available in Cache';
/** SPEC §5: a search with no valid criteria, and a dashboard search that finds nothing. */
export const INVALID_CRITERIA_TEXT = 'Invalid search criteria';
export const NO_RESULTS_TEXT = 'No items are found that meet your search criteria.';
/** SPEC §2: the confirmation dialog's default question, also what discarding a flow asks. */
export const CANCEL_CHANGES_TEXT = 'Do you want to cancel your changes?';
/**
 * What a submit's result says (the confirm step's title, the submit answer's Message), by what the
 * order is: a redelivery brings chassis back, so it is "booked" as a return, never "your booking"
 * (issue 25). Decided by the order type's `redelivery` fact, not by a list of types.
 */
export interface OrderOutcome {
  /** Booked at once. */
  confirmed: string;
  /** Waiting for review by Customer Support (SPEC §4). */
  received: string;
  /** The button that starts another of the same. */
  another: string;
}
export const BOOKING_OUTCOME: OrderOutcome = {
  confirmed: 'Your booking is confirmed.',
  received: 'Your booking request was received.',
  another: 'New booking',
};
export const REDELIVERY_OUTCOME: OrderOutcome = {
  confirmed: 'Your redelivery is booked.',
  received: 'Your redelivery request was received.',
  another: 'New redelivery',
};
export const outcomeOf = (orderType: string): OrderOutcome =>
  factsOf(orderType)?.redelivery ? REDELIVERY_OUTCOME : BOOKING_OUTCOME;

/** The flow engine's texts (FlowStoreServices.messages): discard, an unchanged edit, an order that cannot be edited. */
export const FLOW_MESSAGES = {
  outcome: outcomeOf,
  cancelChanges: CANCEL_CHANGES_TEXT,
  leaveRequest: {
    // Said of bookings and redeliveries alike (issue 25: a redelivery is not called a booking).
    title: 'Leave this request?',
    message: 'What you typed is kept as a draft: it is offered when you come back to this screen.',
  },
  leaveEdit: {
    title: 'Leave without saving?',
    message: 'Your changes to this order are not saved: the order stays as it was.',
  },
  nothingChanged: 'Nothing has changed: change something, or go back to the dashboard.',
  notEditable:
    'This order cannot be edited now. Use Load Booking on the dashboard to start a new request from it.',
  fillInFirst: 'Fill in {fields} first.',
} as const;
/** SPEC §2 Session warning and New Version dialogs. */
export const SESSION_WARNING_TITLE = 'Session Timeout Warning';
export const SESSION_WARNING_TEXT = 'Do you want to continue your session?';
export const NEW_VERSION_TITLE = 'New Version';
export const NEW_VERSION_TEXT = 'New updates available, application will reload.';

/** The server's lockout message: the minutes travel between '!*' markers (SPEC §8). */
export function lockoutServerMessage(minutes: number): string {
  return `Your ${LOCKED_ACCOUNT_TEXT}${LOCKOUT_MARKER}${minutes}${LOCKOUT_MARKER}minutes remain before it unlocks.`;
}

export type LoginFailure =
  | { kind: 'invalid' }
  | { kind: 'locked'; minutes: string }
  | { kind: 'other'; text: string };

/** SPEC §8: how the login page reads a failed sign-in's message. */
export function classifyLoginFailure(message: string): LoginFailure {
  if (message.includes(INVALID_LOGIN_TEXT)) return { kind: 'invalid' };
  if (message.includes(LOCKED_ACCOUNT_TEXT)) {
    return { kind: 'locked', minutes: (message.split(LOCKOUT_MARKER)[1] ?? '').trim() };
  }
  return { kind: 'other', text: message };
}

/** The page text shown for a locked account, around the Reset Password link. */
export function lockoutPageText(minutes: string): { before: string; after: string } {
  return {
    before: `Your account has been locked, please wait ${minutes} minutes for the account to unlock or`,
    after: 'to unlock your account now',
  };
}
