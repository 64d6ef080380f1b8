/**
 * Issue 11 "Lockout as a weapon" and issue 28 #3 (docs/decisions.md "Sign-in abuse"): wrong
 * passwords lock an account for the address they come from, so nobody locks the owner out
 * cheaply; failures are counted in a sliding window, and only failures from several addresses
 * within one window lock it everywhere; one address is throttled with a 429.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GLOBAL_LOCK_FACTOR,
  SIGN_IN_FAILURES_PER_MINUTE,
  SIGN_IN_THROTTLED_TEXT,
} from '../../src/server/domain/auth';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';

const ATTEMPTS = 3;
const OWNER = '127.0.0.1';

describe.each(databaseKinds)('sign-in abuse on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { LOCKOUT_ATTEMPTS: String(ATTEMPTS), LOCKOUT_MINUTES: '15' });
  });
  afterAll(() => t.close());

  const signIn = (UserId: string, Password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId, Password, ApplicationCode: 'BRR' },
      remoteAddress,
    });

  it("a stranger's wrong passwords lock the account for the stranger's address only", async () => {
    for (let i = 0; i < ATTEMPTS; i++) await signIn('demo.ssl', `guess-${i}`, '10.0.0.7');
    const stranger = await signIn('demo.ssl', 'Demo!2345', '10.0.0.7');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toContain('account has been locked');
    // The owner, from their own address, signs in as ever.
    expect((await signIn('demo.ssl', 'Demo!2345', OWNER)).statusCode).toBe(200);
  });

  it('failures from many addresses together lock the account everywhere', async () => {
    const addresses = Array.from({ length: GLOBAL_LOCK_FACTOR * ATTEMPTS }, (_, i) => `10.1.${i}.1`);
    for (const ip of addresses) {
      const res = await signIn('demo.readonly', 'wrong', ip);
      expect(res.statusCode).toBe(401);
    }
    const owner = await signIn('demo.readonly', 'Demo!2345', OWNER);
    expect(owner.statusCode).toBe(401);
    expect(owner.json().message).toContain('account has been locked');
    const row = await t.handle.db
      .selectFrom('users')
      .select('locked_until')
      .where('user_name', '=', 'demo.readonly')
      .executeTakeFirstOrThrow();
    expect(row.locked_until?.getTime()).toBeGreaterThan(Date.now());
  });

  /** Moves the account's failures a window (LOCKOUT_MINUTES and a minute) into the past. */
  const aWindowLater = (userName: string) =>
    sql`update sign_in_failures set failed_at = failed_at - interval '16 minutes'
        where user_id = (select user_id from users where user_name = ${userName})`.execute(t.handle.db);

  it('one address, round after round a window apart, never locks the account everywhere (issue 28)', async () => {
    const attacker = '10.3.0.66';
    for (let round = 0; round < GLOBAL_LOCK_FACTOR + 2; round++) {
      for (let i = 0; i < ATTEMPTS; i++) await signIn('demo.customer', `guess-${round}-${i}`, attacker);
      // Locked for the attacker's address in this round …
      expect((await signIn('demo.customer', 'Demo!2345', attacker)).json().message).toContain(
        'account has been locked',
      );
      // … never for the owner's.
      expect((await signIn('demo.customer', 'Demo!2345', OWNER)).statusCode).toBe(200);
      await aWindowLater('demo.customer');
    }
    // The window slid on: the attacker's address is free again, and nothing locked the account.
    expect((await signIn('demo.customer', 'Demo!2345', attacker)).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('users')
      .select('locked_until')
      .where('user_name', '=', 'demo.customer')
      .executeTakeFirstOrThrow();
    expect(row.locked_until).toBeNull();
  });

  it('the lock everywhere needs failures from several addresses within one window', async () => {
    const user = 'demo.staff';
    // GLOBAL_LOCK_FACTOR − 1 addresses, each locked for itself: the owner still signs in.
    for (let a = 0; a < GLOBAL_LOCK_FACTOR - 1; a++)
      for (let i = 0; i < ATTEMPTS; i++) await signIn(user, 'wrong', `10.4.${a}.1`);
    expect((await signIn(user, 'Demo!2345', OWNER)).statusCode).toBe(200);
    // Failures a window old do not count: the next address alone does not reach it either.
    await aWindowLater(user);
    for (let i = 0; i < ATTEMPTS; i++) await signIn(user, 'wrong', '10.4.9.1');
    expect((await signIn(user, 'Demo!2345', OWNER)).statusCode).toBe(200);
    // GLOBAL_LOCK_FACTOR addresses within the window: locked everywhere, with SPEC §8's text.
    for (let a = 0; a < GLOBAL_LOCK_FACTOR - 1; a++)
      for (let i = 0; i < ATTEMPTS; i++) await signIn(user, 'wrong', `10.5.${a}.1`);
    const owner = await signIn(user, 'Demo!2345', OWNER);
    expect(owner.statusCode).toBe(401);
    expect(owner.json().message).toContain('account has been locked');
  });

  it('throttles an address that keeps failing, with a 429 that says to wait; other addresses go on', async () => {
    const ip = '10.2.0.9';
    for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE; i++) {
      const res = await signIn(`nobody.${i}`, 'whatever', ip);
      expect(res.statusCode).toBe(401);
    }
    const throttled = await signIn('demo.customer', 'Demo!2345', ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED', message: SIGN_IN_THROTTLED_TEXT });
    expect((await signIn('demo.customer', 'Demo!2345', '10.2.0.10')).statusCode).toBe(200);
  });
});
