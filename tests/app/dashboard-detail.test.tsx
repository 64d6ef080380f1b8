// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import { orderCancelOutcomeText, PENDING_NUMBER_TEXT } from '../../src/domain/messages';
import {
  cancellableRow,
  currentPage,
  openDashboard,
  resultsTable,
  tableRows,
  withRealApp,
} from './support/dashboard-app';

const real = withRealApp();

const orderHeading = (id: number) =>
  screen.findByRole('heading', { level: 1, name: `Booking Order ${id}` }, { timeout: 15_000 });

describe('dashboard detail view', { timeout: 90_000 }, () => {
  it('opens a row of page 2 with the whole order, and Back to Dashboard returns to page 2 as it was', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    await u.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentPage()).toBe('2'));
    const page2 = tableRows();
    const row = root.dashboard.rows[0];
    if (!row) throw new Error('page 2 is empty');
    const expected = await real.server.detail('demo.customer', row.BookingOrderId);

    const firstRow = within(resultsTable()).getAllByRole('row')[1] as HTMLElement;
    await u.hover(within(firstRow).getByRole('button', { name: 'View' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('View');
    await u.click(within(firstRow).getByRole('button', { name: 'View' }));

    await orderHeading(row.BookingOrderId);
    const bookings = await screen.findByRole('table', { name: 'Bookings of the order' });
    expect(within(bookings).getAllByRole('row')).toHaveLength(expected.Bookings.length + 1);
    for (const b of expected.Bookings) {
      expect(within(bookings).getByText(b.BookingCode ?? PENDING_NUMBER_TEXT)).toBeTruthy();
    }
    const location = expected.Bookings[0]?.Location;
    if (!location) throw new Error('the order has no booking');
    const card = screen.getByRole('region', { name: location.LocationName });
    expect(within(card).getByText(location.LocationStreet1)).toBeTruthy();
    const hours = within(card)
      .queryAllByRole('listitem')
      .map((li) => li.textContent);
    expect(hours).toEqual(location.OperatingHours);
    const history = screen.getByRole('table', { name: 'Order history' });
    expect(within(history).getAllByRole('row')).toHaveLength(expected.History.length + 1);
    expect(screen.getByText(expected.StatusName, { selector: 'dd *, dd' })).toBeTruthy();

    const sent: string[] = [];
    root.api.interceptors.request.use((config) => {
      sent.push(String(config.url));
      return config;
    });
    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
    expect(currentPage()).toBe('2');
    expect(tableRows()).toEqual(page2);
    // Issue 25: Back to Dashboard reads the page again (a booking made meanwhile shows), the same page.
    expect(sent.filter((url) => url.includes('/dashboard/search')).length).toBeGreaterThan(0);
  });

  it('cancels an order after confirmation, and says an order it may not see was not found', async () => {
    const u = userEvent.setup();
    const { detail } = await cancellableRow(real.server, 'demo.customer', {
      CreatedFrom: defaultCreatedFrom(),
    });
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    window.location.hash = `#/app/dashboard/details/${detail.BookingOrderId}`;
    await orderHeading(detail.BookingOrderId);

    await u.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeTruthy();

    await u.type(screen.getByLabelText(/Also notify/), 'not-an-email');
    await u.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await u.clear(screen.getByLabelText(/Also notify/));

    await u.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await u.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Order' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull());
    const after = await real.server.detail('demo.customer', detail.BookingOrderId);
    expect(after.CanCancel).toBe(false);
    // The message says what happened, as the order's status does (issue 14).
    expect(
      await screen.findByText(orderCancelOutcomeText(detail.BookingOrderId, after.StatusCode)),
    ).toBeTruthy();
    const bookings = screen.getByRole('table', { name: 'Bookings of the order' });
    for (const b of after.Bookings)
      expect(within(bookings).getAllByText(b.StatusName).length).toBeGreaterThan(0);

    // Another customer's order: the server answers 404 and the page says not found, nothing more.
    const ssl = await real.server.search('demo.ssl', { CreatedFrom: '2000-01-01', PageSize: 100 });
    const mine = new Set(
      (await real.server.search('demo.customer', { CreatedFrom: '2000-01-01', PageSize: 100 })).ResultSet.map(
        (r) => r.BookingOrderId,
      ),
    );
    const foreign = ssl.ResultSet.find((r) => !mine.has(r.BookingOrderId));
    if (!foreign) throw new Error('demo.ssl has no order demo.customer cannot see');
    window.location.hash = `#/app/dashboard/details/${foreign.BookingOrderId}`;
    expect(
      await screen.findByText('This booking order was not found.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
