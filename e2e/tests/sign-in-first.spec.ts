import { APP_LOAD_FAILURE, PORTAL_START_FAILURE } from '../../src/domain/messages';
import { DEMO_PASSWORD, expect, test } from '../fixtures/index';
import { look, WIDTHS } from '../fixtures/what-a-person-sees';

/**
 * Issue 30 §3, D-074: a visit that starts signed out draws the sign-in page before the app has
 * loaded; the app loads as the user types and takes the page over when there is a reason to.
 */
test.describe('the sign-in page drawn first', () => {
  test('a signed-out visit to the portal asks the server nothing until the user types, then signs in', async ({
    page,
    loginPage,
    shell,
  }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);

    // Typing loads the app: its version check asks the server at once (SPEC §4).
    const versionChecked = page.waitForRequest((r) => r.url().includes('/api/version?t='));
    await loginPage.username.fill('demo.customer');
    await versionChecked;
    await loginPage.password.fill(DEMO_PASSWORD);
    await loginPage.signInButton.click();
    await shell.expectAt('/app/dashboard', 'Dashboard');
  });

  test('a Sign In pressed while the app is still on its way sends the sign-in at once', async ({
    page,
    loginPage,
    shell,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const appFile = /\/assets\/start-app-[^/]*\.js$/;
    let appFileServed = false;
    await page.route(appFile, async (route) => {
      await held;
      appFileServed = true;
      await route.continue();
    });
    await loginPage.goto();
    const signInSent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/auth/login'),
    );
    await loginPage.signIn('demo.customer');
    await signInSent;
    expect(appFileServed).toBe(false);
    release();
    await shell.expectAt('/app/dashboard', 'Dashboard');
  });

  test('Register as a New User opens the sign-up page', async ({ page, loginPage }) => {
    await loginPage.goto();
    await page.getByRole('link', { name: 'Register as a New User' }).click();
    await expect(page).toHaveURL(/#\/support\/usersignup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Register as a New User' })).toBeVisible();
  });

  test('a sign-in in another tab moves this untouched sign-in page to the dashboard', async ({
    context,
    loginPage,
    shell,
  }) => {
    const other = await context.newPage();
    await other.goto('/#/login');
    await expect(other.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await loginPage.goto();
    await loginPage.signIn('demo.customer');
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await expect(other).toHaveURL(/#\/app\/dashboard$/);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });

  test('when the app cannot be fetched, Sign In says so, keeps the username, and works once it can', async ({
    page,
    loginPage,
    shell,
  }) => {
    await page.route(/\/assets\/start-app-[^/]*\.js$/, (route) => route.abort());
    await loginPage.goto();
    await loginPage.signIn('demo.customer');
    await expect(loginPage.failure).toHaveText(APP_LOAD_FAILURE);
    await expect(loginPage.username).toHaveValue('demo.customer');

    await page.unroute(/\/assets\/start-app-[^/]*\.js$/);
    await loginPage.password.fill(DEMO_PASSWORD);
    await loginPage.signInButton.click();
    await shell.expectAt('/app/dashboard', 'Dashboard');
  });

  test('a link followed when the app cannot be fetched loads the page again, which says so', async ({
    page,
    loginPage,
  }) => {
    await page.route(/\/assets\/start-app-[^/]*\.js$/, (route) => route.abort());
    await loginPage.goto();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Register as a New User' }).click();
    await reloaded;
    await expect(page).toHaveURL(/#\/support\/usersignup$/);
    await expect(page.getByRole('alert')).toHaveText(PORTAL_START_FAILURE);
  });

  for (const size of WIDTHS)
    test.describe(`at ${size.width} px`, () => {
      // axe is injected as a script, which the portal's CSP refuses (as what-a-person-sees does).
      test.use({ bypassCSP: true, viewport: { width: size.width, height: size.height } });
      test(`it fits, reads and passes axe, with and without a failure shown`, async ({ page, loginPage }) => {
        const problems: Record<string, unknown> = {};
        await loginPage.goto();
        await look(page, `${size.width}-sign-in-first`, problems);
        await page.route(/\/assets\/start-app-[^/]*\.js$/, (route) => route.abort());
        await loginPage.signIn('demo.customer');
        await expect(loginPage.failure).toHaveText(APP_LOAD_FAILURE);
        await expect(loginPage.failure).toBeInViewport();
        await look(page, `${size.width}-sign-in-first-app-not-loaded`, problems);
        expect(problems).toEqual({});
      });

      // The frames the sign-in page now shares (the plain and the public one) around the pages a
      // signed-out visitor reaches from it.
      test('the signed-out pages fit, read and pass axe', async ({ page }) => {
        const problems: Record<string, unknown> = {};
        for (const [path, title] of [
          ['/support/usersignup', 'Register as a New User'],
          ['/support/recoverpassword', 'Recover Password'],
          ['/accountValidation', 'Account Validation'],
          ['/no/such/page', 'Sorry, page not found'],
        ] as const) {
          await page.goto(`/#${path}`);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await look(page, `${size.width}-signed-out-${path}`, problems);
        }
        expect(problems).toEqual({});
      });
    });
});
