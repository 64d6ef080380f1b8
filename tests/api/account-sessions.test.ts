/**
 * Forced password reset, sessions ended by a password change, change password and my account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUIRED_TEXT } from '../../src/schemas/account';
import { databaseKinds } from '../helpers/database';
import { bearer, decodeClaims, startTestApp, type TestApp } from '../helpers/test-app';
import {
  buildUser,
  NEW_PASSWORD,
  OTHER_PASSWORD,
  removeDir,
  tempDataDir,
  waitForOutbox,
} from './account-helpers';

/** Usable while a reset is pending (besides the public routes, which need no token at all). */
const ALLOWED_DURING_RESET = new Set([
  'GET /api/auth/refresh',
  'GET /api/auth/status',
  'POST /api/auth/logout',
  'POST /api/auth/resetpassword',
]);

describe.each(databaseKinds)('sessions and my account on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const call = (method: string, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp(kind, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    removeDir(dataDir);
  });

  it('blocks every other signed-in route with a 403 until a forced reset is done', async () => {
    const user = await buildUser(t, { resetPassword: true });
    const signedIn = await t.login(user.userName, user.password);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    expect(decodeClaims(token).ResetPassword).toBe(true);

    // Every operation of the API document that needs a token.
    const doc = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{[^}]+\}/g, '1');
        if (!path.startsWith('/api/') || ALLOWED_DURING_RESET.has(key)) continue;
        if ((await call(method, url)).statusCode !== 401) continue; // public
        const res = await call(method, url, token);
        expect(res.statusCode, key).toBe(403);
        expect(res.json().error, key).toBe(RESET_REQUIRED_TEXT);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);

    expect((await call('GET', `/api/auth/status?userId=${user.userId}`, token)).statusCode).toBe(200);
    const refreshed = await call('GET', '/api/auth/refresh', token);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeClaims(refreshed.json().token).ResetPassword).toBe(true);

    // The signed-in reset needs the current password.
    const noCurrent = await call('POST', '/api/auth/resetpassword', token, {
      NewPassword: NEW_PASSWORD,
      ConfirmPassword: NEW_PASSWORD,
    });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().error).toMatch(/CurrentPassword is required/);
    const wrong = await call('POST', '/api/auth/resetpassword', token, {
      CurrentPassword: 'not it',
      NewPassword: NEW_PASSWORD,
      ConfirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not correct.');

    const done = await call('POST', '/api/auth/resetpassword', token, {
      CurrentPassword: user.password,
      NewPassword: NEW_PASSWORD,
      ConfirmPassword: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    const fresh = done.json().token as string;
    expect(decodeClaims(fresh).ResetPassword).toBe(false);
    expect((await call('GET', '/api/users/me/account', fresh)).statusCode).toBe(200);
    expect((await call('GET', '/api/lookup/locations', fresh)).statusCode).toBe(200);
    // The token of the forced session is over, and so is its refresh.
    expect((await call('GET', '/api/users/me/account', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/refresh', refreshed.json().token)).statusCode).toBe(401);
    const next = await t.login(user.userName, NEW_PASSWORD);
    expect(decodeClaims(next.json().token).ResetPassword).toBe(false);
    // It calls every route of the API: allow for a loaded machine.
  }, 120_000);

  it('lets a user with a pending reset sign out', async () => {
    const user = await buildUser(t, { resetPassword: true });
    const token = (await t.login(user.userName, user.password)).json().token as string;
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/refresh', token)).statusCode).toBe(401);
  });

  it('ends the other sessions on a password change and keeps the one that changed it', async () => {
    const user = await buildUser(t);
    const mine = (await t.login(user.userName, user.password)).json().token as string;
    const other = (await t.login(user.userName, user.password)).json().token as string;
    const changed = await call('POST', '/api/auth/changepassword', mine, {
      CurrentPassword: user.password,
      NewPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().Message).toMatch(/other sessions have been signed out/);
    const fresh = changed.json().token as string;
    expect(decodeClaims(fresh).sub).toBe(user.userName);

    expect((await call('GET', '/api/users/me/account', fresh)).statusCode).toBe(200);
    const refused = await call('GET', '/api/users/me/account', other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatch(/password of your account was changed/);
    expect((await call('GET', '/api/auth/refresh', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/account', mine)).statusCode).toBe(401);
    // The fresh token refreshes; a sign-in right after the change (same second) is valid at once.
    expect((await call('GET', '/api/auth/refresh', fresh)).statusCode).toBe(200);
    expect((await t.login(user.userName, user.password)).statusCode).toBe(401);
    const again = (await t.login(user.userName, NEW_PASSWORD)).json().token as string;
    expect((await call('GET', '/api/users/me/account', again)).statusCode).toBe(200);

    const [alert] = await waitForOutbox(dataDir, user.email);
    expect(alert).toContain('Your chassis portal password was changed');
  });

  it('refuses a wrong current password, a weak new one, and too many attempts', async () => {
    const user = await buildUser(t);
    const token = (await t.login(user.userName, user.password)).json().token as string;
    const change = (CurrentPassword: string, NewPassword: string) =>
      call('POST', '/api/auth/changepassword', token, { CurrentPassword, NewPassword });
    const wrong = await change('nope', NEW_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not correct.');
    const weak = await change(user.password, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/at least 10 characters/);
    const missing = await call('POST', '/api/auth/changepassword', token, { CurrentPassword: user.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/NewPassword is required/);
    // Five checks of the current password per 15 minutes: the sixth is refused, even when right.
    await change('nope', NEW_PASSWORD);
    await change('nope', NEW_PASSWORD);
    await change('nope', NEW_PASSWORD);
    const limited = await change(user.password, NEW_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many password attempts/);
    expect((await t.login(user.userName, user.password)).statusCode).toBe(200);
  });

  it('shows and updates my account, with notification preferences', async () => {
    const user = await buildUser(t);
    const token = (await t.login(user.userName, user.password)).json().token as string;
    const shown = await call('GET', '/api/users/me/account', token);
    expect(shown.json()).toMatchObject({
      UserId: user.userId,
      UserName: user.userName,
      Email: user.email,
      AuthProvider: 'Local',
      IsInternal: false,
      CompanyName: expect.any(String),
      NotificationPreferences: { BookingNotifications: true, SecurityAlerts: true },
      CanChangePassword: true,
      PasswordChangedAt: null,
    });
    const update = {
      FirstName: ' Jordan ',
      LastName: 'Rivera',
      Email: `new.${user.email}`,
      Phone: null,
      NotificationPreferences: { BookingNotifications: false, SecurityAlerts: false },
    };
    const updated = await call('PUT', '/api/auth/updateaccount', token, update);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      FirstName: 'Jordan',
      LastName: 'Rivera',
      Email: update.Email,
      Phone: null,
      NotificationPreferences: update.NotificationPreferences,
    });
    expect((await call('GET', '/api/users/me/account', token)).json()).toEqual(updated.json());
    const refreshed = await call('GET', '/api/auth/refresh', token);
    expect(decodeClaims(refreshed.json().token).UserFullName).toBe('Jordan Rivera');

    // With security alerts off, a password change mails nothing: every mail is a mail_outbox row
    // written in the change's own transaction, so none is addressed to the user once it answered.
    const changed = await call('POST', '/api/auth/changepassword', refreshed.json().token, {
      CurrentPassword: user.password,
      NewPassword: OTHER_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const queued = await t.handle.db.selectFrom('mail_outbox').select('to_addresses').execute();
    expect(queued.filter((m) => m.to_addresses.includes(update.Email))).toEqual([]);
  });

  it('refuses a bad or taken email and blank names on update, changing nothing', async () => {
    const user = await buildUser(t);
    const token = (await t.login(user.userName, user.password)).json().token as string;
    const base = {
      FirstName: 'Avery',
      LastName: 'Account',
      Email: user.email,
      Phone: '555-0100',
      NotificationPreferences: { BookingNotifications: true, SecurityAlerts: true },
    };
    const bad = await call('PUT', '/api/auth/updateaccount', token, { ...base, Email: 'nope@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Invalid email address/);
    const blank = await call('PUT', '/api/auth/updateaccount', token, { ...base, LastName: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/LastName must not be blank/);
    const staffEmail = (
      await t.handle.db
        .selectFrom('users')
        .select('email')
        .where('user_name', '=', 'demo.staff')
        .executeTakeFirstOrThrow()
    ).email;
    const taken = await call('PUT', '/api/auth/updateaccount', token, { ...base, Email: staffEmail });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/already used by another account/);
    const partial = await call('PUT', '/api/auth/updateaccount', token, { FirstName: 'X' });
    expect(partial.statusCode).toBe(400);
    const after = await call('GET', '/api/users/me/account', token);
    expect(after.json()).toMatchObject({ Email: user.email, LastName: expect.stringMatching(/^Account/) });
  });
});
