/** Shared by the pending-*.test.ts files: putting a booking into the queue, and acting on it through the API. */
import type { LightMyRequestResponse } from 'fastify';
import type { PendingRequest } from '../../src/schemas/pending';
import { bearer, type TestApp } from '../helpers/test-app';
import {
  type AvailabilityRow,
  clearThresholds,
  type Equipment,
  POOL_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';

export const BASE = '/api/bookingpending';

export const post = (t: TestApp, path: string, token: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    headers: token ? bearer(token) : {},
    payload,
  });

export interface Queued {
  orderId: number;
  requestId: number;
  locationId: number;
  units: number;
}

/**
 * A pool booking of the customer named (whose user's token it is) at a place of the test's own that
 * goes to the queue over its weekly threshold (a cap of 0 in the market), while the units are there:
 * staff can accept it and the availability goes down.
 */
export async function queueOverThreshold(
  t: TestApp,
  customerToken: string,
  equipment: Equipment,
  units: number,
  place: AvailabilityRow,
  customerId: number,
): Promise<Queued> {
  if (place.Available < units)
    throw new Error(`${units} units asked of ${place.LocationName}, which has ${place.Available}`);
  await clearThresholds(t, customerId);
  await t.handle.db
    .insertInto('weekly_thresholds')
    .values({
      customer_id: customerId,
      market_code: equipment.MarketCode,
      equipment_category_code: null,
      weekly_limit: 0,
    })
    .execute();
  const res = await submit(
    t,
    POOL_URL,
    customerToken,
    unitsPayload('pool', equipment, [{ LocationId: place.LocationId, units, Available: place.Available }]),
  );
  if (res.statusCode !== 200) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  const order = res.json();
  if (order.StatusCode !== 'PN') throw new Error(`the booking did not go pending: ${res.body}`);
  await clearThresholds(t, customerId);
  const request = await t.handle.db
    .selectFrom('pending_requests')
    .select('pending_request_id')
    .where('booking_order_id', '=', order.BookingOrderId)
    .executeTakeFirstOrThrow();
  return {
    orderId: order.BookingOrderId,
    requestId: request.pending_request_id,
    locationId: place.LocationId,
    units,
  };
}

/** The request as the queue shows it (searched by its order number). */
export async function shown(t: TestApp, token: string, q: Queued, status = 'PN'): Promise<PendingRequest> {
  const res = await post(t, '/search', token, {
    BookingCode: String(q.orderId),
    BookingPendingStatus: status,
  });
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
  const found = (res.json().ResultSet as PendingRequest[]).find((r) => r.PendingRequestId === q.requestId);
  if (!found) throw new Error(`request ${q.requestId} not in the ${status} queue`);
  return found;
}

export const bodyOf = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

export async function orderState(t: TestApp, orderId: number) {
  const order = await t.handle.db
    .selectFrom('booking_orders')
    .select(['status_code', 'updated_by'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const bookings = await t.handle.db
    .selectFrom('bookings')
    .select(['booking_code', 'status_code'])
    .where('booking_order_id', '=', orderId)
    .orderBy('booking_id')
    .execute();
  const request = await t.handle.db
    .selectFrom('pending_requests')
    .select(['status', 'decided_by', 'decision_reason', 'failure_code'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { order, bookings, request };
}

export async function auditActions(t: TestApp, orderId: number) {
  return t.handle.db
    .selectFrom('audit_log')
    .select(['action', 'changed_by', 'details'])
    .where('entity_type', '=', 'booking_order')
    .where('entity_id', '=', String(orderId))
    .orderBy('audit_id')
    .execute();
}
