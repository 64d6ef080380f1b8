import {
  ACCOUNT_VALIDATION_TEXT,
  BOOKING_ENTRY_ON_HOLD,
  BOOKINGS_ON_HOLD_TEXT,
  noAccessText,
  PAGE_NOT_FOUND_TEXT,
} from '../../src/domain/messages';
import { expect, test } from '../fixtures/index';

test.describe('route guards (SPEC §6 route rules)', () => {
  test('a signed-out visit to a guarded route goes to login, then back there after sign-in', async ({
    loginPage,
    shell,
    page,
  }) => {
    await page.goto('/#/pool_booking/request');
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fpool_booking%2Frequest$/);
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/pool_booking/request', 'Pool Booking');
  });

  test('an account not in good standing opening a booking lands on account validation', async ({
    loginPage,
    page,
  }) => {
    await page.goto('/#/pool_booking/request');
    await loginPage.signIn('demo.suspended');
    await expect(page).toHaveURL(/#\/accountValidation$/);
    await expect(page.getByText(ACCOUNT_VALIDATION_TEXT)).toBeVisible();
  });

  test('a route the user lacks permission for sends them to the dashboard', async ({
    loginPage,
    shell,
    page,
  }) => {
    await page.goto('/#/pool_booking/request');
    await loginPage.signIn('demo.readonly');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    // …and says why (issue 14).
    await expect(page.getByRole('status').filter({ hasText: noAccessText('Pool Booking') })).toBeVisible();
  });

  test('a customer in good standing opening account validation goes home instead', async ({
    loginPage,
    shell,
    page,
  }) => {
    await loginPage.goto();
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await page.goto('/#/accountValidation');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await expect(page.getByText(ACCOUNT_VALIDATION_TEXT)).toBeHidden();
  });

  test('an account not in good standing sees its booking entries marked, and why, once', async ({
    loginPage,
    shell,
    page,
  }) => {
    await loginPage.goto();
    await loginPage.signIn('demo.suspended');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await shell.openMenu();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByText(BOOKINGS_ON_HOLD_TEXT)).toHaveCount(1);
    const pool = menu.getByRole('link', { name: /^Pool/ }).first();
    await expect(pool).toContainText(BOOKING_ENTRY_ON_HOLD);
    await expect(pool).toHaveAccessibleDescription(BOOKINGS_ON_HOLD_TEXT);
    // Redelivery creates no booking: not marked.
    await expect(menu.getByRole('link', { name: 'Pool Redelivery' })).not.toContainText(
      BOOKING_ENTRY_ON_HOLD,
    );
  });
});

test.describe('pages outside the layout', () => {
  test('an unknown route shows the not-found page, whose button goes home', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page.getByRole('heading', { name: PAGE_NOT_FOUND_TEXT })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back to Home Page' }).click();
    // Signed out, the home route's guard sends the visitor to sign in first.
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fapp%2Fdashboard$/);
  });

  test('the account-validation page explains and leads back to login', async ({ page }) => {
    await page.goto('/#/accountValidation');
    await expect(page.getByText(ACCOUNT_VALIDATION_TEXT)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Customer Service' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the signed-out header offers Sign In and Sign Up', async ({ page }) => {
    await page.goto('/#/accountValidation');
    const header = page.getByRole('navigation', { name: 'Header' });
    await expect(header.getByRole('link')).toHaveText(['Sign In', 'Sign Up']);
  });
});
