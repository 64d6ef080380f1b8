/**
 * Shared by the dashboard-*.test.ts files: searching through the API, and the expected answer
 * computed straight from the tables with SQL of its own (not the dashboard's query code).
 */
import type { LightMyRequestResponse } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { DashboardRow } from '../../src/schemas/dashboard';
import { bearer, type TestApp } from '../helpers/test-app';

export function post(
  t: TestApp,
  url: string,
  token: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
}

export const search = (t: TestApp, token: string, body: object, headers: Record<string, string> = {}) =>
  post(t, '/api/dashboard/search', token, body, headers);

/** Every row of a search, page after page, as the API answers it. */
export async function allRows(
  t: TestApp,
  token: string,
  criteria: object,
  pageSize = 100,
): Promise<DashboardRow[]> {
  const rows: DashboardRow[] = [];
  for (let start = 1; ; start += pageSize) {
    const res = await search(t, token, { ...criteria, StartRecordNumber: start, PageSize: pageSize });
    if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
    const page = res.json();
    rows.push(...page.ResultSet);
    if (start + pageSize > page.TotalCount) return rows;
  }
}

/**
 * The booking ids a search should find, newest first: dashboard order types only (not IR, MI, RD),
 * and for a customer only orders where it is the customer, responsible party or motor carrier.
 */
export async function expectedIds(
  t: TestApp,
  where: RawBuilder<unknown> = sql`true`,
  customerId: number | null = null,
): Promise<number[]> {
  const scope =
    customerId === null
      ? sql`true`
      : sql`(o.customer_id = ${customerId} or o.responsible_party_id = ${customerId} or o.motor_carrier_id = ${customerId})`;
  const res = await sql<{ booking_id: number }>`
    select b.booking_id
    from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
    where o.booking_order_type_code not in ('IR', 'MI', 'RD') and ${scope} and ${where}
    order by b.created_at desc, b.booking_id desc`.execute(t.handle.db);
  return res.rows.map((r) => Number(r.booking_id));
}

export async function customerIdOf(t: TestApp, userName: string): Promise<number> {
  const res = await sql<{ customer_id: number }>`
    select customer_id from users where user_name = ${userName}`.execute(t.handle.db);
  return Number(res.rows[0]?.customer_id);
}
