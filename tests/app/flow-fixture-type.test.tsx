// @vitest-environment jsdom
/**
 * The proof of issue 10 in the client: a booking type added from test fixtures only (the flow file
 * in tests/fixtures/flows-edit, which this test's vitest project adds to the build, and the booker
 * in tests/fixtures/booking-types, which the real test server loads with FIXTURE_BOOKING_TYPES=1)
 * is listed in the menu, routed, rendered, submitted, shown on the dashboard by its type name and
 * opened in edit mode — with no product file naming it.
 */
import { flowMenus } from 'virtual:flows/menu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocationRow } from '../../src/domain/lookups';
import { openDashboard, withRealApp } from './support/dashboard-app';
import { findFlowPage } from './support/flow-app';

const real = withRealApp({ fixtureTypes: true });
beforeAll(async () => {
  // The flow page (and with it the form engine) is loaded on demand; loading it here, under the
  // hook's longer timeout, keeps a slow first transform on a busy machine out of the test's time.
  await import('../../src/app/flows/FlowPage');
});

const fixture = flowMenus.find((f) => f.orderType === 'YX');

describe('a booking type from fixtures only', { timeout: 120_000 }, () => {
  it('is in the menu, routed, rendered, booked, on the dashboard by name and opened in edit mode', async () => {
    if (!fixture) throw new Error('the fixture flow (tests/fixtures/flows-edit) is not in this build');
    expect(fixture.opens).toEqual({ load: true, update: true });
    const u = userEvent.setup();
    const token = await real.server.token('demo.customer');
    const locations = await real.server.call('GET', '/api/lookup/locations', { token });
    const yard = locations.json<LocationRow[]>()[0];
    if (!yard) throw new Error('the demo data has no location');

    const root = await real.signIn('demo.customer');
    await openDashboard(root);
    // Listed in the menu (Bookings group, from the flow file) and routed.
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await u.click(within(menu).getByRole('link', { name: fixture.menu?.label }));
    await findFlowPage(fixture.title);
    expect(window.location.hash).toBe(`#${fixture.route}`);

    // Rendered from its schema and submitted to its own booker.
    await u.type(screen.getByLabelText(/^Yard/), String(yard.LocationId));
    await u.type(screen.getByLabelText(/^Equipment size/), 'Chassis.40');
    await u.type(screen.getByLabelText(/^Equipment class/), 'STD');
    await u.type(screen.getByLabelText(/^Units requested/), '3');
    // The contact starts as the user's own (My Account): replaced here.
    await u.clear(screen.getByLabelText(/^Contact name/));
    await u.type(screen.getByLabelText(/^Contact name/), 'Casey Customer');
    await u.clear(screen.getByLabelText(/^Email addresses/));
    await u.type(screen.getByLabelText(/^Email addresses/), 'casey@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review Yard Express' });
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 2, name: 'Yard Express Booked' }, { timeout: 15_000 });
    const code = await screen.findByText(/^YX\d{8}$/);
    const orderId = root.flows.get(fixture.id, () => {
      throw new Error('the flow page made this store');
    }).submission.result?.BookingOrderId;
    if (!orderId) throw new Error('no order in the result');

    // On the dashboard by its type name, with Edit (the server says CanEdit).
    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await screen.findByText(/^Rows \d+–\d+ of \d+$/, undefined, { timeout: 15_000 });
    // The dashboard reads its search again (issue 25); searching once more lists the new order first.
    await u.click(await screen.findByRole('button', { name: /^Search$/ }, { timeout: 15_000 }));
    const row = await waitFor(
      () => {
        const found = document.querySelector<HTMLElement>(
          `tr[data-booking-id="${root?.dashboard.rows.find((r) => r.BookingOrderId === orderId)?.BookingId}"]`,
        );
        if (!found) throw new Error(`order ${orderId} is not on the first page`);
        return found;
      },
      { timeout: 15_000 },
    );
    expect(within(row).getByText(code.textContent ?? '')).toBeTruthy();
    expect(within(row).getByText('Yard Express')).toBeTruthy();
    // The search's order-type filter offers it too, from the server's registry (issue 26).
    const orderType = screen.getByLabelText('Order type') as HTMLSelectElement;
    await waitFor(() => expect([...orderType.options].map((o) => o.text)).toContain('Yard Express'));

    // Opened in edit mode with its data.
    await u.click(within(row).getByRole('button', { name: 'Edit' }));
    await findFlowPage(fixture.title);
    expect(window.location.hash).toBe(`#${fixture.route}?edit=${orderId}`);
    expect(await screen.findByText(`Editing booking order ${orderId}`)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(/^Units requested/) as HTMLInputElement).value).toBe('3'),
    );
    expect((screen.getByLabelText(/^Yard/) as HTMLInputElement).value).toBe(String(yard.LocationId));
    expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Casey Customer');
  });
});
