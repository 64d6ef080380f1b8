/** Builds the real server on a fresh seeded database, for app.inject tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/server/app';
import { authCacheFor } from '../../src/server/auth/auth-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { readConfig, type ServerConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { orderEventsFor } from '../../src/server/events/order-events';
import { type DatabaseKind, openTestDatabase } from './database';

export const DEMO_PASSWORD = 'Demo!2345';
export const DEMO_USERS = [
  'demo.customer',
  'demo.ssl',
  'demo.staff',
  'demo.readonly',
  'demo.suspended',
] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

/**
 * Issue 28: a test file makes thousands of calls with one token in seconds (the route fuzz), far
 * past what a person or an integration may. The buckets still run on every call; they are just
 * deep. The rate-limit tests pass their own RATE_LIMIT_* (tests/api/rate-limits.test.ts).
 */
const TEST_RATE_LIMITS = {
  RATE_LIMIT_USER_BURST: '1000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000',
  RATE_LIMIT_KEY_BURST: '1000000',
  RATE_LIMIT_KEY_PER_MINUTE: '1000000',
};

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: ServerConfig;
  login(user: string, password?: string): Promise<LightMyRequestResponse>;
  tokenFor(user: DemoUser): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  return appOnDatabase(await openTestDatabase(kind), env, options);
}

/** The real server on a database the caller opened (closed with the app). */
export async function appOnDatabase(
  handle: DatabaseHandle,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const config = readConfig({
    JWT_SECRET: 'test-secret-not-for-production-000000',
    ...TEST_RATE_LIMITS,
    ...env,
  });
  const tokens = createTokenService(
    new TextEncoder().encode(config.jwtSecret as string),
    config.tokenLifetimeMinutes,
  );
  const orderEvents = await orderEventsFor(handle);
  const authCache = await authCacheFor(handle);
  const app = await buildApp(
    {
      db: handle.db,
      dispatchDb: handle.dispatchDb,
      tokens,
      config,
      orderEvents,
      authCache,
      dbPool: handle.pool,
    },
    options,
  );
  const login = (user: string, password = DEMO_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId: user, Password: password, ApplicationCode: 'BRR' },
    });
  return {
    app,
    handle,
    config,
    login,
    async tokenFor(user) {
      const res = await login(user);
      if (res.statusCode !== 200) throw new Error(`login ${user}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Decodes a JWT's payload without verifying it: tests read what the server put there. */
export function decodeClaims(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload as string, 'base64url').toString('utf8'));
}
