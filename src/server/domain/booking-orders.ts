/**
 * Writes one booking order with its bookings, the pending request when it waits for staff, and its
 * audit entry. Called inside the booking's transaction (booking-transaction.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { bookingCode, reserveBookingIds } from './booking-numbers';

export type OrderStatus = 'OP' | 'PN';

/** Why an order waits for Customer Support: the pending request's type and reason codes. */
export const PendingReason = {
  overAvailability: { requestType: 'OVER_AVAILABILITY', reason: 'OVER_AVAIL' },
  overThreshold: { requestType: 'OVER_THRESHOLD', reason: 'OVER_THRESHOLD' },
  classReview: { requestType: 'CLASS_REVIEW', reason: 'NEW_CUSTOMER' },
} as const;
export type PendingReasonValue = (typeof PendingReason)[keyof typeof PendingReason];

export interface NewBooking {
  locationId: number;
  category: string;
  equipmentClass: string;
  units: number;
  /** Reuse: the chassis the booking names (booking_chassis). */
  chassisMasterIds?: readonly number[];
}

export interface NewOrder {
  orderType: 'PB' | 'DL' | 'RU';
  customerId: number;
  marketCode: string | null;
  contact: { ContactName: string; EmailAddresses: string };
  idempotencyKey: string;
  createdBy: number;
  bookings: readonly NewBooking[];
  /** Set when the order waits for staff: every booking is PN and has no number yet. */
  pending: PendingReasonValue | null;
  /** Extra facts for the audit entry (e.g. what made it pending). */
  audit?: Record<string, unknown>;
}

export async function insertOrder(trx: Kysely<Database>, order: NewOrder): Promise<number> {
  const status: OrderStatus = order.pending ? 'PN' : 'OP';
  const { booking_order_id: orderId } = await trx
    .insertInto('booking_orders')
    .values({
      booking_order_type_code: order.orderType,
      customer_id: order.customerId,
      responsible_party_id: null,
      motor_carrier_id: null,
      market_code: order.marketCode,
      contract_id: null,
      status_code: status,
      contact_name: order.contact.ContactName,
      email_addresses: order.contact.EmailAddresses,
      booking_comment: null,
      idempotency_key: order.idempotencyKey,
      created_by: order.createdBy,
      updated_by: order.createdBy,
    })
    .returning('booking_order_id')
    .executeTakeFirstOrThrow();

  const ids = await reserveBookingIds(trx, order.bookings.length);
  const rows = order.bookings.map((b, i) => {
    const { bookingId, year2 } = ids[i] as (typeof ids)[number];
    return {
      booking_id: bookingId,
      booking_order_id: orderId,
      booking_code: status === 'OP' ? bookingCode(order.orderType, year2, bookingId) : null,
      location_id: b.locationId,
      to_location_id: null,
      equipment_category_code: b.category,
      equipment_class_code: b.equipmentClass,
      units_requested_count: b.units,
      status_code: status,
      rail_terminal_release_number: null,
    };
  });
  await trx.insertInto('bookings').values(rows).execute();
  const chassis = order.bookings.flatMap((b, i) =>
    (b.chassisMasterIds ?? []).map((id) => ({
      booking_id: rows[i]?.booking_id as number,
      chassis_master_id: id,
    })),
  );
  if (chassis.length > 0) await trx.insertInto('booking_chassis').values(chassis).execute();

  if (order.pending) {
    await trx
      .insertInto('pending_requests')
      .values({
        booking_order_id: orderId,
        request_type_code: order.pending.requestType,
        pending_reason_code: order.pending.reason,
        status: 'PENDING',
        failure_code: null,
        validated_by: null,
        validated_at: null,
        decided_by: null,
        decided_at: null,
      })
      .execute();
  }
  await trx
    .insertInto('audit_log')
    .values({
      entity_type: 'booking_order',
      entity_id: String(orderId),
      action: 'created',
      changed_by: order.createdBy,
      details: JSON.stringify({
        type: order.orderType,
        status,
        units: order.bookings.reduce((sum, b) => sum + b.units, 0),
        bookings: rows.map((r) => ({
          code: r.booking_code,
          location: r.location_id,
          units: r.units_requested_count,
        })),
        ...(order.pending ? { pendingReason: order.pending.reason } : {}),
        ...order.audit,
      }),
    })
    .execute();
  return orderId;
}
