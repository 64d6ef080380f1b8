/**
 * The calls the flow pages make, all through the one api client (SPEC §7 headers). Flow files name
 * server paths (`/api/poolbooking/create`); the client's base URL already ends in the API base,
 * so the `/api` prefix is taken off here, once.
 */
import type { AxiosInstance } from 'axios';
import type { CustomerRow, LookupDataset } from '../../domain/lookups';
import { FlowSubmitError, type FlowSubmitResult } from '../../engine/core/flow-services';
import type { FieldError, RuleVerdict } from '../../engine/core/types';
import { ORDER_DOCUMENT_URL, type OrderDocument } from '../../schemas/booking-order';
import type { AvailableUnitRow } from '../../schemas/bookings';
import type { EquipmentVerdict } from '../../schemas/lookup';
import { isApiError } from './errors';

/** '/api/poolbooking/create' → '/poolbooking/create' (relative to the client's base URL). */
export const apiPath = (serverPath: string): string => serverPath.replace(/^\/api(?=\/)/, '');

/** Submits a flow; a refusal becomes a FlowSubmitError carrying the field errors and open questions. */
export async function submitFlow(
  api: AxiosInstance,
  url: string,
  body: Record<string, unknown>,
  idempotencyKey: string,
): Promise<FlowSubmitResult> {
  try {
    const res = await api.post<FlowSubmitResult>(apiPath(url), body, {
      headers: { 'Idempotency-Key': idempotencyKey },
      silent: true, // the flow shows the refusal itself, on the fields it concerns
    });
    return res.data;
  } catch (e) {
    if (!isApiError(e)) throw e;
    const refusal = (e.body ?? {}) as { errors?: FieldError[]; unanswered?: RuleVerdict[] };
    throw new FlowSubmitError(
      e.message,
      // A problem of the request as a whole (field '') is the message itself, not a field's error.
      Array.isArray(refusal.errors) ? refusal.errors.filter((f) => f.field !== '') : [],
      Array.isArray(refusal.unanswered) ? refusal.unanswered : [],
    );
  }
}

export interface AvailabilityQuery {
  CustomerId?: number;
  MarketCode: string;
  EquipmentSize: string;
  EquipmentClass: string;
}

/** One row of the available-units table (src/schemas/bookings.ts). */
export type AvailableLocation = AvailableUnitRow;

/** The units per location, and the server's instant of the read (its x-as-of header; else now). */
export async function fetchAvailableUnits(
  api: AxiosInstance,
  url: string,
  query: AvailabilityQuery,
): Promise<{ rows: AvailableLocation[]; asOf: string }> {
  const res = await api.post<AvailableLocation[]>(apiPath(url), query);
  const asOf = res.headers['x-as-of'];
  return {
    rows: Array.isArray(res.data) ? res.data : [],
    asOf: typeof asOf === 'string' && asOf !== '' ? asOf : new Date().toISOString(),
  };
}

/** The generic chassis check (POST /api/lookup/equipment); OrderType makes it the booking's own. */
export const EQUIPMENT_CHECK_URL = '/api/lookup/equipment';

/** POST /api/lookup/equipment (or a flow's own check): one verdict per ID, in order. */
export async function checkEquipment(
  api: AxiosInstance,
  url: string,
  chassisIds: readonly string[],
  extra: Readonly<Record<string, unknown>> = {},
): Promise<EquipmentVerdict[]> {
  const res = await api.post<{ Results: EquipmentVerdict[] }>(apiPath(url), {
    ...extra,
    ChassisIds: chassisIds,
  });
  return res.data?.Results ?? [];
}

/** GET /api/lookup/{customers dataset}?search=… (SPEC §5: at least 2 characters, contains). */
export async function searchCustomers(
  api: AxiosInstance,
  dataset: LookupDataset,
  search: string,
  /** SPEC §9 pool-booking-allowed filter (0 All, 1 Yes, 2 No), for staff's customer pickers. */
  poolBookingAllowed?: number,
): Promise<CustomerRow[]> {
  const params = poolBookingAllowed === undefined ? { search } : { search, poolBookingAllowed };
  const res = await api.get<CustomerRow[]>(`/lookup/${dataset}`, { params });
  return Array.isArray(res.data) ? res.data : [];
}

/** The order as a flow opens it (Edit, Load Booking): the flow's edit.open, else GET /api/bookingorder/{id}/document. */
export async function loadOrderDocument(
  api: AxiosInstance,
  bookingOrderId: number,
  url: string = ORDER_DOCUMENT_URL,
): Promise<OrderDocument> {
  const res = await api.get<OrderDocument>(apiPath(url.replace('{id}', String(bookingOrderId))), {
    silent: true, // the flow page shows why the order did not open, in place of the form
  });
  return res.data;
}

/** A step action's call (docs/flows.md); the method and url come from the flow file. */
export interface StepActionCall {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/**
 * Runs a step action's call through the one api client, so a failure takes SPEC §8's central path:
 * the message reduced from the answer (error field, body text, status text, 'Unknown Error'),
 * logged, and broadcast with the request id. Rejects with that ApiError.
 */
export async function requestStepAction(api: AxiosInstance, call: StepActionCall): Promise<unknown> {
  const res = await api.request({
    method: call.method,
    url: apiPath(call.url),
    data: call.method === 'POST' ? (call.body ?? {}) : undefined,
  });
  return res.data;
}
