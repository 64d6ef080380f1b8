/** GET /api/dashboard/details/{id} and PUT /api/bookingorder/cancelOrder: the whole order, scoping, cancelling. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { customerIdOf, search } from './dashboard-helpers';

describe.each(databaseKinds)('dashboard detail and cancel order on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let ssl: string;
  let readonly: string;
  let outbox: string;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brr-dashboard-'));
    outbox = join(dataDir, 'outbox');
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    [staff, customer, ssl, readonly] = await Promise.all([
      t.tokenFor('demo.staff'),
      t.tokenFor('demo.customer'),
      t.tokenFor('demo.ssl'),
      t.tokenFor('demo.readonly'),
    ]);
  });
  afterAll(() => t.close());

  const detail = (token: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/dashboard/details/${id}`, headers: bearer(token) });
  const cancel = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/bookingorder/cancelOrder', headers: bearer(token), payload });

  /** An order of the user's own customer whose bookings are all open or pending. */
  async function openOrderOf(user: string, status: 'OP' | 'PN', type = 'PB'): Promise<number> {
    const customerId = await customerIdOf(t, user);
    const res = await sql<{ booking_order_id: number }>`
      select o.booking_order_id from booking_orders o
      where o.customer_id = ${customerId} and o.booking_order_type_code = ${type} and o.status_code = ${status}
        and not exists (select 1 from bookings b where b.booking_order_id = o.booking_order_id
                        and b.status_code not in ('OP', 'PN'))
        and exists (select 1 from bookings b where b.booking_order_id = o.booking_order_id)
      order by o.booking_order_id limit 1`.execute(t.handle.db);
    const id = res.rows[0]?.booking_order_id;
    if (!id) throw new Error(`${user} has no open ${type} order in the demo data`);
    return Number(id);
  }

  it('shows the whole order: bookings, locations with address and hours as a list, contact, history', async () => {
    const { booking_order_id: id } = (
      await sql<{ booking_order_id: number }>`
        select o.booking_order_id from booking_orders o join audit_log a
          on a.entity_type = 'booking_order' and a.entity_id = o.booking_order_id::text and a.action = 'status_changed'
        where o.booking_order_type_code = 'PB' and o.email_addresses like '%;%'
        order by o.booking_order_id limit 1`.execute(t.handle.db)
    ).rows[0] as { booking_order_id: number };
    const res = await detail(staff, id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const order = (
      await sql<{ units: number; n: number; emails: string }>`
        select sum(b.units_requested_count)::int as units, count(*)::int as n, max(o.email_addresses) as emails
        from bookings b join booking_orders o using (booking_order_id) where o.booking_order_id = ${id}`.execute(
        t.handle.db,
      )
    ).rows[0] as { units: number; n: number; emails: string };
    expect(d).toMatchObject({
      BookingOrderId: id,
      BookingOrderTypeCode: 'PB',
      BookingOrderTypeName: 'Pool Booking',
    });
    expect(d.Bookings).toHaveLength(order.n);
    expect(d.TotalUnits).toBe(order.units);
    expect(d.EmailAddresses).toEqual(order.emails.split(';').map((e) => e.trim()));
    expect(d.Customer.CustomerNameWithSCAC).toMatch(/^.+ \([A-Z]{2,4}\)$/);
    const location = d.Bookings[0].Location;
    expect(location.LocationStreet1).not.toBe('');
    expect(Array.isArray(location.OperatingHours)).toBe(true);
    const hours = (
      await sql<{
        operating_hours: string;
      }>`select operating_hours from locations where location_id = ${location.LocationId}`.execute(
        t.handle.db,
      )
    ).rows[0]?.operating_hours as string;
    expect(location.OperatingHours).toEqual(
      hours
        .split(';')
        .map((h) => h.trim())
        .filter(Boolean),
    );
    expect(d.History.map((h: { Action: string }) => h.Action)).toEqual(['created', 'status_changed']);
    expect(d.History[1].StatusCode).toBe(d.StatusCode);
  });

  it('answers another customer’s order, an unknown id and an IR order as not found, and a bad id as 400', async () => {
    const mine = await openOrderOf('demo.customer', 'OP');
    expect((await detail(customer, mine)).statusCode).toBe(200);
    const other = await detail(ssl, mine);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatch(/not found/);
    expect((await detail(staff, 999_999_999)).statusCode).toBe(404);
    const ir = (
      await sql<{ booking_order_id: number }>`
        select booking_order_id from booking_orders where booking_order_type_code = 'IR' limit 1`.execute(
        t.handle.db,
      )
    ).rows[0];
    if (!ir) throw new Error('the demo data should hold an internal reservation order');
    expect((await detail(staff, ir.booking_order_id)).statusCode).toBe(404);
    const bad = await detail(staff, 'abc');
    expect(bad.statusCode).toBe(400);
  });

  it('lets the customer withdraw a pending order: every booking CN, history, mail, and once only', async () => {
    const id = await openOrderOf('demo.customer', 'PN');
    const before = (await detail(customer, id)).json();
    expect(before.CanCancel).toBe(true);
    expect((await detail(ssl, id)).statusCode).toBe(404);
    expect((await cancel(ssl, { BookingOrderId: id })).statusCode).toBe(404);
    const readOnly = await cancel(readonly, { BookingOrderId: id });
    expect(readOnly.statusCode).toBe(403);
    const badMail = await cancel(customer, { BookingOrderId: id, AdditionalEmails: 'not-an-address' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().error).toBe('Invalid email address');
    expect((await detail(customer, id)).json().StatusCode).toBe('PN');

    const res = await cancel(customer, { BookingOrderId: id, AdditionalEmails: 'yard@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.StatusCode).toBe('CN');
    expect(after.CanCancel).toBe(false);
    for (const b of after.Bookings) expect(b).toMatchObject({ StatusCode: 'CN', StatusName: 'Cancelled' });
    expect(after.History.at(-1)).toMatchObject({
      Action: 'cancelled',
      StatusCode: 'CN',
      StatusName: 'Cancelled',
    });
    expect(after.History.at(-1).ChangedBy).not.toBe('System');

    const again = await cancel(customer, { BookingOrderId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/can no longer be cancelled/);

    const rows = (await search(t, customer, { StatusCode: 'CN', CreatedFrom: '2000-01-01' })).json()
      .ResultSet;
    expect(rows.find((r: { BookingOrderId: number }) => r.BookingOrderId === id)).toMatchObject({
      StatusCode: 'CN',
    });
    const pending = await sql<{ status: string }>`
      select status from pending_requests where booking_order_id = ${id}`.execute(t.handle.db);
    for (const p of pending.rows) expect(p.status).toBe('REJECTED');

    // The notice is sent after the answer: wait for it to land in the outbox.
    const notice = await vi.waitFor(() => {
      const mails = existsSync(outbox)
        ? readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'))
        : [];
      const found = mails.find((m) => m.includes(`order ${id}: cancelled`));
      if (!found) throw new Error('no cancellation notice in the outbox yet');
      return found;
    });
    expect(notice).toContain('yard@example.com');
    // Issue 25: names, never codes, in what the customer reads.
    expect(notice).toMatch(/unit\(s\) of \d+' Chassis/);
    expect(notice).not.toMatch(/Chassis\.\d|\(location \d+\)/);
  });

  it('closes a partly picked-up order: picked-up bookings Closed, the rest Cancelled', async () => {
    const id = await openOrderOf('demo.customer', 'OP');
    const before = await sql<{ booking_id: number; units_fulfilled_count: number }>`
      select booking_id, units_fulfilled_count from bookings where booking_order_id = ${id}`.execute(
      t.handle.db,
    );
    expect(
      before.rows.some((b) => b.units_fulfilled_count > 0),
      'the demo open order is partly picked up',
    ).toBe(true);
    const res = await cancel(staff, { BookingOrderId: id });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.StatusCode).toBe('CL');
    for (const b of after.Bookings) {
      const fulfilled = before.rows.find((r) => r.booking_id === b.BookingId)?.units_fulfilled_count ?? 0;
      expect(b.StatusCode).toBe(fulfilled > 0 ? 'CL' : 'CN');
      expect(b.UnitsFulfilledCount).toBe(fulfilled);
    }
    expect(after.History.at(-1)).toMatchObject({ Action: 'cancelled', StatusCode: 'CL' });
  });

  it('refuses to cancel what cannot be cancelled', async () => {
    const fulfilled = (
      await sql<{ booking_order_id: number }>`
        select o.booking_order_id from booking_orders o join bookings b using (booking_order_id)
        where o.booking_order_type_code = 'PB' and b.status_code = 'FF' limit 1`.execute(t.handle.db)
    ).rows[0] as { booking_order_id: number };
    const res = await cancel(staff, { BookingOrderId: fulfilled.booking_order_id });
    expect(res.statusCode).toBe(409);
    const term = (
      await sql<{ booking_order_id: number }>`
        select booking_order_id from booking_orders where booking_order_type_code = 'TL' and status_code = 'OP' limit 1`.execute(
        t.handle.db,
      )
    ).rows[0];
    if (!term) throw new Error('the demo data should hold an open term lease order');
    const tl = await cancel(staff, { BookingOrderId: term.booking_order_id });
    expect(tl.statusCode).toBe(409);
    expect(tl.json().error).toMatch(/its own booking screen/);
    const unknownField = await cancel(staff, { BookingOrderId: 1, Reason: 'x' });
    expect(unknownField.statusCode).toBe(400);
    const missing = await cancel(staff, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/BookingOrderId is required/);
  });
});
