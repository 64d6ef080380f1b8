/**
 * Writes one booking order with its bookings, the pending request when it waits for staff, and its
 * audit entry. Called inside the booking's transaction (booking-transaction.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import { insertTogether } from '../db/insert-together';
import type { Database } from '../db/types';
import {
  bookingCode,
  type ReservedBookingId,
  reserveBookingIds,
  reservedBookingIdColumns,
  reservedBookingIds,
} from '../domain/booking-numbers';
import { type PresentedBookingRow, presentRows } from '../domain/booking-presenter';
import { type ChassisClaim, claimChassis, claimCovers } from '../domain/chassis-holds';
import { type OrderActor, type OrderAuditEntry, orderAuditRow, STATUS_FIELD } from '../domain/order-audit';

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
  /** Reposition: a destination's own fields (location_id is then the origin). */
  toLocationId?: number;
  extendable?: boolean;
  motorCarrierId?: number | null;
  bookingComment?: string | null;
  railTerminalReleaseNumber?: string | null;
  withRedelivery?: boolean;
  redeliveryRequestedCount?: number;
  /** Term lease: the contract line the booking draws on. */
  equipmentLineId?: number;
}

/** A listed chassis where its booking will be: the location, its size and class. */
export interface PlacedChassis {
  locationId: number;
  category: string;
  equipmentClass: string;
  chassisMasterId: number;
}

/**
 * One booking per (location, size, class) naming its chassis, in the order they were listed: how
 * an order of listed chassis (reuse, pool redelivery) books them.
 */
export function bookingsOfChassis(listed: readonly PlacedChassis[]): NewBooking[] {
  const groups = new Map<string, NewBooking & { chassisMasterIds: number[] }>();
  for (const { locationId, category, equipmentClass, chassisMasterId } of listed) {
    const key = `${locationId}|${category}|${equipmentClass}`;
    const group = groups.get(key) ?? { locationId, category, equipmentClass, units: 0, chassisMasterIds: [] };
    group.chassisMasterIds.push(chassisMasterId);
    group.units = group.chassisMasterIds.length;
    groups.set(key, group);
  }
  return [...groups.values()];
}

export interface NewOrder {
  /** A registry order type (bookings/registry.ts); the generic frames check it before a booker runs. */
  orderType: string;
  customerId: number;
  /**
   * The market the booking screen chose. Without one, the order's market comes from its locations:
   * that of its first booking (an order spanning markets shows each booking's own on the dashboard).
   */
  marketCode?: string | null;
  /** Term lease: the contract the order books against. */
  contractId?: number;
  contact: { ContactName: string; EmailAddresses: string; SendToExternalParties?: boolean };
  /** The type's own header fields (the order document's Details). */
  details?: Record<string, unknown>;
  /** The submit's Idempotency-Key and what it asked for (booking-transaction.ts idempotencyOf). */
  idempotency: { key: string; fingerprint: string };
  /** Who books: created_by is the user; the audit entry also names the API key, if any. */
  actor: OrderActor;
  bookings: readonly NewBooking[];
  /** Set when the order waits for staff: every booking is PN and has no number yet. */
  pending: PendingReasonValue | null;
  /** Extra facts for the audit entry (e.g. what made it pending). */
  audit?: Record<string, unknown>;
  /** The booker's own claim of the chassis it names (chassis-holds.ts chassisStanding with `lock`). */
  claim?: ChassisClaim;
}

/**
 * The rows of an order's bookings, numbered when they are open (pending ones get numbers on
 * acceptance), with the ids given or else drawn first.
 */
