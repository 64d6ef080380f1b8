// @vitest-environment jsdom
/**
 * A flow file no client code names (tests/fixtures/flows-client/yard-pickup.flow.json, added to
 * the build by this test project's vite-plugin-flows option) is in the menu, routed and rendered.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();

describe('a new flow file', () => {
  it('is listed in the menu and the header Bookings, routed, and rendered from its file', async () => {
    const u = userEvent.setup();
    renderAppAt('/app/dashboard', await real.signIn('demo.customer'));
    await findFlowPage('Dashboard');
    await u.click(screen.getByRole('button', { name: 'Bookings' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      'Pool',
      'Yard Pickup',
      'Reuse',
    ]);
    await u.keyboard('{Escape}');
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const bookings = within(menu).getByRole('group', { name: 'Bookings' });
    expect(
      within(bookings)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Pool', 'Daily Lease', 'Yard Pickup', 'Reuse', 'Term Lease', 'Reposition']);
    await u.click(within(bookings).getByRole('link', { name: 'Yard Pickup' }));

    await findFlowPage('Yard Pickup');
    expect(window.location.hash).toBe('#/pool_booking/yard_pickup');
    expect(screen.getByRole('heading', { level: 2, name: 'Request Booking' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pickup' })).toBeTruthy();
    for (const label of ['Market', 'Chassis IDs', 'Contact name', 'Email addresses'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
  });
});
