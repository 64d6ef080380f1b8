import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import { downloadedText } from '../../src/app/dashboard/ExportStore';
import { DASHBOARD_PAGE_SIZE } from '../../src/domain/constants';
import { PENDING_NUMBER_TEXT } from '../../src/domain/messages';
import { ApiSession, expect, test } from '../fixtures/dashboard-page';

/**
 * Issue 14 "What a customer meets": the dashboard as a new customer finds it, at 1280 px (the
 * suite's default viewport) and on a 390 px phone.
 */
test.beforeEach(async ({ loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
});

test.describe('at 1280 px', () => {
  test('the table fits: every column and each row’s actions are on screen without scrolling sideways', async ({
    page,
    dashboard,
  }) => {
    await dashboard.shown();
    const headers = dashboard.results.getByRole('columnheader');
    await expect(headers).toHaveText([
      'Booking number',
      'Order number',
      'Order type',
      'Customer',
      'Location',
      'Size',
      'Quantity',
      'Status',
      'Created',
      'Updated',
      'Actions',
    ]);
    const viewport = page.viewportSize()?.width ?? 0;
    for (const name of ['Updated', 'Actions']) {
      const box = await headers.filter({ hasText: name }).boundingBox();
      expect(box && box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(viewport);
    }
    const view = dashboard.bodyRows().first().getByRole('button', { name: 'View' });
    await expect(view).toBeInViewport();
    const overflow = await dashboard.results.evaluate((t) => {
      const box = t.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(0);
  });

  test('the booking number opens the order’s detail; the order number and "awaiting review" show', async ({
    page,
    dashboard,
    request,
  }) => {
    const api = await ApiSession.signIn(request, 'demo.customer');
    const shown = await api.search({ CreatedFrom: defaultCreatedFrom(), PageSize: DASHBOARD_PAGE_SIZE });
    await dashboard.shown();
    const first = shown.ResultSet[0];
    if (!first) throw new Error('demo.customer has no booking to show');
    const row = dashboard.row(first.BookingId);
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(first.BookingOrderId));
    const pending = shown.ResultSet.find((r) => r.BookingCode === null);
    if (pending) {
      await expect(dashboard.row(pending.BookingId).getByRole('cell').first()).toHaveText(
        PENDING_NUMBER_TEXT,
      );
    }
    await row.getByRole('link', { name: first.BookingCode ?? PENDING_NUMBER_TEXT }).click();
    // A type with a view of its own (TR) rides along in the address.
    await expect(page).toHaveURL(
      new RegExp(`#/app/dashboard/details/${first.BookingOrderId}(\\?type=[A-Z]+)?$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking Order ${first.BookingOrderId}`);
  });

  test('the file buttons say their format, and the page confirms the download', async ({
    page,
    dashboard,
  }) => {
    await dashboard.shown();
    await expect(page.getByRole('button', { name: 'Export (CSV)' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (Excel)' }).click(),
    ]);
    await expect(
      page.getByRole('status').filter({ hasText: downloadedText(download.suggestedFilename()) }),
    ).toBeVisible();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each booking is a card with its number (a link to the detail), order, status and actions', async ({
    page,
    request,
  }) => {
    const api = await ApiSession.signIn(request, 'demo.customer');
    const shown = await api.search({ CreatedFrom: defaultCreatedFrom(), PageSize: DASHBOARD_PAGE_SIZE });
    const first = shown.ResultSet[0];
    if (!first) throw new Error('demo.customer has no booking to show');
    await expect(page.getByRole('table', { name: 'Bookings' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(cards).toHaveCount(shown.ResultSet.length);
    const card = cards.first();
    // The card names each value (issue 25's DataList card): "Order number 377".
    await expect(card).toContainText(new RegExp(`Order number\\s*${first.BookingOrderId}(?!\\d)`));
    await expect(card).toContainText(first.StatusName);
    await expect(card.getByRole('button', { name: 'View' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await card.getByRole('link', { name: first.BookingCode ?? PENDING_NUMBER_TEXT }).click();
    // A type with a view of its own (TR) rides along in the address.
    await expect(page).toHaveURL(
      new RegExp(`#/app/dashboard/details/${first.BookingOrderId}(\\?type=[A-Z]+)?$`),
    );
  });

  test('the filters fold: three stand above the bookings, the rest open under "More filters"', async ({
    page,
  }) => {
    const form = page.getByRole('form', { name: 'Search bookings' });
    await expect(form.getByLabel('Booking number')).toBeVisible();
    await expect(form.getByLabel('Market')).toHaveCount(0);
    // The default search's Created from is set, and hidden: the button says so.
    const more = form.getByRole('button', { name: 'More filters (1 set)' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const firstCard = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first();
    await expect(firstCard).toBeInViewport();
    await more.click();
    await expect(form.getByLabel('Market')).toBeVisible();
    await expect(form.getByLabel('Created from')).not.toHaveValue('');
    await expect(form.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
