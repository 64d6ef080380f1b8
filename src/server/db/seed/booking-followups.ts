/**
 * What follows from the booking orders: pending-queue requests, term-lease order fees, the audit
 * trail of creation and status changes, and the chassis that fulfilled bookings handed out.
 */

import { orderAuditRow, STATUS_FIELD } from '../../domain/order-audit';
import type { BookingChassisTable, BookingOrderFeeTable, PendingRequestTable } from '../types';
import type { OrderPlan } from './booking-orders';
import type { ChassisRow } from './chassis';
import type { FeeRow } from './fees';
import { iso, notAfterAnchor, type Rng } from './random';

export type PendingRequestRow = Omit<
  PendingRequestTable,
  'pending_request_id' | 'created_at' | 'validated_at' | 'decided_at'
> & {
  created_at: string;
  validated_at: Date | null;
  decided_at: Date | null;
};
export type OrderFeeRow = Omit<
  BookingOrderFeeTable,
  'long_term_order_fee_id' | 'cancelled' | 'locked_for_edit'
> & {
  cancelled: boolean;
  locked_for_edit: boolean;
};
export interface AuditRow {
  entity_type: string;
  entity_id: string;
  action: string;
  changed_by: number | null;
  api_key_id: number | null;
  changed_at: string;
  details: string;
}

/** Request type → the pending reason that goes with it. */
const REQUEST_KINDS: ReadonlyArray<readonly [readonly [string, string], number]> = [
  [['OVER_THRESHOLD', 'OVER_THRESHOLD'], 5],
  [['OVER_AVAILABILITY', 'OVER_AVAIL'], 4],
  [['CLASS_REVIEW', 'NEW_CUSTOMER'], 2],
  [['STANDING_REVIEW', 'CREDIT'], 1],
];
const FAILURES = ['NO_INVENTORY', 'THRESHOLD_EXCEEDED', 'CREDIT_HOLD', 'LOCATION_CLOSED'];
const later = (at: string, hours: number) => iso(notAfterAnchor(Date.parse(at) + hours * 3_600_000));

export function buildPendingRequests(
  rng: Rng,
  plans: readonly OrderPlan[],
  staff: readonly number[],
): PendingRequestRow[] {
  const rows: PendingRequestRow[] = [];
  for (const { order, initialStatus } of plans) {
    if (initialStatus !== 'PN') continue;
    const [type, reason] =
      order.booking_order_type_code === 'TL' && rng.chance(0.5)
        ? ['TERM_CHANGE', 'TERM_CHANGE']
        : rng.weighted(REQUEST_KINDS);
    const open = order.status_code === 'PN';
    const validated = open ? rng.chance(0.4) : true;
    const rejected = order.status_code === 'CN';
    const staffId = rng.pick(staff);
    rows.push({
      booking_order_id: order.booking_order_id,
      request_type_code: type,
      pending_reason_code: reason,
      status: open ? (validated ? 'VALIDATED' : 'PENDING') : rejected ? 'REJECTED' : 'ACCEPTED',
      failure_code: rejected || (validated && rng.chance(0.3)) ? rng.pick(FAILURES) : null,
      validated_by: validated ? staffId : null,
      validated_at: validated ? new Date(later(order.created_at, rng.int(1, 20))) : null,
      decided_by: open ? null : staffId,
      decided_at: open ? null : new Date(later(order.created_at, rng.int(21, 60))),
      created_at: order.created_at,
    });
  }
  return rows;
}

/** Term lease orders carry the booking fee, and the location fee where one of their bookings is charged. */
export function buildOrderFees(plans: readonly OrderPlan[], fees: readonly FeeRow[]): OrderFeeRow[] {
  const byCode = new Map(fees.map((f) => [f.fee_code, f]));
  const atLocation = new Map(
    fees
      .filter((f) => f.location_id !== null && f.booking_order_type_code === 'TL')
      .map((f) => [f.location_id, f]),
  );
  const rows: OrderFeeRow[] = [];
  for (const { order, bookings } of plans) {
    const type = order.booking_order_type_code;
    if (type !== 'TL' && type !== 'TR') continue;
    const cancelled = order.status_code === 'CN';
    const locked = order.status_code === 'CL' || order.status_code === 'FF';
    const main = byCode.get(type === 'TL' ? 'TL_BOOKING' : 'TL_REDELIVERY') as FeeRow;
    const first = bookings[0]?.location_id ?? null;
    rows.push({
      booking_order_id: order.booking_order_id,
      fee_id: main.fee_id,
      location_id: first,
      fee_amount: main.amount,
      cancelled,
      locked_for_edit: locked,
    });
    if (type !== 'TL') continue;
    for (const b of bookings) {
      const fee = atLocation.get(b.location_id);
      if (!fee) continue;
      rows.push({
        booking_order_id: order.booking_order_id,
        fee_id: fee.fee_id,
        location_id: b.location_id,
        fee_amount: fee.amount,
        cancelled: cancelled || b.status_code === 'CN',
        locked_for_edit: locked,
      });
    }
  }
  return rows;
}

/** The same rows the domain writes (order-audit.ts): a creation, then the status it reached. */
export function buildAuditLog(plans: readonly OrderPlan[]): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const { order, initialStatus } of plans) {
    const orderId = order.booking_order_id;
    rows.push({
      ...orderAuditRow({
        actor: order.created_by === null ? null : { userId: order.created_by, apiKeyId: null },
        orderId,
        action: 'created',
        changes: { [STATUS_FIELD]: { old: null, new: initialStatus } },
        facts: { type: order.booking_order_type_code, status: initialStatus },
      }),
      changed_at: order.created_at,
    });
    if (order.status_code === initialStatus) continue;
    rows.push({
      ...orderAuditRow({
        actor: order.updated_by === null ? null : { userId: order.updated_by, apiKeyId: null },
        orderId,
        action: 'status_changed',
        changes: { [STATUS_FIELD]: { old: initialStatus, new: order.status_code } },
      }),
      changed_at: order.updated_at === order.created_at ? later(order.created_at, 1) : order.updated_at,
    });
  }
  return rows;
}

/** Fulfilled pickups name the chassis the customer still holds, each chassis handed out once. */
export function buildBookingChassis(
  plans: readonly OrderPlan[],
  chassis: readonly ChassisRow[],
): BookingChassisTable[] {
  const held = new Map<string, number[]>();
  for (const c of chassis) {
    if (c.status !== 'ON_HIRE') continue;
    const key = `${c.on_hire_customer_id}/${c.contract_id ?? ''}`;
    const list = held.get(key) ?? [];
    list.push(c.chassis_master_id);
    held.set(key, list);
  }
  const rows: BookingChassisTable[] = [];
  const pickups = new Set(['PB', 'RU', 'DL', 'TL']);
  // Newest orders first: the chassis still on hire are the ones most recently picked up.
  const newestFirst = [...plans].sort((a, b) => b.order.created_at.localeCompare(a.order.created_at));
  for (const { order, bookings } of newestFirst) {
    if (!pickups.has(order.booking_order_type_code)) continue;
    const list = held.get(`${order.customer_id}/${order.contract_id ?? ''}`);
    if (!list) continue;
    for (const b of bookings) {
      for (let i = 0; i < b.units_fulfilled_count && list.length > 0; i++) {
        rows.push({ booking_id: b.booking_id, chassis_master_id: list.shift() as number });
      }
    }
  }
  return rows;
}
