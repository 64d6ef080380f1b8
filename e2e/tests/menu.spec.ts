import { BOOKING_ENTRY_ON_HOLD } from '../../src/domain/messages';
import { EXPECTED_MENUS } from '../fixtures/demo-users';
import { expect, test } from '../fixtures/index';

// SPEC §2 slide-out menu and §6 menu visibility, for each seeded demo user.
for (const [user, expected] of Object.entries(EXPECTED_MENUS)) {
  test(`${user} sees exactly their menu entries`, async ({ loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signIn(user);
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await shell.openMenu();
    // The signed-in page knows the account's standing: booking entries on hold carry the mark.
    const marked = expected.links.map((l) =>
      expected.onHold?.includes(l) ? `${l} ${BOOKING_ENTRY_ON_HOLD}` : l,
    );
    expect(await shell.menuLinks()).toEqual(marked);
    expect(await shell.menuGroups()).toEqual(expected.groups);
    if (expected.fullName) await expect(shell.menu.getByText(expected.fullName)).toBeVisible();
    if (expected.links.includes('EBM')) {
      await expect(shell.menu.getByRole('link', { name: 'EBM' })).toHaveAttribute('target', '_blank');
    }
    await shell.signOutFromMenu();
  });
}

test('a menu entry opens its area and closes the menu', async ({ loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.signIn('demo.staff');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await shell.openMenu();
  await shell.menu.getByRole('link', { name: 'Term Lease', exact: true }).click();
  await shell.expectAt('/term_lease/request', 'Term Lease Booking');
  await expect(shell.menu).toBeHidden();
});
