import {
  IDLE_BEFORE_WARNING_S,
  NATURAL_EXPIRY_FLAG_CLEAR_MS,
  SESSION_WARNING_DIALOG_SIZE_PX,
  VERSION_CHECK_INTERVAL_MS,
  WARNING_COUNTDOWN_S,
  WATCH_RESTART_MS,
} from '../../src/domain/constants';
import {
  INACTIVITY_BANNER,
  NEW_VERSION_TEXT,
  NEW_VERSION_TITLE,
  SESSION_WARNING_TEXT,
  SESSION_WARNING_TITLE,
} from '../../src/domain/messages';
import { RESET_REQUIRED_TEXT } from '../../src/schemas/account';
import { expect, test } from '../fixtures/index';
import { type OwnServer, startOwnServer } from '../fixtures/own-server';
import { passTime, sessionTraces } from '../fixtures/session';

const IDLE_MS = IDLE_BEFORE_WARNING_S * 1000;
const COUNTDOWN_MS = WARNING_COUNTDOWN_S * 1000;

test.describe('session behaviour (SPEC §4, §9) on the shared server', () => {
  test('the idle warning comes after 30 minutes; Yes keeps the session; the countdown running out signs out', async ({
    page,
    loginPage,
    shell,
  }) => {
    await page.clock.install();
    await loginPage.goto();
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await page.goto('/#/my_account/info');
    await shell.expectAt('/my_account/info', 'My Account');
    const warning = page.getByRole('alertdialog', { name: SESSION_WARNING_TITLE });

    // A minute short of the idle time nothing shows; at the idle time the warning does.
    await passTime(page, IDLE_MS - 60_000);
    await expect(warning).toBeHidden();
    await passTime(page, 60_000);
    await expect(warning).toBeVisible();
    await expect(warning.getByText(SESSION_WARNING_TEXT)).toBeVisible();
    await expect(warning.getByRole('progressbar')).toBeVisible();
    await expect(warning.getByRole('button')).toHaveText(['No', 'Yes']);
    // Measured once its opening animation (a slight zoom) has finished.
    await expect
      .poll(async () => {
        const box = await warning.boundingBox();
        return [box?.width, box?.height];
      })
      .toEqual([SESSION_WARNING_DIALOG_SIZE_PX.width, SESSION_WARNING_DIALOG_SIZE_PX.height]);
    // Escape does not dismiss it.
    await page.keyboard.press('Escape');
    await expect(warning).toBeVisible();

    // Focus starts on Yes (issue 14): a reflex Enter keeps the session.
    await expect(warning.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    // The countdown that was running is over: the session outlives it.
    await passTime(page, COUNTDOWN_MS);
    await shell.expectAt('/my_account/info', 'My Account');

    // Idle again: the warning, then the end of the countdown.
    await passTime(page, WATCH_RESTART_MS + IDLE_MS);
    await expect(warning).toBeVisible();
    await passTime(page, COUNTDOWN_MS);
    // The login page remembers where the user was (issue 14).
    await expect(page).toHaveURL(/#\/login\?returnUrl=%2Fmy_account%2Finfo$/);
    await expect(warning).toBeHidden();
    await expect(page.getByText(INACTIVITY_BANNER)).toBeVisible();
    expect(await sessionTraces(page)).toEqual({ token: null, tabs: null, sessionCookie: false });
    // The stored flag goes after 10 s (SPEC §4); the banner stays on the page that opened with it.
    await page.clock.fastForward(NATURAL_EXPIRY_FLAG_CLEAR_MS);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('brr.naturalExpiry'))).toBeNull();
    await expect(page.getByText(INACTIVITY_BANNER)).toBeVisible();
    // Signing in again brings the user back to where they were.
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/my_account/info', 'My Account');
  });

  test('No in the warning signs the user out', async ({ page, loginPage, shell }) => {
    await page.clock.install();
    await loginPage.goto();
    await loginPage.signIn('demo.ssl');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await page.goto('/#/my_account/info');
    await passTime(page, IDLE_MS);
    const warning = page.getByRole('alertdialog', { name: SESSION_WARNING_TITLE });
    await warning.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByText(INACTIVITY_BANNER)).toBeHidden();
  });

  test('signing in and out in one tab does the same in the other', async ({
    page,
    context,
    loginPage,
    shell,
  }) => {
    await loginPage.goto();
    const other = await context.newPage();
    await other.goto('/#/support/recoverpassword');
    await expect(other.getByRole('heading', { name: 'Recover Password' })).toBeVisible();

    await loginPage.signIn('demo.customer');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await expect(other).toHaveURL(/#\/app\/dashboard$/);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    expect((await sessionTraces(page)).sessionCookie).toBe(true);

    await shell.openMenu();
    await shell.signOutFromMenu();
    await expect(other).toHaveURL(/#\/login$/);
    await expect(other.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await sessionTraces(other)).toEqual({ token: null, tabs: null, sessionCookie: false });
    // A page opened now is signed out too.
    await other.goto('/#/app/dashboard');
    await expect(other).toHaveURL(/#\/login\?returnUrl=/);
  });
});

test.describe('on a server of its own (deployment, forced reset)', () => {
  test.describe.configure({ timeout: 240_000 });
  let server: OwnServer;
  const resetUser = { userName: 'e2e.reset', password: 'Start!Pass9753', resetPassword: true };
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startOwnServer('build-one');
    await server.addUser(resetUser);
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('a user whose password reset is pending cannot leave the reset page until it is done', async ({
    page,
  }) => {
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('Username', { exact: true }).fill(resetUser.userName);
    await page.getByLabel('Password', { exact: true }).fill(resetUser.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const resetHeading = page.getByRole('heading', { level: 1, name: 'Reset Password' });
    await expect(resetHeading).toBeVisible();
    await expect(page.getByText(RESET_REQUIRED_TEXT)).toBeVisible();

    for (const route of [
      '/app/dashboard',
      '/my_account/info',
      '/pool_booking/request',
      '/support/usersignup',
    ]) {
      await page.goto(`${server.url}/#${route}`);
      await expect(resetHeading).toBeVisible();
      await expect(page).toHaveURL(/#\/support\/resetpassword/);
    }

    await page.getByLabel(/^Current password/).fill(resetUser.password);
    await page.getByLabel(/^New password/).fill('Chosen!Pass8642');
    await page.getByLabel(/^Confirm new password/).fill('Chosen!Pass8642');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`${server.url}/#/my_account/info`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  });

  test('the New Version dialog appears when the served build changes, and OK reloads', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${server.url}/#/login`);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    const dialog = page.getByRole('alertdialog', { name: NEW_VERSION_TITLE });
    // The sign-in page loads the app, and with it the version check, as the user types (D-074).
    const firstChecked = page.waitForResponse((r) => r.url().includes('/api/version?t='));
    await page.getByLabel('Username', { exact: true }).fill('demo.customer');
    expect((await (await firstChecked).json()).hash).toBe('build-one');

    // The same build at the next check: nothing.
    const sameChecked = page.waitForResponse((r) => r.url().includes('/api/version?t='));
    await page.clock.fastForward(VERSION_CHECK_INTERVAL_MS);
    expect((await (await sameChecked).json()).hash).toBe('build-one');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(dialog).toBeHidden();

    await server.redeploy('build-two');
    const checked = page.waitForResponse((r) => r.url().includes('/api/version?t='));
    await page.clock.fastForward(VERSION_CHECK_INTERVAL_MS);
    expect((await (await checked).json()).hash).toBe('build-two');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(NEW_VERSION_TEXT)).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['OK']);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
