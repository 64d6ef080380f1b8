/**
 * The answer of a booking submit: the same whether the order was just booked (insertOrder returns
 * its rows) or an Idempotency-Key replay reads it back.
 */
import { type Kysely, sql } from 'kysely';
import { outcomeOf } from '../../domain/messages';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';

/** SPEC §4: pending bookings are reviewed by Customer Support and get their numbers once confirmed. */
export const pendingMessage = (reason: string | null): string =>
  `Your request is pending review by Customer Support${reason ? ` (${reason.toLowerCase()})` : ''}. You will receive booking numbers once it is confirmed.`;

/**
 * Issue 25: an edit that sends an open order to review (more than its contract line or origin
 * allows) leaves the bookings it already had open, with their numbers; only what was added waits.
 */
export const pendingEditMessage = (reason: string | null): string =>
  `Your changes are pending review by Customer Support${reason ? ` (${reason.toLowerCase()})` : ''}. Bookings that already have a number stay open as they are; the new ones get their numbers once the changes are confirmed.`;

/** An order as presented: its own columns. */
export interface PresentedOrderRow {
  booking_order_id: number;
  booking_order_type_code: string;
  order_status_code: string | null;
  version: number;
}

/** One booking of an order as presented, with its location names and its named chassis. */
export interface PresentedBookingRow {
  booking_id: number;
  booking_code: string | null;
  location_id: number;
  location_name: string;
  to_location_name: string | null;
  equipment_category_code: string;
  equipment_class_code: string;
  units_requested_count: number;
  status_code: string;
  chassis: string[] | null;
}

/**
 * The answer of a submit from the order's rows, its bookings' in id order, and the description of
 * its pending reason (pending orders only): the one way an order is presented, whether its rows
 * were read back (presentOrder) or returned by the statement that wrote them (insertOrder).
 */
export function presentRows(
  order: PresentedOrderRow,
  bookings: readonly PresentedBookingRow[],
  pendingReason: string | null,
): BookingSubmitResponse {
  const pending = order.order_status_code === 'PN';
  return {
    BookingOrderId: order.booking_order_id,
    BookingOrderTypeCode: order.booking_order_type_code,
    StatusCode: pending ? 'PN' : 'OP',
    PendingReview: pending,
    Message: pending
      ? (bookings.some((b) => b.booking_code !== null) ? pendingEditMessage : pendingMessage)(pendingReason)
      : outcomeOf(order.booking_order_type_code).confirmed,
    Version: order.version,
    Bookings: bookings.map((b) => {
      const named = b.chassis ?? [];
      return {
        BookingId: b.booking_id,
        BookingCode: b.booking_code,
        LocationId: b.location_id,
        LocationName: b.location_name,
        ...(b.to_location_name ? { ToLocationName: b.to_location_name } : {}),
        EquipmentSize: b.equipment_category_code,
        EquipmentClass: b.equipment_class_code,
        UnitsRequestedCount: b.units_requested_count,
        BookingStatusCode: b.status_code,
        ...(named.length > 0 ? { Chassis: named } : {}),
      };
    }),
  };
}

export async function presentOrder(db: Kysely<Database>, orderId: number): Promise<BookingSubmitResponse> {
  // One round trip: the order, a row per booking (or one with no booking), and each booking's
  // named chassis.
  const rows = await db
    .selectFrom('booking_orders as o')
    .leftJoin('bookings as b', 'b.booking_order_id', 'o.booking_order_id')
    .leftJoin('locations as l', 'l.location_id', 'b.location_id')
    .leftJoin('locations as to', 'to.location_id', 'b.to_location_id')
    .select((eb) => [
      'o.booking_order_id',
      'o.booking_order_type_code',
      'o.status_code as order_status_code',
      'o.version',
      'to.location_name as to_location_name',
      'b.booking_id',
      'b.booking_code',
      'b.location_id',
      'l.location_name',
      'b.equipment_category_code',
      'b.equipment_class_code',
      'b.units_requested_count',
      'b.status_code',
      eb
        .selectFrom('booking_chassis as bc')
        .innerJoin('chassis as c', 'c.chassis_master_id', 'bc.chassis_master_id')
        .select(sql<string[] | null>`array_agg(c.chassis_id order by c.chassis_id)`.as('ids'))
        .whereRef('bc.booking_id', '=', 'b.booking_id')
        .as('chassis'),
    ])
    .where('o.booking_order_id', '=', orderId)
    .orderBy('b.booking_id')
    .execute();
  const order = rows[0];
  if (!order) throw new Error(`no booking order ${orderId} to present`);
  // A booking's own columns are set whenever it is there (the left join makes them look optional).
  const bookings = rows.filter(
    (b): b is (typeof rows)[number] & PresentedBookingRow => b.booking_id !== null,
  );
  const reason =
    order.order_status_code === 'PN'
      ? await db
          .selectFrom('pending_requests as p')
          .leftJoin('reasons as r', (join) =>
            join.onRef('r.reason_code', '=', 'p.pending_reason_code').on('r.reason_kind', '=', 'PENDING'),
          )
          .select('r.description')
          .where('p.booking_order_id', '=', orderId)
          .orderBy('p.pending_request_id')
          .executeTakeFirst()
      : undefined;
  return presentRows(order, bookings, reason?.description ?? null);
}
