// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPECTED_MENUS, type ExpectedMenu } from '../../e2e/fixtures/demo-users';
import { Header } from '../../src/app/layout/Header';
import { MainMenuNav } from '../../src/app/layout/MainMenuNav';
import { buildRootStore, type DemoUser, testConfig, tokenFor } from './support/fixtures';
import { renderWithStores } from './support/render';

/** SPEC §2 slide-out menu, §6 menu visibility: the same expectations the end-to-end suite checks. */
const expected = EXPECTED_MENUS as Record<DemoUser, ExpectedMenu>;

afterEach(cleanup);

describe('slide-out menu per permission set', () => {
  for (const [user, want] of Object.entries(expected) as [DemoUser, (typeof expected)[DemoUser]][]) {
    it(`shows ${user} exactly the entries their permissions allow`, () => {
      renderWithStores(<MainMenuNav />, buildRootStore({ token: tokenFor(user) }));
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      const links = within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent);
      expect(links).toEqual(want.links);
      const groups = within(nav)
        .queryAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby'));
      expect(groups.map((id) => id && document.getElementById(id)?.textContent)).toEqual(want.groups);
      expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
      if (want.fullName) expect(within(nav).getByText(want.fullName)).toBeTruthy();
    });
  }

  it('routes entries in-app and opens Applications and Contact in a new tab', () => {
    renderWithStores(<MainMenuNav />, buildRootStore({ token: tokenFor('demo.staff') }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Pool' }).getAttribute('href')).toBe(
      '/pool_booking/request',
    );
    const security = within(nav).getByRole('link', { name: 'Security' });
    expect(security.getAttribute('href')).toBe(testConfig.securityAppUrl);
    expect(security.getAttribute('target')).toBe('_blank');
    expect(within(nav).getByRole('link', { name: 'EBM' }).getAttribute('target')).toBe('_blank');
    expect(within(nav).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
      testConfig.customerServiceUrl,
    );
  });
});

describe('header', () => {
  it('shows Sign In and Sign Up when signed out', () => {
    renderWithStores(<Header />, buildRootStore());
    const nav = screen.getByRole('navigation', { name: 'Header' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Sign In', 'Sign Up']);
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('lists Pool and Reuse under Bookings for a customer', async () => {
    renderWithStores(<Header />, buildRootStore({ token: tokenFor('demo.customer') }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Bookings' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Pool', 'Reuse']);
  });

  it('hides the Bookings dropdown from a read-only user, who may book nothing', () => {
    renderWithStores(<Header />, buildRootStore({ token: tokenFor('demo.readonly') }));
    expect(screen.queryByRole('button', { name: 'Bookings' })).toBeNull();
    // Named by what it shows, the user's name, then what it is (WCAG 2.5.3 label in name).
    const account = screen.getByRole('button', { name: /, account menu$/ });
    expect(account.getAttribute('aria-label')?.startsWith(account.textContent ?? '?')).toBe(true);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});
