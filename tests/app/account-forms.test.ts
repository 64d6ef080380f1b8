/**
 * The account pages' stores against the real server (real database, real routes, mail to a
 * throwaway outbox) over HTTP: what the forms check before sending, what they send, and how the
 * server's answers and refusals reach the user (SPEC §1, §2, §8).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MyAccountStore } from '../../src/app/pages/account/MyAccountStore';
import { RecoverFormStore } from '../../src/app/pages/account/RecoverFormStore';
import { ResetFormStore } from '../../src/app/pages/account/ResetFormStore';
import { SignUpFormStore } from '../../src/app/pages/account/SignUpFormStore';
import { guardRoute } from '../../src/app/router/guard';
import { AREA_ROUTES, type AreaRoute } from '../../src/app/routes';
import type { RootStore } from '../../src/app/stores/RootStore';
import { INVALID_EMAIL_TEXT, RECOVER_PASSWORD_TEXT } from '../../src/schemas/account';
import { SIGN_UP_SUCCESS_TEXT } from '../../src/schemas/sign-up';
import {
  type BuiltUser,
  buildUser,
  NEW_PASSWORD,
  OTHER_PASSWORD,
  removeDir,
  resetLinkIn,
  tempDataDir,
  waitForOutbox,
} from '../api/account-helpers';
import { withRealServer } from '../helpers/real-server';
import { buildRootStore } from './support/fixtures';

// The outbox: mail the server writes instead of sending (no SMTP_URL), read by the tests.
// Registered first so it runs last (after hooks run in reverse): once the server has closed.
const dataDir = tempDataDir();
afterAll(() => removeDir(dataDir));
const real = withRealServer({ here: 'pglite', env: { DATA_DIR: dataDir } });

const root = (): RootStore => buildRootStore({ apiBaseUrl: `${real.server.url}/api` });
async function signedIn(user: BuiltUser, password = user.password): Promise<RootStore> {
  const r = root();
  expect(await r.session.login(user.userName, password, false)).toBeNull();
  return r;
}
const dashboard = AREA_ROUTES.find((r) => r.path === '/app/dashboard') as AreaRoute;

function fillSignUp(form: SignUpFormStore, userName: string) {
  form.set('CompanyName', 'Harbor Drayage LLC');
  form.set('SCAC', 'hbrd');
  form.set('FirstName', 'Harper');
  form.set('LastName', 'Drayton');
  form.set('UserName', userName);
  form.set('Email', `${userName}@harbor.example.com`);
  form.set('Phone', '312-555-0199');
  form.toggleAccess('PoolBooking', true);
}

describe('sign up (Register as a New User)', () => {
  it('names every missing or malformed field before anything is sent', async () => {
    const form = new SignUpFormStore(root().api);
    expect(await form.submit()).toBe(false);
    expect(Object.keys(form.errors).sort()).toEqual(
      [
        'CompanyName',
        'Email',
        'FirstName',
        'LastName',
        'Phone',
        'RequestedAccess',
        'SCAC',
        'UserName',
      ].sort(),
    );
    form.set('Email', 'not-an-address');
    form.set('SCAC', 'TOOLONG');
    expect(form.error('Email')).toBe(INVALID_EMAIL_TEXT);
    expect(form.error('SCAC')).toBe(
      'SCAC is not in the expected format (Standard Carrier Alpha Code: 2 to 4 letters).',
    );
    expect(form.success).toBeNull();
  });

  it('files the request and shows the SPEC §8 success text; the same user name again is refused', async () => {
    const userName = `harper.${Date.now()}`;
    const first = new SignUpFormStore(root().api);
    fillSignUp(first, userName);
    expect(await first.submit()).toBe(true);
    expect(first.success).toBe(SIGN_UP_SUCCESS_TEXT);

    const again = new SignUpFormStore(root().api);
    fillSignUp(again, userName);
    await again.checkUserName();
    expect(again.userNameTaken?.message).toBeTruthy();
    expect(await again.submit()).toBe(false); // the form already knows
    again.userNameTaken = null; // as if the check had not answered: the server refuses it itself
    expect(await again.submit()).toBe(false);
    expect(again.serverError).toMatch(/user name/i);
  });
});

describe('recover and reset by mailed link', () => {
  it('recover → mail → link checked → weak password refused → reset → sign in with the new password', async () => {
    const user = await buildUser(real.server);
    const recover = new RecoverFormStore(root().api, '/my_account/info');
    recover.set('UserNameOrEmail', user.email);
    expect(await recover.submit()).toBe(true);
    expect(recover.success).toBe(RECOVER_PASSWORD_TEXT);

    const [mail] = await waitForOutbox(dataDir, user.email);
    const { token, returnUrl } = resetLinkIn(mail as string);
    expect(returnUrl).toBe('/my_account/info');

    const r = root();
    const reset = new ResetFormStore(r.api, r.session, token);
    await reset.validateLink();
    expect(reset.link?.Valid).toBe(true);
    expect(reset.userName).toBe(user.userName);

    reset.set('NewPassword', 'short');
    reset.set('ConfirmPassword', 'short');
    expect(await reset.submit()).toBe(false);
    expect(reset.error('NewPassword')).toMatch(/at least 10 characters/);
    reset.set('NewPassword', NEW_PASSWORD);
    expect(reset.error('ConfirmPassword')).toMatch(/do not match/);
    reset.set('ConfirmPassword', NEW_PASSWORD);
    expect(await reset.submit()).toBe(true);
    expect(reset.signInAgain).toBe(true);
    expect(r.session.isSignedIn).toBe(false); // by link: sign in again

    const after = await signedIn(user, NEW_PASSWORD);
    expect(after.session.claims?.sub).toBe(user.userName);

    // The link worked once.
    const reused = new ResetFormStore(r.api, r.session, token);
    await reused.validateLink();
    expect(reused.link?.Valid).toBe(false);
    expect(reused.linkProblem).toMatch(/already been used/);
  });

  it('an unknown link says so', async () => {
    const r = root();
    const reset = new ResetFormStore(r.api, r.session, 'no-such-token');
    await reset.validateLink();
    expect(reset.linkProblem).toMatch(/not valid/);
  });
});

describe('forced reset (token claim ResetPassword)', () => {
  it('keeps the user on the reset page until a new password is set, then lets them in', async () => {
    const user = await buildUser(real.server, { resetPassword: true });
    const r = await signedIn(user);
    expect(r.session.pendingReset).toBe(true);
    expect(await guardRoute(r, dashboard, '/app/dashboard')).toBe(
      '/support/resetpassword?returnUrl=%2Fapp%2Fdashboard',
    );

    const reset = new ResetFormStore(r.api, r.session, null);
    expect(reset.mode).toBe('signedIn');
    reset.set('CurrentPassword', 'wrong-password');
    reset.set('NewPassword', NEW_PASSWORD);
    reset.set('ConfirmPassword', NEW_PASSWORD);
    expect(await reset.submit()).toBe(false);
    expect(reset.serverError).toMatch(/current password/i);
    expect(r.session.pendingReset).toBe(true);

    reset.set('CurrentPassword', user.password);
    expect(await reset.submit()).toBe(true);
    expect(r.session.pendingReset).toBe(false);
    expect(r.session.isSignedIn).toBe(true);
    expect(await guardRoute(r, dashboard, '/app/dashboard')).toBeNull();
  });
});

describe('my account', () => {
  it('shows the account, saves name, email, phone and notification preferences', async () => {
    const user = await buildUser(real.server);
    const r = await signedIn(user);
    const store = new MyAccountStore(r.api, r.session);
    await store.load();
    expect(store.account?.UserName).toBe(user.userName);
    expect(store.profile.values.Email).toBe(user.email);

    store.profile.set('Email', 'nope');
    expect(await store.profile.submit()).toBe(false);
    expect(store.profile.error('Email')).toBe(INVALID_EMAIL_TEXT);

    store.profile.set('Email', `new.${user.email}`);
    store.profile.set('Phone', '(312) 555-0142');
    store.profile.setPreference('BookingNotifications', false);
    expect(await store.profile.submit()).toBe(true);
    expect(store.profile.success).toBeTruthy();

    const reloaded = new MyAccountStore(r.api, r.session);
    await reloaded.load();
    expect(reloaded.account?.Email).toBe(`new.${user.email}`);
    expect(reloaded.account?.Phone).toBe('(312) 555-0142');
    expect(reloaded.account?.NotificationPreferences.BookingNotifications).toBe(false);
  });

  it('changes the password with the current one; a wrong current password is refused with its message', async () => {
    const user = await buildUser(real.server);
    const r = await signedIn(user);
    const store = new MyAccountStore(r.api, r.session);
    await store.load();
    const form = store.password;
    form.set('CurrentPassword', 'not-my-password');
    form.set('NewPassword', OTHER_PASSWORD);
    form.set('ConfirmPassword', OTHER_PASSWORD);
    expect(await form.submit()).toBe(false);
    expect(form.serverError).toMatch(/current password is not correct/i);

    const before = r.session.token;
    form.set('CurrentPassword', user.password);
    expect(await form.submit()).toBe(true);
    expect(form.success).toBeTruthy();
    expect(r.session.token).not.toBe(before); // this session goes on with a fresh token
    expect(form.values.CurrentPassword).toBe('');
    await signedIn(user, OTHER_PASSWORD);
  });
});
