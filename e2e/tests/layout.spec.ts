import { expect, test } from '../fixtures/index';

test.describe('authenticated layout (SPEC §2 header)', () => {
  test('the header Bookings dropdown opens Reuse, and the account menu signs out', async ({
    loginPage,
    shell,
    page,
  }) => {
    await loginPage.goto();
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await page.getByRole('button', { name: 'Bookings' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Pool', 'Reuse']);
    await page.getByRole('menuitem', { name: 'Reuse' }).click();
    await shell.expectAt('/reuse/request/new', 'Reuse Booking');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    // The stored token is gone: a guarded route asks to sign in again.
    await page.goto('/#/app/dashboard');
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fapp%2Fdashboard$/);
  });

  test('works at phone width: the menu button opens the slide-out menu', async ({
    loginPage,
    shell,
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginPage.goto();
    await loginPage.signIn('demo.ssl');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    // Below 920 px the header drops Dashboard and Bookings; the slide-out menu holds them.
    await expect(page.getByRole('button', { name: 'Bookings' })).toBeHidden();
    await page.setViewportSize({ width: 920, height: 740 });
    await expect(page.getByRole('button', { name: 'Bookings' })).toBeVisible();
    await page.setViewportSize({ width: 919, height: 740 });
    await expect(page.getByRole('button', { name: 'Bookings' })).toBeHidden();
    await shell.openMenu();
    await shell.menu.getByRole('link', { name: 'Term Lease Redelivery' }).click();
    await shell.expectAt('/term_lease_redelivery/pre_request', 'Term Lease Redelivery');
  });
});
