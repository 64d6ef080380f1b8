// @vitest-environment jsdom
/**
 * Issue 18 in jsdom against the real server: an order's detail shows its trail (who, when, each
 * field old → new), and staff search the trail by customer and download it; a customer never
 * reaches the staff page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditTrailStore } from '../../src/app/audit/AuditTrailStore';
import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import { bookingStatusName } from '../../src/domain/status-codes';
import { cancellableRow, withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

/** What the page handed to the browser's download: jsdom has no object URLs, so they are recorded. */
let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** demo.customer's company in the seed (src/server/db/seed/users.ts). */
const DEMO_CUSTOMER_ID = 1;

describe('the audit trail on screen', { timeout: 120_000 }, () => {
  it('shows who cancelled an order and each field old → new in its detail', async () => {
    const { row, detail } = await cancellableRow(real.server, 'demo.customer', {
      CreatedFrom: defaultCreatedFrom(),
    });
    const token = await real.server.token('demo.customer');
    const cancelled = await real.server.call('PUT', '/api/bookingorder/cancelOrder', {
      token,
      body: { BookingOrderId: row.BookingOrderId },
    });
    expect(cancelled.status).toBe(200);
    const booking = detail.Bookings[0];
    if (!booking) throw new Error('the order has no booking');

    const root = await real.signIn('demo.customer');
    renderAppAt(`/app/dashboard/details/${row.BookingOrderId}`, root);
    await screen.findByRole(
      'heading',
      { level: 1, name: `Booking Order ${row.BookingOrderId}` },
      { timeout: 30_000 },
    );
    const history = await screen.findByRole('table', { name: 'Order history' }, { timeout: 30_000 });
    const rows = within(history).getAllByRole('row');
    const last = rows.at(-1) as HTMLElement;
    expect(within(last).getByText('Casey Customer')).toBeTruthy();
    expect(within(last).getAllByText('Cancelled').length).toBeGreaterThan(0);
    const changes = within(last)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changes).toContain(`Status: ${bookingStatusName(detail.StatusCode)} → Cancelled`);
    if (booking.BookingCode)
      expect(changes).toContain(
        `Booking ${booking.BookingCode}.Status: ${bookingStatusName(booking.StatusCode)} → Cancelled`,
      );
  });

  it('lets staff filter the trail by customer, page through it and download it', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    renderAppAt('/audit_trail', root);
    await screen.findByRole('heading', { level: 1, name: 'Audit Trail' }, { timeout: 15_000 });

    await u.type(screen.getByLabelText('Customer (id)'), 'x');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    // The server's answer, shown as it is (no check of the browser's own).
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid query: CustomerId must be a whole number.',
    );

    // Found by name or SCAC; choosing it fills the customer filter.
    await u.type(screen.getByLabelText('Find customer'), 'DMCR');
    const found = await screen.findByRole(
      'option',
      { name: 'Demo Motor Carrier (DMCR)' },
      { timeout: 15_000 },
    );
    await u.selectOptions(screen.getByLabelText('Customer found'), found);
    expect((screen.getByLabelText('Customer (id)') as HTMLInputElement).value).toBe(String(DEMO_CUSTOMER_ID));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Audit trail' }, { timeout: 15_000 });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.length).toBeGreaterThan(0);
    for (const r of body) expect(within(r).getByText('Demo Motor Carrier (DMCR)')).toBeTruthy();
    const list = auditTrailStore(root).list;
    expect(screen.getByText(`${list.total} changes; page 1 of ${list.lastPage}.`)).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Export (Excel)' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 30_000 });
    expect(saved[0]?.name).toMatch(/^audit-trail-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (saved[0]?.blob ?? new Blob()).arrayBuffer());
    const sheet = workbook.getWorksheet('Audit trail');
    expect(sheet?.getRow(1).getCell(1).value).toBe('When');
    expect(sheet?.getRow(2).getCell(3).value).toBe('Demo Motor Carrier (DMCR)');
    expect(await screen.findByText(/^Downloaded audit-trail-.*\.xlsx\.$/)).toBeTruthy();
  });

  it('keeps a customer out: no menu entry, and the address leads to the dashboard', async () => {
    const root = await real.signIn('demo.customer');
    renderAppAt('/audit_trail', root);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: 'Audit Trail' })).toBeNull();
  });
});
