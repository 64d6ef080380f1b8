/**
 * Issue 15: the authentication check is served from memory, and a sign-out or a deactivation is
 * still refused on every instance within a second. On PostgreSQL two server instances share one
 * database (each with its own pool and LISTEN connection); PGlite is one process, one instance.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { authCacheFor } from '../../src/server/auth/auth-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import { orderEventsFor } from '../../src/server/events/order-events';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';

const ACCOUNT = '/api/users/me/account';
const REFUSAL_DEADLINE_MS = 1_000;

describe.each(databaseKinds)('authentication check cache on %s', (kind) => {
  let a: TestApp;
  let b: FastifyInstance;
  let second: DatabaseHandle | null = null;

  beforeAll(async () => {
    a = await startTestApp(kind);
    if (kind === 'pglite') {
      b = a.app;
      return;
    }
    second = await openDatabase({ kind: 'postgres', url: a.handle.url as string, poolSize: 5 });
    const tokens = createTokenService(
      new TextEncoder().encode(a.config.jwtSecret as string),
      a.config.tokenLifetimeMinutes,
    );
    b = await buildApp({
      db: second.db,
      tokens,
      config: a.config,
      orderEvents: await orderEventsFor(second),
      authCache: await authCacheFor(second),
    });
  });
  afterAll(async () => {
    if (second) {
      await b.close();
      await second.close();
    }
    await a.close();
  });

  const status = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) })).statusCode;

  /** Milliseconds until `app` refuses the token (401); fails past the deadline. */
  async function refusedAfter(app: FastifyInstance, token: string): Promise<number> {
    const started = Date.now();
    await until(async () => (await status(app, token)) === 401, {
      what: 'the token to be refused (401), within twice the deadline',
      timeoutMs: REFUSAL_DEADLINE_MS * 2,
    });
    return Date.now() - started;
  }

  /** Changes users.active with triggers off: no notification, as if one were lost. */
  const setActiveUnannounced = (userName: string, active: boolean) =>
    a.handle.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ active }).where('user_name', '=', userName).execute();
    });

  it('answers a signed-in call from memory once the token was checked', async () => {
    const token = await a.tokenFor('demo.ssl');
    const unseen = await a.tokenFor('demo.ssl');
    expect(await status(b, token)).toBe(200);
    await setActiveUnannounced('demo.ssl', false);
    try {
      // The database says inactive, but nothing announced it: the cached check still stands…
      expect(await status(b, token)).toBe(200);
      // …while a token the cache has not seen is checked against the database.
      expect(await status(b, unseen)).toBe(401);
    } finally {
      await setActiveUnannounced('demo.ssl', true);
    }
  });

  it('refuses from memory what it refuses once checked: an ability the caller lacks, a token past its time', async () => {
    const token = await a.tokenFor('demo.customer');
    const pending = {
      method: 'GET' as const,
      url: '/api/bookingpending/allRequestTypes',
      headers: bearer(token),
    };
    // The first call reads the database; the next ones are decided from memory (issue 30).
    for (let call = 0; call < 3; call++) {
      expect(await status(b, token)).toBe(200);
      const refused = await b.inject(pending);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.headers['ratelimit-remaining']).toBeDefined();
    }
    const expiring = await a.tokenFor('demo.customer');
    expect(await status(b, expiring)).toBe(200);
    const claims = JSON.parse(Buffer.from(expiring.split('.')[1] as string, 'base64url').toString());
    const realNow = Date.now;
    Date.now = () => claims.exp * 1000 + 1;
    try {
      expect(await status(b, expiring)).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses a token that carries a cached token’s signature over other claims', async () => {
    const token = await a.tokenFor('demo.customer');
    expect(await status(b, token)).toBe(200); // its check is cached now, under its signature
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const raised = Buffer.from(JSON.stringify({ ...claims, RoleRank: 100 })).toString('base64url');
    const forged = `${header}.${raised}.${signature}`;
    expect(await status(b, forged)).toBe(401);
    expect(await status(b, token)).toBe(200);
  });
  it('refuses a signed-out token on the other instance within a second', async () => {
    const token = await a.tokenFor('demo.customer');
    const other = await a.tokenFor('demo.customer');
    expect(await status(b, token)).toBe(200);
    expect(await status(b, other)).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(await refusedAfter(b, token)).toBeLessThan(REFUSAL_DEADLINE_MS);
    expect(await status(a.app, token)).toBe(401);
    // Another session of the same user carries on.
    expect(await status(b, other)).toBe(200);
  });

  it('refuses every token of a deactivated account within a second, and takes it back when reactivated', async () => {
    const token = await a.tokenFor('demo.staff');
    expect(await status(b, token)).toBe(200);
    await a.handle.db
      .updateTable('users')
      .set({ active: false })
      .where('user_name', '=', 'demo.staff')
      .execute();
    try {
      expect(await refusedAfter(b, token)).toBeLessThan(REFUSAL_DEADLINE_MS);
      const refused = await b.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) });
      expect(refused.body).toMatch(/not active/);
    } finally {
      await a.handle.db
        .updateTable('users')
        .set({ active: true })
        .where('user_name', '=', 'demo.staff')
        .execute();
    }
    await until(async () => (await status(b, token)) === 200, {
      what: 'the reactivated account to be accepted again (200)',
      timeoutMs: REFUSAL_DEADLINE_MS * 2,
    });
    expect(await status(b, token)).toBe(200);
  });

  /**
   * Issue 28, finding 9: milliseconds until `app` answers `url` with `expected` for `token`; fails
   * past the deadline.
   */
  async function answersAfter(
    app: FastifyInstance,
    request: { method: 'GET' | 'POST'; url: string; payload?: object },
    token: string,
    expected: (status: number) => boolean,
  ): Promise<number> {
    const started = Date.now();
    await until(async () => expected((await app.inject({ ...request, headers: bearer(token) })).statusCode), {
      what: `${request.method} ${request.url} to change its answer, within twice the deadline`,
      timeoutMs: REFUSAL_DEADLINE_MS * 2,
    });
    return Date.now() - started;
  }

  it('applies a role taken away to the live token on the next call of every instance: no new API key', async () => {
    const token = await a.tokenFor('demo.staff');
    const keys = { method: 'GET', url: '/api/account/apikeys?CustomerId=1' } as const;
    expect((await b.inject({ ...keys, headers: bearer(token) })).statusCode).toBe(200);
    const staff = await a.handle.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.user_id')
      .select(['users.user_id', 'user_roles.role_id'])
      .where('users.user_name', '=', 'demo.staff')
      .execute();
    await a.handle.db
      .deleteFrom('user_roles')
      .where('user_id', '=', staff[0]?.user_id as number)
      .execute();
    try {
      expect(await answersAfter(b, keys, token, (s) => s === 403)).toBeLessThan(REFUSAL_DEADLINE_MS);
      const make = await a.app.inject({
        method: 'POST',
        url: '/api/account/apikeys',
        headers: bearer(token),
        payload: { Name: 'after the role went', Abilities: ['read'], ExpiresAt: '2099-01-01', CustomerId: 1 },
      });
      expect(make.statusCode, make.body).toBe(403);
      // The token still signs in the person: what they may do is what their roles say now.
      expect(await status(b, token)).toBe(200);
    } finally {
      await a.handle.db.insertInto('user_roles').values(staff).execute();
    }
    expect(await answersAfter(b, keys, token, (s) => s === 200)).toBeLessThan(REFUSAL_DEADLINE_MS);
  });

  it('applies a role’s new bits to its users’ live tokens on the next call of every instance', async () => {
    const token = await a.tokenFor('demo.ssl');
    const check = { method: 'POST', url: '/api/poolredelivery/check', payload: {} } as const;
    // A steamship line does not redeliver to the pool (SPEC §6 roles in the seed).
    expect((await b.inject({ ...check, headers: bearer(token) })).statusCode).toBe(403);
    const role = await a.handle.db
      .selectFrom('roles')
      .select('role_id')
      .where('role_name', '=', 'Steamship Line')
      .executeTakeFirstOrThrow();
    const grant = (bits: number) =>
      a.handle.db
        .updateTable('role_permissions')
        .set({ bits })
        .where('role_id', '=', role.role_id)
        .where('entity', '=', 'PoolRedelivery')
        .execute();
    await grant(7);
    try {
      expect(await answersAfter(b, check, token, (s) => s !== 403)).toBeLessThan(REFUSAL_DEADLINE_MS);
    } finally {
      await grant(0);
    }
    expect(await answersAfter(b, check, token, (s) => s === 403)).toBeLessThan(REFUSAL_DEADLINE_MS);
  });
});
