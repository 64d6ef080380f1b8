/**
 * Chassis a customer holds that a pool redelivery accepts, found through the real API as that
 * customer (never from the database): its fulfilled bookings' chassis (dashboard search and
 * detail), kept when POST /api/poolredelivery/check says valid. Shared by the jsdom and e2e tests.
 */
export type ApiCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

interface SearchAnswer {
  ResultSet: Array<{ BookingOrderId: number }>;
}
interface DetailAnswer {
  Bookings?: Array<{ Chassis?: string[] }>;
}
interface CheckAnswer {
  Results: Array<{ Input: string; Valid: boolean }>;
}

/** Every chassis the customer's picked-up bookings name (fulfilled, closed, open). */
export async function heldChassisCandidates(call: ApiCall, orderType?: string): Promise<string[]> {
  const found = new Set<string>();
  for (const status of ['FF', 'CL', 'OP']) {
    const search = (await call('POST', '/api/dashboard/search', {
      StatusCode: status,
      PageSize: 100,
      ...(orderType ? { BookingOrderTypeCode: orderType } : {}),
    })) as SearchAnswer;
    for (const id of new Set(search.ResultSet.map((r) => r.BookingOrderId))) {
      const detail = (await call('GET', `/api/dashboard/details/${id}`)) as DetailAnswer;
      for (const b of detail.Bookings ?? []) for (const c of b.Chassis ?? []) found.add(c);
    }
  }
  return [...found];
}

export async function redeliverableChassis(call: ApiCall, count: number): Promise<string[]> {
  const candidates = await heldChassisCandidates(call);
  const valid: string[] = [];
  for (let i = 0; i < candidates.length && valid.length < count; i += 300) {
    const check = (await call('POST', '/api/poolredelivery/check', {
      ChassisIds: candidates.slice(i, i + 300),
    })) as CheckAnswer;
    for (const r of check.Results) if (r.Valid) valid.push(r.Input);
  }
  return valid.slice(0, count);
}
