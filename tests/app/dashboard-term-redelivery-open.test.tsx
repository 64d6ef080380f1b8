// @vitest-environment jsdom
/**
 * Issue 17: the dashboard's View and Edit of a term lease redelivery read its own SPEC §7 calls
 * (getViewLongTermRedeliveryOrder, getLongTermRedeliveryOrder) — named by the flow file's
 * edit.view and edit.open —, and every other type still reads the generic ones. The whole app
 * against the real server; the calls are the ones the app's api client sends.
 */
import { randomUUID } from 'node:crypto';
import { flowMenus } from 'virtual:flows/menu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_URL, viewUrlOf } from '../../src/app/dashboard/row-actions';
import type { RootStore } from '../../src/app/stores/RootStore';
import {
  acknowledgeDirectFinanceLease,
  applyMarketAndLocation,
  applyMinQuantityOverride,
  applyMinRentalPeriodOverride,
  type GroupLineItem,
} from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../helpers/held-chassis';
import { openDashboard, withRealApp } from './support/dashboard-app';

const real = withRealApp();

const BASE = '/api/longtermredelivery';

/** A TR order of one chassis for demo.customer, booked through the API as the form would. */
async function bookTermRedelivery(): Promise<{
  BookingOrderId: number;
  BookingId: number;
  BookingCode: string;
}> {
  const token = await real.server.token('demo.customer');
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await real.server.call(method, path, { token, body, ...(headers ? { headers } : {}) });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return res.json();
  };
  const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
  const { GroupLineItems } = (await call('POST', `${BASE}/contractForChassis`, {
    ChassisIds: candidates,
  })) as {
    GroupLineItems: GroupLineItem[];
  };
  const raw = GroupLineItems.find((l) => !l.NeedsPurchaseOptionOverride && l.LocationList.length > 0);
  if (!raw) throw new Error('the demo data offers no term lease line without a purchase option');
  const one = (await call('POST', `${BASE}/contractForChassis`, {
    ChassisIds: [raw.LineItemDetails[0]?.ChassisId],
  })) as { GroupLineItems: [GroupLineItem] };
  const [found] = one.GroupLineItems;
  const line = acknowledgeDirectFinanceLease(
    applyMinQuantityOverride(
      applyMinRentalPeriodOverride(
        applyMarketAndLocation(found, found.MarketList[0] as string, found.LocationList[0] as number),
      ),
    ),
    found.ShowDirectFinanceLeaseWarning,
  );
  const details = line.LineItemDetails;
  const acknowledged = [
    ...(line.ShowDirectFinanceLeaseWarning ? ['term-redelivery.direct-finance-lease'] : []),
    ...(details.some((d) => d.NeedsMinRentalPeriodOverride)
      ? ['term-redelivery.min-rental-period-override']
      : []),
    ...(details.some((d) => d.NeedsMinQuantityOverride) ? ['term-redelivery.min-quantity-override'] : []),
  ];
  const order = (await call(
    'POST',
    `${BASE}/createlongtermredeliverybooking`,
    {
      Search: { ChassisIds: details.map((d) => d.ChassisId) },
      Redelivery: { GroupLineItems: [line] },
      Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
      ...(acknowledged.length ? { Acknowledged: acknowledged } : {}),
    },
    { 'idempotency-key': randomUUID() },
  )) as { BookingOrderId: number; Bookings: Array<{ BookingId: number; BookingCode: string }> };
  const [booking] = order.Bookings;
  if (!booking) throw new Error('the redelivery booked nothing');
  return {
    BookingOrderId: order.BookingOrderId,
    BookingId: booking.BookingId,
    BookingCode: booking.BookingCode,
  };
}

/** Every url the app's api client asks for from now on (relative to its /api base). */
function recordCalls(store: RootStore): string[] {
  const urls: string[] = [];
  store.api.interceptors.request.use((config) => {
    urls.push(`${(config.method ?? 'get').toUpperCase()} ${config.url}`);
    return config;
  });
  return urls;
}

const rowOf = (bookingId: number) => {
  const row = document.querySelector<HTMLElement>(`tr[data-booking-id="${bookingId}"]`);
  if (!row) throw new Error(`booking ${bookingId} is not on the page`);
  return row;
};

describe('dashboard View and Edit of a term lease redelivery', { timeout: 150_000 }, () => {
  it('View and Edit read getViewLongTermRedeliveryOrder and getLongTermRedeliveryOrder, never the generic calls', async () => {
    const order = await bookTermRedelivery();
    const id = order.BookingOrderId;
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    const calls = recordCalls(root);
    await openDashboard(root);
    await u.type(screen.getByLabelText('Booking number'), order.BookingCode);
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => rowOf(order.BookingId), { timeout: 15_000 });

    await u.click(within(rowOf(order.BookingId)).getByRole('button', { name: 'View' }));
    expect(window.location.hash).toBe(`#/app/dashboard/details/${id}?type=TR`);
    await screen.findByRole('region', { name: 'Bookings' }, { timeout: 15_000 });
    expect(screen.getByText(order.BookingCode)).toBeTruthy();
    expect(calls).toContain(`GET /longtermredelivery/getViewLongTermRedeliveryOrder/${id}`);
    expect(calls).not.toContain(`GET /dashboard/details/${id}`);

    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => rowOf(order.BookingId), { timeout: 15_000 });
    await u.click(within(rowOf(order.BookingId)).getByRole('button', { name: 'Edit' }));
    // The first flow page loads the form engine on demand: slow in jsdom on a loaded machine.
    await screen.findByRole('heading', { level: 1, name: 'Term Lease Redelivery' }, { timeout: 45_000 });
    expect(
      await screen.findByText(`Editing booking order ${id}`, undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(calls).toContain(`GET /longtermredelivery/getLongTermRedeliveryOrder/${id}`);
    expect(calls).not.toContain(`GET /bookingorder/${id}/document`);
  });

  it('every other order type is read through the generic detail and document', async () => {
    const withOwnView = flowMenus.filter((f) => f.viewUrl).map((f) => f.orderType);
    expect(withOwnView).toEqual(['TR']);
    expect(viewUrlOf('TR')).toBe(`${BASE}/getViewLongTermRedeliveryOrder/{id}`);
    for (const type of ['PB', 'TL', 'PR', undefined]) expect(viewUrlOf(type)).toBe(DEFAULT_VIEW_URL);

    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    const calls = recordCalls(root);
    await openDashboard(root);
    const row = root.dashboard.rows.find((r) => r.BookingOrderTypeCode !== 'TR' && r.CanEdit);
    if (!row) throw new Error('the first page holds no editable order of another type');
    await u.click(within(rowOf(row.BookingId)).getByRole('button', { name: 'View' }));
    await screen.findByRole('region', { name: 'Bookings' }, { timeout: 15_000 });
    expect(calls).toContain(`GET /dashboard/details/${row.BookingOrderId}`);
    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => rowOf(row.BookingId), { timeout: 15_000 });
    await u.click(within(rowOf(row.BookingId)).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(calls).toContain(`GET /bookingorder/${row.BookingOrderId}/document`), {
      timeout: 15_000,
    });
    expect(calls.some((c) => c.includes('/longtermredelivery/'))).toBe(false);
  });
});