async function bookingRows(
  trx: Kysely<Database>,
  orderId: number,
  orderType: string,
  status: OrderStatus,
  bookings: readonly NewBooking[],
  reserved?: readonly ReservedBookingId[],
) {
  const ids = reserved ?? (await reserveBookingIds(trx, bookings.length));
  return bookings.map((b, i) => {
    const { bookingId, year2 } = ids[i] as (typeof ids)[number];
    return {
      booking_id: bookingId,
      booking_order_id: orderId,
      booking_code: status === 'OP' ? bookingCode(orderType, year2, bookingId) : null,
      location_id: b.locationId,
      to_location_id: b.toLocationId ?? null,
      equipment_category_code: b.category,
      equipment_class_code: b.equipmentClass,
      ...(b.extendable !== undefined ? { extendable: b.extendable } : {}),
      units_requested_count: b.units,
      status_code: status,
      rail_terminal_release_number: b.railTerminalReleaseNumber ?? null,
      motor_carrier_id: b.motorCarrierId ?? null,
      booking_comment: b.bookingComment ?? null,
      with_redelivery: b.withRedelivery ?? false,
      redelivery_requested_count: b.redeliveryRequestedCount ?? 0,
      equipment_line_id: b.equipmentLineId ?? null,
    };
  });
}

/** Writes bookings of an order (bookingRows), and answers their rows. */
export async function insertBookings(
  trx: Kysely<Database>,
  orderId: number,
  orderType: string,
  status: OrderStatus,
  bookings: readonly NewBooking[],
) {
  const rows = await bookingRows(trx, orderId, orderType, status, bookings);
  if (rows.length > 0) await trx.insertInto('bookings').values(rows).execute();
  return rows;
}

/** Puts an order in the pending queue for `reason` (a new pending request). */
const pendingRequestInsert = (trx: Kysely<Database>, orderId: number, reason: PendingReasonValue) =>
  trx.insertInto('pending_requests').values({
    booking_order_id: orderId,
    request_type_code: reason.requestType,
    pending_reason_code: reason.reason,
    status: 'PENDING',
    failure_code: null,
    validated_by: null,
    validated_at: null,
    decided_by: null,
    decided_at: null,
  });

export async function insertPendingRequest(
  trx: Kysely<Database>,
  orderId: number,
  reason: PendingReasonValue,
): Promise<void> {
  await pendingRequestInsert(trx, orderId, reason).execute();
}

async function marketOfFirstBooking(trx: Kysely<Database>, bookings: readonly NewBooking[]) {
  const first = bookings[0];
  if (!first) return null;
  const location = await trx
    .selectFrom('locations')
    .select('market_code')
    .where('location_id', '=', first.locationId)
    .executeTakeFirst();
  return location?.market_code ?? null;
}

/**
 * Thrown by insertOrder when the order's Idempotency-Key is stored already (an earlier submit, or
 * a racing one that committed first): the booking frame rolls back and answers by that key.
 */
export class KeyAlreadyStored extends Error {
  constructor() {
    super('the Idempotency-Key is stored already');
    this.name = 'KeyAlreadyStored';
  }
}

/** A written order: its id, and the submit's answer from the rows the writes returned. */
export interface PlacedOrder {
  orderId: number;
  answer: BookingSubmitResponse;
}

/**
 * What the order's rows statement selects from the rows it wrote (insertTogether's names): each
 * booking as presentOrder reads it, and the pending reason's description.
 */
function presentation(written: { bookings: boolean; chassis: boolean; pending: boolean }) {
  const pendingReason = written.pending
    ? sql`(select r.description from new_pending p
        join reasons r on r.reason_code = p.pending_reason_code and r.reason_kind = 'PENDING')`
    : sql`null::text`;
  if (!written.bookings) return sql`select ${pendingReason} as pending_reason`;
  const chassis = written.chassis
    ? sql`(select array_agg(c.chassis_id order by c.chassis_id) from new_chassis bc
        join chassis c on c.chassis_master_id = bc.chassis_master_id where bc.booking_id = b.booking_id)`
    : sql`null::text[]`;
  return sql`select b.booking_id, b.booking_code, b.location_id, l.location_name,
      t.location_name as to_location_name, b.equipment_category_code, b.equipment_class_code,
      b.units_requested_count, b.status_code, ${chassis} as chassis, ${pendingReason} as pending_reason
    from new_bookings b
    join locations l on l.location_id = b.location_id
    left join locations t on t.location_id = b.to_location_id
    order by b.booking_id`;
}

