// @vitest-environment jsdom
/**
 * Dashboard Edit and Load Booking in the whole app against the real server (a child process on
 * the run's seeded database): Edit shows only on rows the server marks CanEdit and opens the order
 * in its flow in edit mode; review lists what changed (old → new) and the update is saved; Load
 * Booking starts a new pool request prefilled from an existing order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultCreatedFrom } from '../../src/app/dashboard/criteria';
import type { OrderDocument } from '../../src/schemas/booking-order';
import { openDashboard, withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';
import { bookReposition, repositionChoices } from './support/reposition';
import { destination } from './support/reposition-app';

const real = withRealApp();

const rowOf = (bookingId: number) => {
  const row = document.querySelector<HTMLElement>(`tr[data-booking-id="${bookingId}"]`);
  if (!row) throw new Error(`booking ${bookingId} is not on the page`);
  return row;
};

async function orderDocument(user: 'demo.customer', id: number): Promise<OrderDocument> {
  const res = await real.server.call('GET', `/api/bookingorder/${id}/document`, {
    token: await real.server.token(user),
  });
  if (res.status !== 200) throw new Error(`document ${id}: ${res.status} ${res.body}`);
  return res.json<OrderDocument>();
}

describe('dashboard Edit and Load Booking', { timeout: 120_000 }, () => {
  it('shows Edit only where the server says CanEdit, and edits a reposition through its flow', async () => {
    const u = userEvent.setup();
    const choices = await repositionChoices(real.server, 'demo.customer');
    const id = await bookReposition(real.server, 'demo.customer', choices, [3, 2]);

    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    const rows = root.dashboard.rows;
    const ours = rows.filter((r) => r.BookingOrderId === id);
    expect(ours.length).toBe(2);
    for (const row of rows) {
      const edit = within(rowOf(row.BookingId)).queryByRole('button', { name: 'Edit' });
      expect(edit !== null, `Edit on order ${row.BookingOrderId}`).toBe(row.CanEdit);
    }
    expect(
      rows.some((r) => !r.CanEdit),
      'the first page should hold an order that cannot be edited',
    ).toBe(true);

    await u.click(within(rowOf(ours[0]?.BookingId ?? 0)).getByRole('button', { name: 'Edit' }));
    await findFlowPage('Reposition Booking');
    expect(window.location.hash).toBe(`#/reposition_booking/request?edit=${id}`);
    expect(await screen.findByText(`Editing booking order ${id}`)).toBeTruthy();
    const units = () => within(destination(0)).getByLabelText(/^Units requested/) as HTMLInputElement;
    await waitFor(() => expect(units().value).toBe('3'), { timeout: 15_000 });
    expect((within(destination(1)).getByLabelText(/^Units requested/) as HTMLInputElement).value).toBe('2');
    // An existing booking is cancelled, never removed.
    expect(within(destination(0)).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(destination(0)).getByLabelText(/Cancel this destination's booking/)).toBeTruthy();

    // Down, so the outcome does not hang on the origin's availability (only an increase is re-checked).
    await u.clear(units());
    await u.type(units(), '1');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    // Over the origin's availability the rule asks first (SPEC §5); either way the review follows.
    const question = await Promise.race([
      screen.findByRole('alertdialog', undefined, { timeout: 10_000 }).catch(() => null),
      screen
        .findByRole('heading', { level: 2, name: 'Review Booking' }, { timeout: 10_000 })
        .then(() => null),
    ]);
    if (question) await u.click(within(question).getByRole('button', { name: 'OK' }));
    await screen.findByRole('heading', { level: 2, name: 'Review Booking' });
    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    expect(within(changes).getByRole('listitem').textContent).toMatch(/Units requested:\s*3\s*→\s*1/);

    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 2, name: 'Confirm Booking' }, { timeout: 15_000 });
    // Saved, or (for an order still waiting for Customer Support) received: the server decides.
    expect(
      screen
        .getAllByRole('status')
        .map((s) => s.textContent)
        .join(' '),
    ).toMatch(new RegExp(`Your changes to order ${id} are saved\\.|Your booking request was received\\.`));
    const saved = await orderDocument('demo.customer', id);
    expect(saved.Bookings.map((b) => b.UnitsRequestedCount).sort()).toEqual([1, 2]);
  });

  it('Load Booking on a pool order starts a new pool request prefilled from it', async () => {
    const u = userEvent.setup();
    const { ResultSet } = await real.server.search('demo.customer', {
      BookingOrderTypeCode: 'PB',
      CreatedFrom: defaultCreatedFrom(),
      PageSize: 5,
    });
    const row = ResultSet[0];
    if (!row) throw new Error('the demo data has no pool order for demo.customer');
    const document = await orderDocument('demo.customer', row.BookingOrderId);

    const root = await real.signIn('demo.customer');
    renderAppAt(`/app/dashboard/details/${row.BookingOrderId}`, root);
    await screen.findByRole(
      'heading',
      { level: 1, name: `Booking Order ${row.BookingOrderId}` },
      { timeout: 15_000 },
    );
    // Pool orders are not editable in this issue: Load Booking only.
    const actions = await screen.findByRole('region', { name: 'Open the order' });
    expect(within(actions).queryByRole('button', { name: 'Edit' })).toBeNull();
    await u.click(within(actions).getByRole('button', { name: 'Book again' }));

    await findFlowPage('Pool Booking');
    expect(window.location.hash).toBe(`#/pool_booking/request?load=${row.BookingOrderId}`);
    expect(await screen.findByText('A new request, prefilled from an earlier booking order')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe(
        document.ContactName ?? '',
      ),
    );
    expect((screen.getByLabelText(/^Email addresses/) as HTMLInputElement).value).toBe(
      document.EmailAddresses ?? '',
    );
    expect((screen.getByLabelText(/^Market/) as HTMLSelectElement).value).toBe(document.MarketCode);
    expect((screen.getByLabelText(/^Equipment size/) as HTMLSelectElement).value).toBe(
      document.Bookings[0]?.EquipmentSize,
    );
  });
});
