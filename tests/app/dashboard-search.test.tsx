// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import { LazyAuthLayout, LazyChakraScope } from '../../src/app/layout/chakra-lazy';
import { HOME_PATH } from '../../src/app/paths';
import { areaRouteAt } from '../../src/app/router/preload';
import { DASHBOARD_PAGE_SIZE } from '../../src/domain/constants';
import { PENDING_NUMBER_TEXT } from '../../src/domain/messages';
import { currentPage, openDashboard, pagination, tableRows, withRealApp } from './support/dashboard-app';

const real = withRealApp();

describe('dashboard search', { timeout: 90_000 }, () => {
  it('asks for the default search and the code of the page as the URL names the dashboard, before the signed-in layout is drawn (issue 30 §3)', async () => {
    // First in this file: the app's first signed-in page, whose layout and Chakra scope load now
    // (React.lazy keeps them once loaded, so a later test's first render no longer waits for them).
    const dashboardPage = areaRouteAt(HOME_PATH)?.page;
    if (!dashboardPage) throw new Error('no dashboard route');
    // Whether the signed-in header was on the page when the page's code was asked for.
    const headerWhenFetched: boolean[] = [];
    const fetchCode = dashboardPage.preload;
    const preload = vi.spyOn(dashboardPage, 'preload').mockImplementation(() => {
      headerWhenFetched.push(document.querySelector('[aria-label="Open menu"]') !== null);
      return fetchCode();
    });
    const root = await real.signIn('demo.customer');
    // Whether the signed-in header was on the page when the search left (read as the call is made).
    let headerWhenAsked: boolean | null = null;
    root.api.interceptors.request.use(
      (config) => {
        if (headerWhenAsked === null && config.method === 'post' && config.url?.includes('dashboard'))
          headerWhenAsked = document.querySelector('[aria-label="Open menu"]') !== null;
        return config;
      },
      undefined,
      { synchronous: true },
    );
    await openDashboard(root);
    preload.mockRestore();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(headerWhenAsked).toBe(false);
    // Once, beside Chakra's and the layout's code, not after they rendered.
    expect(headerWhenFetched).toEqual([false]);
  });

  it('starts the search before the layout is drawn when the sign-in page fetched its code ahead (issue 30 §3)', async () => {
    // As after typing on the sign-in page: Chakra, the layout and the dashboard are here, so the
    // first signed-in render draws them at once, in the same commit as the route rules.
    await Promise.all([
      LazyChakraScope.preload(),
      LazyAuthLayout.preload(),
      areaRouteAt(HOME_PATH)?.page.preload(),
    ]);
    const root = await real.signIn('demo.customer');
    // The route's `enter` opens the dashboard's search; the page's own effect opens it again later.
    let headerWhenOpened: boolean | null = null;
    const open = root.dashboard.open.bind(root.dashboard);
    root.dashboard.open = () => {
      headerWhenOpened ??= document.querySelector('[aria-label="Open menu"]') !== null;
      open();
    };
    await openDashboard(root);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(headerWhenOpened).toBe(false);
    expect(tableRows().length).toBeGreaterThan(0);
  });

  it('opens with the default search (created in the last 90 days) and shows its first page', async () => {
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    const expected = await real.server.search('demo.customer', {
      CreatedFrom: defaultCreatedFrom(),
      PageSize: DASHBOARD_PAGE_SIZE,
    });
    expect(expected.TotalCount).toBeGreaterThan(DASHBOARD_PAGE_SIZE);
    expect((screen.getByLabelText('Created from') as HTMLInputElement).value).toBe(defaultCreatedFrom());
    expect(screen.getByText(`Rows 1–${DASHBOARD_PAGE_SIZE} of ${expected.TotalCount}`)).toBeTruthy();
    const rows = tableRows();
    expect(rows).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(rows.map((r) => r[0])).toEqual(
      expected.ResultSet.map((r) => r.BookingCode ?? PENDING_NUMBER_TEXT),
    );
    // Issue 14: the order number beside the booking number.
    expect(rows.map((r) => r[1])).toEqual(expected.ResultSet.map((r) => String(r.BookingOrderId)));
    expect(rows.map((r) => r[7])).toEqual(expected.ResultSet.map((r) => r.StatusName));
    // A customer searches only its own bookings: no customer field.
    expect(screen.queryByLabelText('Customer')).toBeNull();
  });

  it('pages with next and last, and clamps a page past the end to the last page', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    await openDashboard(root);
    const total = root.dashboard.totalCount;
    const last = Math.ceil(total / DASHBOARD_PAGE_SIZE);
    expect(last).toBeGreaterThan(5);
    expect(
      within(pagination())
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);

    await u.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText(`Rows 21–40 of ${total}`);
    expect(currentPage()).toBe('2');
    const page2 = await real.server.search('demo.staff', {
      CreatedFrom: defaultCreatedFrom(),
      StartRecordNumber: 21,
      PageSize: DASHBOARD_PAGE_SIZE,
    });
    expect(tableRows().map((r) => r[0])).toEqual(
      page2.ResultSet.map((r) => r.BookingCode ?? PENDING_NUMBER_TEXT),
    );

    await u.click(screen.getByRole('button', { name: 'Last page' }));
    const firstOfLast = (last - 1) * DASHBOARD_PAGE_SIZE + 1;
    await screen.findByText(`Rows ${firstOfLast}–${total} of ${total}`);
    expect(currentPage()).toBe(String(last));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(pagination())
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => Number(b.textContent)),
    ).toEqual([last - 4, last - 3, last - 2, last - 1, last]);

    await root.dashboard.goToPage(last + 40);
    expect(root.dashboard.page).toBe(last);
    await root.dashboard.goToPage(-3);
    await screen.findByText(`Rows 1–20 of ${total}`);
    expect(currentPage()).toBe('1');
  });

  it('shows the info message when nothing matches', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    await u.type(screen.getByLabelText('Booking number'), 'ZZ999');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No items are found that meet your search criteria.')).toBeTruthy();
    expect(tableRows()).toEqual([]);
    expect(screen.getByText('No bookings to show.')).toBeTruthy();
    expect(screen.getByText('No rows')).toBeTruthy();
  });

  it('refuses an empty form with "Invalid search criteria" and a reversed range with its own message', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    const sent: string[] = [];
    root.api.interceptors.request.use((config) => {
      sent.push(String(config.url));
      return config;
    });
    const before = tableRows();

    await u.click(screen.getByRole('button', { name: 'Clear' }));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Invalid search criteria')).toBeTruthy();

    await u.type(screen.getByLabelText('Created from'), '2026-10-10');
    await u.type(screen.getByLabelText('Created to'), '2026-10-01');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByText('Created from must be on or before Created to.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Created from').getAttribute('aria-invalid')).toBe('true');

    expect(sent.filter((url) => url.includes('/dashboard/search'))).toEqual([]);
    expect(tableRows()).toEqual(before);
  });

  it('lets staff search by customer (at least 2 characters)', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    await openDashboard(root);
    const customer = root.dashboard.rows[0]?.CustomerNameWithSCAC ?? '';
    const field = screen.getByLabelText('Customer');
    await u.type(field, 'A');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByText('Customer: type at least 2 characters.')).not.toHaveLength(0);

    await u.clear(field);
    await u.type(field, customer);
    await u.click(screen.getByRole('button', { name: 'Search' }));
    const expected = await real.server.search('demo.staff', {
      CreatedFrom: defaultCreatedFrom(),
      CustomerName: customer,
      PageSize: DASHBOARD_PAGE_SIZE,
    });
    await waitFor(() => expect(root?.dashboard.totalCount).toBe(expected.TotalCount));
    expect(new Set(tableRows().map((r) => r[3]))).toEqual(new Set([customer]));
  });
  it('shows the start page’s counts, asked for once the page’s own search has answered (issue 25, issue 30 §3)', async () => {
    const root = await real.signIn('demo.staff');
    // For each count asked for (a one-row search), whether the page's search had answered by then.
    let searchAnswered = false;
    const countsAskedAfterSearch: boolean[] = [];
    root.api.interceptors.request.use((config) => {
      if ((config.data as { PageSize?: number } | undefined)?.PageSize === 1)
        countsAskedAfterSearch.push(searchAnswered);
      return config;
    });
    // The page's search answered only once the page, its summary included, is drawn and its
    // effects have had their turn: a count asked for beside the search is asked for by then.
    root.api.interceptors.response.use(async (res) => {
      if (JSON.parse(String(res.config.data ?? '{}')).PageSize !== DASHBOARD_PAGE_SIZE) return res;
      await screen.findByRole('region', { name: 'Summary' }, { timeout: 15_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      searchAnswered = true;
      return res;
    });
    await openDashboard(root);
    const summary = screen.getByRole('region', { name: 'Summary' });
    const tile = (label: string) => within(summary).getByText(label).closest('dl');
    const [open, awaiting] = await Promise.all(
      (['OP', 'PN'] as const).map((StatusCode) =>
        real.server.search('demo.staff', { StatusCode, PageSize: 1 }),
      ),
    );
    await waitFor(() => expect(tile('Open bookings')?.textContent).toBe(`Open bookings${open?.TotalCount}`));
    expect(tile('Awaiting review')?.textContent).toBe(`Awaiting review${awaiting?.TotalCount}`);
    expect(within(summary).getByRole('link', { name: 'Pending queue' })).toBeTruthy();
    expect(countsAskedAfterSearch).toEqual([true, true, true]);
  });
});
