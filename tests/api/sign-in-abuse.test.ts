/**
 * Issue 11 "Lockout as a weapon" (docs/decisions.md "Sign-in abuse"): wrong passwords lock an
 * account for the address they come from, so nobody locks the owner out cheaply; failures from
 * many addresses together still lock it everywhere; one address is throttled with a 429.
 */
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