export async function insertOrder(trx: Kysely<Database>, order: NewOrder): Promise<PlacedOrder> {
  const status: OrderStatus = order.pending ? 'PN' : 'OP';
  // A chassis is on one open booking at a time (chassis-holds.ts): refused before anything is
  // written, unless the booker's check claimed them already.
  const named = order.bookings.flatMap((b) => b.chassisMasterIds ?? []);
  if (!claimCovers(order.claim, order.orderType, named))
    await claimChassis(trx, named, { orderType: order.orderType });
  const inserted = await trx
    .insertInto('booking_orders')
    .values({
      booking_order_type_code: order.orderType,
      customer_id: order.customerId,
      responsible_party_id: null,
      motor_carrier_id: null,
      market_code: order.marketCode ?? (await marketOfFirstBooking(trx, order.bookings)),
      contract_id: order.contractId ?? null,
      status_code: status,
      contact_name: order.contact.ContactName,
      email_addresses: order.contact.EmailAddresses,
      send_external_notification: order.contact.SendToExternalParties === true,
      details: order.details ? JSON.stringify(order.details) : null,
      booking_comment: null,
      idempotency_key: order.idempotency.key,
      request_fingerprint: order.idempotency.fingerprint,
      created_by: order.actor.userId,
      updated_by: order.actor.userId,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['booking_order_id', 'version', ...reservedBookingIdColumns(order.bookings.length)])
    .executeTakeFirst();
  if (!inserted) throw new KeyAlreadyStored();
  const orderId = inserted.booking_order_id;

  const rows = await bookingRows(
    trx,
    orderId,
    order.orderType,
    status,
    order.bookings,
    reservedBookingIds(inserted),
  );
  const chassis = order.bookings.flatMap((b, i) =>
    (b.chassisMasterIds ?? []).map((id) => ({
      booking_id: rows[i]?.booking_id as number,
      chassis_master_id: id,
    })),
  );
  const entry: OrderAuditEntry = {
    actor: order.actor,
    orderId,
    action: 'created',
    changes: { [STATUS_FIELD]: { old: null, new: status } },
    facts: {
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
    },
  };
  // The rest of the order in one round trip (issue 30 §1), which also answers what the submit
  // presents; the trail's webhook trigger runs at the statement's end and sees the bookings.
  const written = { bookings: rows.length > 0, chassis: chassis.length > 0, pending: order.pending !== null };
  const presented = await insertTogether<PresentedBookingRow & { pending_reason: string | null }>(
    trx,
    {
      ...(written.bookings
        ? {
            new_bookings: trx
              .insertInto('bookings')
              .values(rows)
              .returning([
                'booking_id',
                'booking_code',
                'location_id',
                'equipment_category_code',
                'equipment_class_code',
                'units_requested_count',
                'status_code',
                'to_location_id',
              ]),
          }
        : {}),
      ...(written.chassis
        ? {
            new_chassis: trx
              .insertInto('booking_chassis')
              .values(chassis)
              .returning(['booking_id', 'chassis_master_id']),
          }
        : {}),
      ...(order.pending
        ? { new_pending: pendingRequestInsert(trx, orderId, order.pending).returning('pending_reason_code') }
        : {}),
      new_audit: trx.insertInto('audit_log').values(orderAuditRow(entry)),
    },
    presentation(written),
  );
  const answer = presentRows(
    {
      booking_order_id: orderId,
      booking_order_type_code: order.orderType,
      order_status_code: status,
      version: inserted.version,
    },
    presented.filter((b) => b.booking_id != null),
    presented[0]?.pending_reason ?? null,
  );
  return { orderId, answer };
}
