import type { APIRequestContext } from '@playwright/test';
import { INVALID_EMAIL_TEXT, RECOVER_PASSWORD_TEXT } from '../../src/schemas/account';
import { SIGN_UP_SUCCESS_TEXT } from '../../src/schemas/sign-up';
import { outboxMailsTo, resetLinkIn } from '../../tests/api/account-helpers';
import { DEMO_PASSWORD, expect, test } from '../fixtures/index';

// The suite's server keeps its mail in DATA_DIR/outbox (no SMTP_URL): playwright.config.ts's folder.
const DATA_DIR = `./.cache/e2e-data-${process.env.E2E_PORT ?? 8181}`;
const NEW_PASSWORD = 'Harbor!Lights2468';
const CHANGED_PASSWORD = 'Second#Tide1357';

/** A seeded customer user who has never set a password (not a demo user: other specs need theirs). */
async function seededCustomerUser(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { UserId: 'demo.staff', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  const { token } = await login.json();
  for (let id = 6; id < 60; id++) {
    const res = await request.get(`/api/users/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const user = await res.json();
    if (res.ok() && !user.IsInternal && !user.UserName.startsWith('demo.')) {
      return { userName: user.UserName as string, email: user.Email as string };
    }
  }
  throw new Error('no seeded customer user found');
}

test.describe('account pages (SPEC §1, §2, §8)', () => {
  test('Register as a New User: field problems, the success text, and a user name already asked for', async ({
    page,
    loginPage,
  }) => {
    await loginPage.goto();
    await page.getByRole('link', { name: 'Register as a New User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register as a New User' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Register as a New User' });
    const field = (label: string) => form.getByRole('textbox', { name: new RegExp(`^${label}`) });

    await field('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText(INVALID_EMAIL_TEXT)).toBeVisible();
    await expect(form.getByText('Choose at least one area you need access to.')).toBeVisible();

    const userName = `e2e.signup.${Date.now()}`;
    const fill = async () => {
      await field('Company name').fill('Harbor Drayage LLC');
      await field('SCAC').fill('HBRD');
      await field('First name').fill('Harper');
      await field('Last name').fill('Drayton');
      await field('User name').fill(userName);
      await field('Email').fill(`${userName}@harbor.example.com`);
      await field('Phone').fill('312-555-0199');
      await form.getByText('Pool booking').click();
    };
    await fill();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(SIGN_UP_SUCCESS_TEXT)).toBeVisible();

    // The same user name again: the page says so as soon as the field is left.
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    // The sign-in page first, as a person sees it: a navigation still rendering when the URL
    // changes again is dropped for the later one, and the sign-up page would never have left.
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.goto('/#/usersignup');
    await fill();
    await expect(form.getByText(/user name .* already/i)).toBeVisible();
    // Another user name with the same email: only the server knows, and its message is shown.
    await field('User name').fill(`${userName}.b`);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByRole('alert')).toContainText(/email/i);
  });

  test('Recover Password answers the same for an account that does not exist', async ({ page }) => {
    await page.goto('/#/support/recoverpassword');
    await page.getByRole('textbox', { name: /^User name or email/ }).fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(RECOVER_PASSWORD_TEXT)).toBeVisible();
  });

  test('recover → mailed link → reset → sign in with the new password → My Account', async ({
    page,
    request,
    loginPage,
    shell,
  }) => {
    // A whole account's life in one test: recovery, reset, sign-in, details and a password change.
    test.setTimeout(90_000);
    const user = await seededCustomerUser(request);
    await loginPage.goto();
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('textbox', { name: /^User name or email/ }).fill(user.userName);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(RECOVER_PASSWORD_TEXT)).toBeVisible();

    // The mail arrives in the outbox (no SMTP server here); open its link as the user would.
    await expect.poll(() => outboxMailsTo(DATA_DIR, user.email).length, { timeout: 15_000 }).toBe(1);
    const { link } = resetLinkIn(outboxMailsTo(DATA_DIR, user.email)[0] as string);
    await page.goto(`/${link.slice(link.indexOf('#'))}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByText(user.userName, { exact: true })).toBeVisible();

    await page.getByLabel(/^New password/).fill('too-short');
    await page.getByLabel(/^Confirm new password/).fill('too-short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/at least 10 characters/)).toBeVisible();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been reset')).toBeVisible();

    // The link works once.
    await page.reload();
    await expect(page.getByText(/already been used/)).toBeVisible();

    await loginPage.goto();
    await loginPage.signIn(user.userName, NEW_PASSWORD);
    await shell.expectAt('/app/dashboard', 'Dashboard');

    // My Account: details saved and shown again after a reload.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await shell.expectAt('/my_account/info', 'My Account');
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByRole('textbox', { name: /^Phone/ }).fill('(312) 555-0142');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(details.getByText('Your account details have been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Phone/ })).toHaveValue('(312) 555-0142');

    // Change password: a wrong current password is refused; the right one changes it.
    const password = page.getByRole('form', { name: 'Change password' });
    await password.getByLabel(/^Current password/).fill('not-my-password');
    await password.getByLabel(/^New password/).fill(CHANGED_PASSWORD);
    await password.getByLabel(/^Confirm new password/).fill(CHANGED_PASSWORD);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(password.getByRole('alert')).toContainText(/current password is not correct/i);
    await password.getByLabel(/^Current password/).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(password.getByRole('status')).toBeVisible();
    // The session goes on with its fresh token.
    await page.reload();
    await shell.expectAt('/my_account/info', 'My Account');

    await shell.openMenu();
    await shell.signOutFromMenu();
    await loginPage.signIn(user.userName, CHANGED_PASSWORD);
    await shell.expectAt('/app/dashboard', 'Dashboard');
  });
});
