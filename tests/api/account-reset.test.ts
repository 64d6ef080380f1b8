/**
 * Recover password → mail in the outbox → validate → reset → sign in with the new password; the
 * link works once, expires, and recover answers alike for unknown accounts and is rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordPolicy, RECOVER_PASSWORD_TEXT, RECOVER_RATE_LIMIT_TEXT } from '../../src/schemas/account';
import { tokenHash } from '../../src/server/auth/tokens';
import { RECOVER_LIMITS } from '../../src/server/domain/password-reset';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  buildUser,
  NEW_PASSWORD,
  OTHER_PASSWORD,
  outboxMailsTo,
  removeDir,
  resetLinkIn,
  tempDataDir,
  waitForOutbox,
} from './account-helpers';

describe.each(databaseKinds)('recover and reset password on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let ip = 0;
  /** Each test recovers from its own address, so the per-IP limits of one do not touch another. */
  const nextIp = () => `10.2.0.${++ip}`;
  const recover = (UserNameOrEmail: string, remoteAddress: string, ReturnUrl?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/recoverpassword',
      payload: { UserNameOrEmail, ...(ReturnUrl ? { ReturnUrl } : {}) },
      remoteAddress,
    });
  const reset = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resetpassword', payload, headers });
  const validate = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/validateresetpassword', payload: { Token: token } });

  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp(kind, { DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example.com/' });
  });
  afterAll(async () => {
    await t.close();
    removeDir(dataDir);
  });

  it('mails a link that validates, resets the password once, and the new password signs in', async () => {
    const user = await buildUser(t);
    const res = await recover(user.userName, nextIp(), '/pool_booking/request');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ Message: RECOVER_PASSWORD_TEXT });
    const [mail] = await waitForOutbox(dataDir, user.email);
    const { link, token, returnUrl } = resetLinkIn(mail as string);
    expect(link.startsWith('https://portal.example.com/#/support/resetpassword?token=')).toBe(true);
    expect(returnUrl).toBe('/pool_booking/request');
    // Only the hash is stored.
    const stored = await t.handle.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const valid = await validate(token);
    expect(valid.json()).toMatchObject({ Valid: true, UserName: user.userName });
    expect(new Date(valid.json().ExpiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

    const done = await reset({ Token: token, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      Message: 'Your password has been reset. Sign in with your new password.',
      token: null,
    });

    expect((await t.login(user.userName, user.password)).statusCode).toBe(401);
    const signedIn = await t.login(user.userName, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);

    // Used once: validate and reset both refuse it now.
    expect((await validate(token)).json()).toMatchObject({
      Valid: false,
      Message: expect.stringMatching(/already been used/),
    });
    const again = await reset({ Token: token, NewPassword: OTHER_PASSWORD, ConfirmPassword: OTHER_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/already been used/);
    expect((await t.login(user.userName, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts the email address as well as the user name', async () => {
    const user = await buildUser(t);
    expect((await recover(user.email.toUpperCase(), nextIp())).statusCode).toBe(202);
    const [mail] = await waitForOutbox(dataDir, user.email);
    expect(resetLinkIn(mail as string).returnUrl).toBe('/app/dashboard');
  });

  it('refuses an expired link, an unknown link, and voids the other links once one is used', async () => {
    const user = await buildUser(t);
    const address = nextIp();
    for (let i = 0; i < 3; i++) await recover(user.userName, address);
    const mails = await waitForOutbox(dataDir, user.email, 3);
    const [first, second, third] = mails.map((m) => resetLinkIn(m).token) as [string, string, string];

    await t.handle.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', tokenHash(first))
      .execute();
    expect((await validate(first)).json()).toMatchObject({
      Valid: false,
      Message: expect.stringMatching(/expired/),
    });
    const expired = await reset({ Token: first, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/has expired/);

    const unknown = await reset({
      Token: 'made-up-token',
      NewPassword: NEW_PASSWORD,
      ConfirmPassword: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/not valid/);
    expect((await validate('made-up-token')).json()).toEqual({
      Valid: false,
      Message: expect.stringMatching(/not valid/),
      UserName: null,
      ExpiresAt: null,
    });

    expect(
      (await reset({ Token: second, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await t.login(user.userName, NEW_PASSWORD)).statusCode).toBe(200);
    // Using one link voids the others.
    expect((await validate(third)).json()).toMatchObject({
      Valid: false,
      Message: expect.stringMatching(/already been used/),
    });
    const late = await reset({ Token: third, NewPassword: OTHER_PASSWORD, ConfirmPassword: OTHER_PASSWORD });
    expect(late.statusCode).toBe(400);
  });

  it('enforces the password policy and the confirmation, and keeps the link for a second try', async () => {
    const user = await buildUser(t);
    await recover(user.userName, nextIp());
    const { token } = resetLinkIn((await waitForOutbox(dataDir, user.email))[0] as string);
    const refusals: Array<[object, RegExp]> = [
      [
        { NewPassword: 'Short1!', ConfirmPassword: 'Short1!' },
        new RegExp(`at least ${passwordPolicy.MinLength} characters`),
      ],
      [{ NewPassword: 'alllowercaseletters', ConfirmPassword: 'alllowercaseletters' }, /at least 3 of/],
      [
        { NewPassword: `${user.userName}!A1`, ConfirmPassword: `${user.userName}!A1` },
        /must not contain your user name/,
      ],
      [
        { NewPassword: user.password, ConfirmPassword: user.password },
        /different from your current password/,
      ],
      [{ NewPassword: NEW_PASSWORD, ConfirmPassword: OTHER_PASSWORD }, /do not match/],
      [{ NewPassword: '' }, /ConfirmPassword is required/],
    ];
    for (const [body, message] of refusals) {
      const res = await reset({ Token: token, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await validate(token)).json().Valid).toBe(true);
    expect((await t.login(user.userName, user.password)).statusCode).toBe(200);
  });

  it('unlocks a locked account', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 5; i++) await t.login(user.userName, 'wrong password');
    expect((await t.login(user.userName, user.password)).json().error).toMatch(/account has been locked/);
    await recover(user.userName, nextIp());
    const { token } = resetLinkIn((await waitForOutbox(dataDir, user.email))[0] as string);
    await reset({ Token: token, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect((await t.login(user.userName, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown or inactive account exactly as a known one, and mails nothing', async () => {
    const known = await recover('demo.customer', nextIp());
    const unknown = await recover('nobody.at.all', nextIp());
    const unknownEmail = await recover('nobody@example.com', nextIp());
    const inactive = await buildUser(t, { active: false });
    const inactiveAnswer = await recover(inactive.userName, nextIp());
    for (const res of [unknown, unknownEmail, inactiveAnswer]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    await waitForOutbox(dataDir, 'demo.customer');
    expect(outboxMailsTo(dataDir, 'nobody')).toHaveLength(0);
    expect(outboxMailsTo(dataDir, inactive.email)).toHaveLength(0);
    const rows = await t.handle.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('user_id', '=', inactive.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('limits recover requests per address and account with a 429 that says what to do', async () => {
    const user = await buildUser(t);
    const address = nextIp();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await recover(user.userName, address));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(answers[3]?.statusCode).toBe(429);
    expect(answers[3]?.json().error).toBe(RECOVER_RATE_LIMIT_TEXT);
    // Unknown accounts are limited alike, so the limit reveals nothing either.
    const ghost = [];
    for (let i = 0; i < 4; i++) ghost.push((await recover('ghost.user', address)).statusCode);
    expect(ghost).toEqual([202, 202, 202, 429]);
    // Another address may still ask for the same account.
    expect((await recover(user.userName, nextIp())).statusCode).toBe(202);
  });

  it('counts the per-account limit by the account: its user name and its email share it', async () => {
    const user = await buildUser(t);
    // Each from its own address, alternating what is typed: only the per-account limit can refuse.
    const answers = [];
    for (let i = 0; i < RECOVER_LIMITS.account + 2; i++)
      answers.push((await recover(i % 2 ? user.email.toUpperCase() : user.userName, nextIp())).statusCode);
    expect(answers).toEqual([...Array.from({ length: RECOVER_LIMITS.account }, () => 202), 429, 429]);
    // One link (and one mail) per answered request, none for the refused ones.
    const links = await t.handle.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(links).toHaveLength(RECOVER_LIMITS.account);
    expect(await waitForOutbox(dataDir, user.email, RECOVER_LIMITS.account)).toHaveLength(
      RECOVER_LIMITS.account,
    );
  });

  it('refuses a return address outside the portal and bad bodies with 400', async () => {
    const away = await recover('demo.customer', nextIp(), 'https://evil.example.com/');
    expect(away.statusCode).toBe(400);
    expect(away.json().error).toMatch(
      /ReturnUrl is not in the expected format \(A hash route of the portal, starting with '\/', e\.g\. \/app\/dashboard\)\./,
    );
    const protocolRelative = await recover('demo.customer', nextIp(), '//evil.example.com');
    expect(protocolRelative.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/recoverpassword', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/UserNameOrEmail is required/);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validateresetpassword',
      payload: {},
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toMatch(/Token is required/);
    const anonymous = await reset({ NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatch(/reset link from your email, or sign in/);
  });
});
