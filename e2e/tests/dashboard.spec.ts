import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import { DASHBOARD_PAGE_SIZE } from '../../src/domain/constants';
import { BookingStatus } from '../../src/domain/status-codes';
import { exportColumns } from '../../src/server/domain/dashboard-export';
import { ApiSession, expect, test } from '../fixtures/dashboard-page';

test.beforeEach(async ({ loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
});

test('demo.customer searches, pages, opens a booking order and goes back to the same page', async ({
  page,
  dashboard,
  request,
}) => {
  const api = await ApiSession.signIn(request, 'demo.customer');
  const all = await api.search({ CreatedFrom: defaultCreatedFrom(), PageSize: DASHBOARD_PAGE_SIZE });
  expect(await dashboard.shown()).toEqual({
    first: 1,
    last: Math.min(DASHBOARD_PAGE_SIZE, all.TotalCount),
    total: all.TotalCount,
  });

  await page.getByLabel('Order type').selectOption({ label: 'Pool Booking' });
  await dashboard.search();
  const pool = await api.search({
    CreatedFrom: defaultCreatedFrom(),
    BookingOrderTypeCode: 'PB',
    PageSize: 1,
  });
  await expect(dashboard.rowsText).toHaveText(
    `Rows 1–${Math.min(DASHBOARD_PAGE_SIZE, pool.TotalCount)} of ${pool.TotalCount}`,
  );
  await expect(dashboard.bodyRows().first().getByRole('cell').nth(2)).toHaveText('Pool Booking');

  await page.getByLabel('Order type').selectOption({ label: 'Any' });
  await dashboard.search();
  await dashboard.page.getByRole('button', { name: 'Next page' }).click();
  expect(all.TotalCount, 'the demo data should fill more than one page').toBeGreaterThan(DASHBOARD_PAGE_SIZE);
  expect(await dashboard.shown()).toEqual({
    first: DASHBOARD_PAGE_SIZE + 1,
    last: Math.min(2 * DASHBOARD_PAGE_SIZE, all.TotalCount),
    total: all.TotalCount,
  });
  await expect(dashboard.currentPage).toHaveText('2');
  const firstOfPage2 = await dashboard.bodyRows().first().getAttribute('data-booking-id');

  // SPEC §2: the row actions have tooltips (opening after 5 ms).
  const load = dashboard.bodyRows().first().getByRole('button', { name: 'Book again' });
  await expect(await dashboard.tooltipOf(load)).toHaveText(/^Book again/);
  const view = dashboard.bodyRows().first().getByRole('button', { name: 'View' });
  await expect(await dashboard.tooltipOf(view)).toHaveText('View');
  await dashboard.bodyRows().first().getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/#\/app\/dashboard\/details\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Booking Order \d+$/);
  await expect(page.getByRole('table', { name: 'Bookings of the order' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Order history' })).toBeVisible();

  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/#\/app\/dashboard$/);
  await expect(dashboard.currentPage).toHaveText('2');
  await expect(dashboard.bodyRows().first()).toHaveAttribute('data-booking-id', firstOfPage2 ?? '');
});

test('demo.customer reads an axle order’s size by its name, though its lookups hold no axle', async ({
  page,
  dashboard,
  request,
}) => {
  const api = await ApiSession.signIn(request, 'demo.customer');
  const all = await api.search({ CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31', PageSize: 100 });
  const axle = all.ResultSet.find((r) => r.EquipmentSize === 'Axle.Axle' && r.BookingCode);
  expect(axle, 'the demo customer is a party to an axle reposition').toBeDefined();
  await page.getByLabel('Booking number').fill(axle?.BookingCode as string);
  await dashboard.search();
  await expect(dashboard.rowsText).toHaveText('Rows 1–1 of 1');
  // The Size column: the name people read, not the code.
  await expect(dashboard.bodyRows().first().getByRole('cell').nth(5)).toHaveText('Axle');
  await expect(page.getByText('Axle.Axle')).toHaveCount(0);
});

test('demo.customer downloads the search as a spreadsheet with every row', async ({ page, dashboard }) => {
  const { total } = await dashboard.shown();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (Excel)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{8}-\d{4}\.xlsx$/);
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'));
  try {
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(exportColumns({ offsetMinutes: 0 }).map((c) => c.header));
    expect(sheet.actualRowCount).toBe(total + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a row changes to Cancelled while another session cancels its order', async ({
  page,
  dashboard,
  request,
}) => {
  const customer = await ApiSession.signIn(request, 'demo.customer');
  const pending = await customer.search({
    CreatedFrom: defaultCreatedFrom(),
    StatusCode: 'PN',
    PageSize: DASHBOARD_PAGE_SIZE,
  });
  let target: { bookingId: number; orderId: number } | null = null;
  for (const row of pending.ResultSet) {
    const detail = await customer.detail(row.BookingOrderId);
    if (detail.CanCancel && detail.Bookings.every((b) => b.UnitsFulfilledCount === 0)) {
      target = { bookingId: row.BookingId, orderId: row.BookingOrderId };
      break;
    }
  }
  if (!target) throw new Error('demo.customer has no pending order it may cancel');

  await page.getByLabel('Status').selectOption({ label: BookingStatus.PN });
  await dashboard.search();
  const row = dashboard.row(target.bookingId);
  await expect(dashboard.statusOf(row)).toHaveText(BookingStatus.PN);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const position = await dashboard
    .bodyRows()
    .evaluateAll(
      (rows, id) => rows.findIndex((r) => r.getAttribute('data-booking-id') === String(id)),
      target.bookingId,
    );

  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/dashboard/search')) searches.push(r.url());
  });
  const staff = await ApiSession.signIn(request, 'demo.staff');
  await staff.cancelOrder(target.orderId);

  await expect(dashboard.statusOf(row)).toHaveText(BookingStatus.CN);
  // In place: same position, no reload, no new search.
  await expect(dashboard.bodyRows().nth(position)).toHaveAttribute(
    'data-booking-id',
    String(target.bookingId),
  );
  await expect(page).toHaveURL(/#\/app\/dashboard$/);
  expect(searches).toEqual([]);
});
