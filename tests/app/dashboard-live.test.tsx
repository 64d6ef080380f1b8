// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultCreatedFrom, localDay } from '../../src/app/dashboard/criteria';
import { bookingStatusName } from '../../src/domain/status-codes';
import type { DashboardRow, OrderChangeMessage } from '../../src/schemas/dashboard';
import { cancellableRow, openDashboard, tableRows, withRealApp } from './support/dashboard-app';

const real = withRealApp();

/** Cancels an order as another session of the same customer would, through the API. */
async function cancelElsewhere(orderId: number) {
  const res = await real.server.call('PUT', '/api/bookingorder/cancelOrder', {
    token: await real.server.token('demo.customer'),
    body: { BookingOrderId: orderId },
  });
  expect(res.status, res.body.toString()).toBe(200);
}

/** The order's rows as the server now answers them: what a ReceiveMessage carries. */
async function rowsOfOrder(row: DashboardRow): Promise<DashboardRow[]> {
  const day = localDay(new Date(row.CreatedAt));
  const answer = await real.server.search('demo.customer', {
    CreatedFrom: day,
    CreatedTo: day,
    PageSize: 100,
  });
  return answer.ResultSet.filter((r) => r.BookingOrderId === row.BookingOrderId);
}

const message = (m: Omit<OrderChangeMessage, 'ChangedAt'>): OrderChangeMessage => ({
  ...m,
  ChangedAt: new Date().toISOString(),
});

describe('live updates from the hub', { timeout: 90_000 }, () => {
  it('replaces the changed rows where they stand and offers new orders with a refresh', async () => {
    const u = userEvent.setup();
    const { row, detail, status } = await cancellableRow(real.server, 'demo.customer', {
      CreatedFrom: defaultCreatedFrom(),
    });
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    // The real hub is exercised end to end (e2e); here the store's handler is driven directly.
    await root.hub.stop();
    await u.selectOptions(screen.getByLabelText('Status'), bookingStatusName(status));
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(tableRows().every((r) => r[7] === bookingStatusName(status))).toBe(true));
    const before = tableRows();
    const index = root.dashboard.rows.findIndex((r) => r.BookingId === row.BookingId);
    expect(index).toBeGreaterThanOrEqual(0);
    const sent: string[] = [];
    root.api.interceptors.request.use((config) => {
      sent.push(String(config.url));
      return config;
    });

    await cancelElsewhere(detail.BookingOrderId);
    const rows = await rowsOfOrder(row);
    expect(rows.map((r) => r.StatusName)).toEqual(detail.Bookings.map(() => 'Cancelled'));
    act(() =>
      root?.hub.receive(
        message({ Change: 'cancelled', BookingOrderId: detail.BookingOrderId, StatusCode: 'CN', Rows: rows }),
      ),
    );

    await waitFor(() => expect(tableRows()[index]?.[7]).toBe('Cancelled'));
    const after = tableRows();
    const changed = new Set(rows.map((r) => r.BookingId));
    expect(root.dashboard.rows).toHaveLength(before.length);
    root.dashboard.rows.forEach((r, i) => {
      if (!changed.has(r.BookingId)) expect(after[i]).toEqual(before[i]);
    });
    expect(sent.filter((url) => url.includes('/dashboard/search'))).toEqual([]);

    act(() =>
      root?.hub.receive(
        message({ Change: 'created', BookingOrderId: 1_000_000, StatusCode: 'PN', Rows: [] }),
      ),
    );
    // The notice (a status beside Refresh), not the start page's "New booking" link.
    const notice = () => screen.queryAllByRole('status').find((s) => s.textContent?.includes('New booking'));
    await waitFor(() => expect(notice()).toBeTruthy());
    expect(tableRows()).toEqual(after);
    await u.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(notice()).toBeUndefined());
    expect(sent.filter((url) => url.includes('/dashboard/search'))).toHaveLength(1);
  });

  it('refreshes an open detail view when its order changes elsewhere', async () => {
    const taken = (
      await real.server.search('demo.customer', {
        CreatedFrom: defaultCreatedFrom(),
        StatusCode: 'CN',
        PageSize: 100,
      })
    ).ResultSet.map((r) => r.BookingOrderId);
    const { detail } = await cancellableRow(
      real.server,
      'demo.customer',
      { CreatedFrom: defaultCreatedFrom() },
      taken,
    );
    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    window.location.hash = `#/app/dashboard/details/${detail.BookingOrderId}`;
    await screen.findByRole('button', { name: 'Cancel Order' }, { timeout: 15_000 });
    await root.hub.stop();

    await cancelElsewhere(detail.BookingOrderId);
    act(() =>
      root?.hub.receive(
        message({ Change: 'cancelled', BookingOrderId: detail.BookingOrderId, StatusCode: 'CN', Rows: [] }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull());
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
  });
});
