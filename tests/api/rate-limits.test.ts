/**
 * Issue 28, finding 4: a token bucket per signed-in user and per API key, kept in the database so
 * every instance takes from the same one; 429 with Retry-After and RateLimit-* headers. On
 * PostgreSQL two server instances share one database and the calls alternate between them; PGlite
 * is one process, one instance. The buckets refill at one call a minute here, so time passing
 * during the test never adds a token; the refill itself is shown by moving the bucket's clock.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { authCacheFor } from '../../src/server/auth/auth-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import { orderEventsFor } from '../../src/server/events/order-events';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

const USER_BURST = 5;
const KEY_BURST = 3;
const ENV = {
  RATE_LIMIT_USER_BURST: String(USER_BURST),
  RATE_LIMIT_USER_PER_MINUTE: '1',
  RATE_LIMIT_KEY_BURST: String(KEY_BURST),
  RATE_LIMIT_KEY_PER_MINUTE: '1',
};
const ACCOUNT = '/api/users/me/account';
const SEARCH = '/api/dashboard/search';

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let t: TestApp;
  let instances: FastifyInstance[];
  let second: DatabaseHandle | null = null;

  beforeAll(async () => {
    t = await startTestApp(kind, ENV);
    instances = [t.app];
    if (kind === 'postgres') {
      second = await openDatabase({ kind: 'postgres', url: t.handle.url as string, poolSize: 5 });
      const tokens = createTokenService(
        new TextEncoder().encode(t.config.jwtSecret as string),
        t.config.tokenLifetimeMinutes,
      );
      instances.push(
        await buildApp({
          db: second.db,
          tokens,
          config: t.config,
          orderEvents: await orderEventsFor(second),
          authCache: await authCacheFor(second),
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    if (second) {
      await instances[1]?.close();
      await second.close();
    }
    await t.close();
  });

  /** The n-th call goes to instance n mod 2 (on PostgreSQL), as a round-robin balancer sends it. */
  const on = (n: number) => instances[n % instances.length] as FastifyInstance;
  const get = (n: number, headers: Record<string, string>, url = ACCOUNT) =>
    on(n).inject({ method: 'GET', url, headers });
  const search = (n: number, headers: Record<string, string>) =>
    on(n).inject({ method: 'POST', url: SEARCH, headers, payload: { CreatedFrom: '2026-01-01' } });

  /** As if `seconds` had passed since the bucket was last taken from. */
  const age = (bucket: string, seconds: number) =>
    t.handle.db
      .updateTable('rate_limit_buckets')
      .set({ refilled_at: sql`refilled_at - make_interval(secs => ${seconds})` })
      .where('bucket', '=', bucket)
      .execute();

  const expectRefused = (res: LightMyRequestResponse, who: RegExp) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(who);
    const retryAfter = Number(res.headers['retry-after']);
    // One call a minute: the next token is a minute (less what passed since the last call) away.
    expect(retryAfter).toBeGreaterThan(30);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json().message).toContain(`Wait ${retryAfter} seconds`);
    expect(res.headers['ratelimit-remaining']).toBe('0');
  };

  it('lets a signed-in user make a burst of calls, then answers 429 with Retry-After, on every instance', async () => {
    const token = await t.tokenFor('demo.customer');
    const userId = (await get(0, bearer(token))).json().UserId as number;
    // That call took the first token.
    for (let n = 1; n < USER_BURST; n++) {
      const res = await get(n, bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(USER_BURST));
      expect(res.headers['ratelimit-remaining']).toBe(String(USER_BURST - 1 - n));
      expect(res.headers['ratelimit-policy']).toBe(`${USER_BURST};w=${USER_BURST * 60}`);
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    expectRefused(await get(USER_BURST, bearer(token)), /from your account/);
    expectRefused(await get(USER_BURST + 1, bearer(token)), /from your account/);
    // The bucket is the user's, not the token's: a second sign-in does not refill it.
    const again = await t.tokenFor('demo.customer');
    expectRefused(await get(0, bearer(again)), /from your account/);
    // Another user has a bucket of their own.
    expect((await get(1, bearer(await t.tokenFor('demo.ssl')))).statusCode).toBe(200);
    // Refused calls took nothing: once a token has refilled, one call goes through, then 429 again.
    await age(`user:${userId}`, 61);
    expect((await get(1, bearer(token))).statusCode).toBe(200);
    expectRefused(await get(0, bearer(token)), /from your account/);
  });

  it('takes each token once, however many calls race for it on however many instances', async () => {
    const token = await t.tokenFor('demo.readonly');
    const answers = await Promise.all(
      Array.from({ length: USER_BURST * 3 }, (_, n) => get(n, bearer(token))),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(USER_BURST);
    expect(statuses.filter((s) => s === 429)).toHaveLength(USER_BURST * 2);
  });

  it('limits an API key by its own bucket, apart from the person who made it', async () => {
    const staff = await t.tokenFor('demo.staff');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/account/apikeys',
      headers: bearer(staff),
      payload: {
        Name: `rate limit ${kind}`,
        Abilities: ['read'],
        ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        CustomerId: 1,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `ApiKey ${made.json().Key}` };
    for (let n = 0; n < KEY_BURST; n++) {
      const res = await search(n, key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(KEY_BURST));
      expect(res.headers['ratelimit-remaining']).toBe(String(KEY_BURST - 1 - n));
    }
    expectRefused(await search(KEY_BURST, key), /from this API key/);
    // The key's calls did not use up its maker's own bucket, nor the other way round.
    const maker = await search(1, bearer(staff));
    expect(maker.statusCode).toBe(200);
    expect(maker.headers['ratelimit-limit']).toBe(String(USER_BURST));
    await age(`key:${made.json().ApiKeyId}`, 61);
    expect((await search(0, key)).statusCode).toBe(200);
  });

  it('does not limit anonymous calls by these buckets (sign-in has its own limits)', async () => {
    const res = await get(0, {}, '/api/public/config');
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});
