import { BOOKING_TYPE_FACTS, type BookingOrderTypeCode, orderTypesWhere } from './booking-type-facts';

/** SPEC §3: booking status codes and their names. A missing status is shown as "New". */
export const BookingStatus = {
  OP: 'Open',
  CL: 'Closed',
  FF: 'Fulfilled',
  CN: 'Cancelled',
  EX: 'Expired',
  PN: 'Pending',
  NA: 'Unknown',
} as const;
export type BookingStatusCode = keyof typeof BookingStatus;
export const BOOKING_STATUS_CODES = Object.keys(BookingStatus) as BookingStatusCode[];

export function bookingStatusName(code: string | null | undefined): string {
  if (!code) return 'New';
  return (BookingStatus as Record<string, string>)[code] ?? BookingStatus.NA;
}

/** SPEC §5: the pending statuses offered are only these. */
export const PENDING_STATUS_CODES: readonly BookingStatusCode[] = ['PN', 'CN', 'FF'];

/** Booking order types and their names (src/domain/booking-type-facts.ts). IR and MI are internal-only, RD is never offered (SPEC §5). */
export const BookingOrderType = Object.fromEntries(
  BOOKING_TYPE_FACTS.map((f) => [f.orderType, f.name]),
) as Record<BookingOrderTypeCode, string>;
export type { BookingOrderTypeCode };
export const BOOKING_ORDER_TYPE_CODES: BookingOrderTypeCode[] = BOOKING_TYPE_FACTS.map((f) => f.orderType);

/**
 * SPEC §5: dashboard order types exclude IR and MI (internal, never a customer's booking), and RD is
 * removed from the booking order type list. The dashboard searches and offers only these.
 */
export const DASHBOARD_HIDDEN_ORDER_TYPES: readonly string[] = orderTypesWhere((f) => !f.onDashboard);
export const DASHBOARD_ORDER_TYPES = BOOKING_ORDER_TYPE_CODES.filter(
  (code) => !DASHBOARD_HIDDEN_ORDER_TYPES.includes(code),
);

/** The status filter that matches orders with no status yet (shown as "New", SPEC §3). */
export const NEW_STATUS_FILTER = 'NEW';
