/**
 * Issue 18, the audit trail on screen: each change to an order and its bookings shows in the
 * order detail's History (who, when, old → new; a change made with an API key names the key), and
 * staff search the trail by user, customer and day and download it as .xlsx. The customer, its user
 * and the locations it books at are the test's own (tests/helpers/factories.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/schemas/audit';
import type { TrailEntry } from '../../src/schemas/dashboard';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { type Equipment, POOL_URL, unitsPayload } from './bookings-helpers';
import { post as pending, queueOverThreshold } from './pending-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const today = () => new Date().toISOString().slice(0, 10);

describe.each(databaseKinds)('order audit trail on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let ssl: string;
  let customerId: number;
  let customerUserId: number;
  /** The customer's user as the trail names it, and the customer as the export does. */
  let customerUser: string;
  let customerWithScac: string;
  let staffUserId: number;
  const started = new Date(Date.now() - 1000);

  beforeAll(async () => {
    t = await startTestApp(kind);
    [staff, ssl] = await Promise.all([t.tokenFor('demo.staff'), t.tokenFor('demo.ssl')]);
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    customerUserId = own.user.userId;
    customerUser = own.user.fullName;
    customerWithScac = `${own.customerName} (${own.scac})`;
    const staffUser = await t.handle.db
      .selectFrom('users')
      .select('user_id')
      .where('user_name', '=', 'demo.staff')
      .executeTakeFirstOrThrow();
    staffUserId = staffUser.user_id;
  }, 120_000);
  afterAll(() => t?.close());

  const trail = async (token: string, orderId: number): Promise<TrailEntry[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/details/${orderId}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`detail ${orderId}: ${res.statusCode} ${res.body}`);
    return res.json().History;
  };
  const auditSearch = (token: string, query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: { ...bearer(token), ...headers } });

  /** A fresh open pool booking of the customer, made with the given Authorization header. */
  async function book(
    headers: Record<string, string> = bearer(customer),
  ): Promise<{ id: number; code: string }> {
    const place = await stockedLocation(t, LAX_40, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: POOL_URL,
      headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
      payload: unitsPayload('pool', LAX_40, [
        { LocationId: place.LocationId, units: 2, Available: place.Available },
      ]),
    });
    if (res.statusCode !== 200) throw new Error(`booking: ${res.statusCode} ${res.body}`);
    const order = res.json();
    return { id: order.BookingOrderId, code: order.Bookings[0].BookingCode };
  }
  const cancel = (orderId: number, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers,
      payload: { BookingOrderId: orderId },
    });

  let booked: { id: number; code: string };

  it('shows a booking, its cancel and a pending decision in the detail, with who, when and old → new', async () => {
    booked = await book();
    const created = await trail(customer, booked.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      Action: 'created',
      ChangedBy: customerUser,
      ApiKeyName: null,
      StatusCode: 'OP',
      Changes: [{ Field: 'Status', Old: null, New: 'OP' }],
    });
    const at = new Date(created[0]?.ChangedAt as string);
    expect(at.getTime()).toBeGreaterThanOrEqual(started.getTime());
    expect(at.getTime()).toBeLessThanOrEqual(Date.now());

    const res = await cancel(booked.id, bearer(customer));
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = (await trail(customer, booked.id)).at(-1);
    expect(cancelled).toMatchObject({ Action: 'cancelled', ChangedBy: customerUser, StatusCode: 'CN' });
    // The order's status and its booking's, the booking named by its number.
    expect(cancelled?.Changes).toEqual([
      { Field: 'Status', Old: 'OP', New: 'CN' },
      { Field: `Booking ${booked.code}.Status`, Old: 'OP', New: 'CN' },
    ]);

    const q = await queueOverThreshold(
      t,
      customer,
      LAX_40,
      1,
      await stockedLocation(t, LAX_40, 1),
      customerId,
    );
    const rejected = await pending(t, '/execute/reject', staff, {
      PendingRequestIds: [q.requestId],
      Reason: 'Over the agreed weekly volume',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const decided = await trail(customer, q.orderId);
    expect(decided.map((h) => h.Action)).toEqual(['created', 'rejected']);
    expect(decided[1]).toMatchObject({
      ChangedBy: 'Dana Staff',
      StatusCode: 'CN',
      StatusName: expect.any(String),
      Changes: [{ Field: 'Status', Old: 'PN', New: 'CN' }],
      Note: 'Reason: Over the agreed weekly volume',
    });
  });

  it('names the API key a change was made with, and the user it acts for', async () => {
    const key = `brr_test_${randomBytes(16).toString('hex')}`;
    await t.handle.db
      .insertInto('api_keys')
      .values({
        customer_id: customerId,
        name: 'Carrier TMS',
        key_prefix: key.slice(0, 12),
        key_hash: createHash('sha256').update(key, 'utf8').digest('hex'),
        abilities: ['book', 'read', 'cancel'],
        created_by: customerUserId,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const withKey = { authorization: `ApiKey ${key}` };
    const order = await book(withKey);
    const res = await cancel(order.id, withKey);
    expect(res.statusCode, res.body).toBe(200);
    const entries = await trail(customer, order.id);
    expect(entries.map((h) => [h.Action, h.ChangedBy, h.ApiKeyName])).toEqual([
      ['created', `API key Carrier TMS (${customerUser})`, 'Carrier TMS'],
      ['cancelled', `API key Carrier TMS (${customerUser})`, 'Carrier TMS'],
    ]);
  });

  it('lets staff filter the trail by user, customer and day, a page at a time', async () => {
    const byUser = await auditSearch(staff, `UserId=${staffUserId}`);
    expect(byUser.statusCode, byUser.body).toBe(200);
    const staffEntries = byUser.json().Entries as AuditEntry[];
    expect(staffEntries.length).toBeGreaterThan(0);
    expect(staffEntries.every((e) => e.UserId === staffUserId)).toBe(true);
    expect(staffEntries.some((e) => e.Action === 'rejected')).toBe(true);

    const byCustomer = await auditSearch(staff, `CustomerId=${customerId}&Day=${today()}`);
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    const page = byCustomer.json();
    const expected = await sql<{ n: number }>`
      select count(*)::int as n from audit_log a join booking_orders o on a.entity_id = o.booking_order_id::text
      where a.entity_type = 'booking_order' and o.customer_id = ${customerId}
        and a.changed_at >= ${`${today()}T00:00:00Z`}::timestamptz
        and a.changed_at < ${`${today()}T00:00:00Z`}::timestamptz + interval '1 day'`.execute(t.handle.db);
    expect(page.TotalCount).toBe(Number(expected.rows[0]?.n));
    expect(page.TotalCount).toBeGreaterThanOrEqual(6);
    const entries = page.Entries as AuditEntry[];
    expect(entries.every((e) => e.CustomerId === customerId && e.ChangedAt.startsWith(today()))).toBe(true);
    // Newest first: the key's cancel comes before our first booking.
    const ids = entries.map((e) => e.AuditId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(entries.find((e) => e.BookingOrderId === booked.id && e.Action === 'cancelled')?.ChangedBy).toBe(
      customerUser,
    );

    // Another day has none of today's entries; the day is the caller's (TimeZoneOffset).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = (await auditSearch(staff, `CustomerId=${customerId}&Day=${yesterday}`)).json();
    expect((before.Entries as AuditEntry[]).some((e) => e.BookingOrderId === booked.id)).toBe(false);

    const second = (await auditSearch(staff, 'Page=2')).json();
    expect(second).toMatchObject({ Page: 2, PageSize: 50 });
    expect(second.Entries.length).toBeGreaterThan(0);
  });

  it('answers bad filters with a 400 that says what to send', async () => {
    const day = await auditSearch(staff, 'Day=2026-02-30');
    expect(day.statusCode).toBe(400);
    expect(day.json().error).toMatch(/Day must be a date on the calendar as YYYY-MM-DD/);
    for (const query of ['Day=yesterday', 'UserId=abc', 'Page=0', 'Colour=red']) {
      const res = await auditSearch(staff, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBeTruthy();
    }
  });

  it('refuses a customer the search, and shows a customer only their own orders’ trail', async () => {
    for (const url of ['/api/audit', '/api/audit/export']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(customer) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatch(/Only internal staff can search the audit trail/);
    }
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/details/${booked.id}`,
      headers: bearer(ssl),
    });
    expect(other.statusCode).toBe(404);
    expect((await trail(customer, booked.id)).length).toBe(2);
  });

  it('exports the filtered trail as a workbook, one row per field changed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit/export?CustomerId=${customerId}&Day=${today()}`,
      headers: bearer(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-trail-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Audit trail');
    if (!sheet) throw new Error('no Audit trail sheet');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const [header, ...body] = rows.map((r) => r.slice(1));
    expect(header).toEqual([
      'When',
      'Order Number',
      'Customer',
      'By',
      'API Key',
      'Action',
      'Status',
      'Field',
      'Old',
      'New',
      'Note',
    ]);
    // ExcelJS leaves trailing empty cells out of a row, so compare the cells up to New.
    const bookingCancel = body.find((r) => r[1] === booked.id && r[7] === `Booking ${booked.code}.Status`);
    expect(bookingCancel?.slice(0, 10)).toEqual([
      expect.any(Date),
      booked.id,
      customerWithScac,
      customerUser,
      undefined,
      'cancelled',
      'Cancelled',
      `Booking ${booked.code}.Status`,
      'OP',
      'CN',
    ]);
    expect(body.some((r) => r[4] === 'Carrier TMS')).toBe(true);
  });
});
