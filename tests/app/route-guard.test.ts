/**
 * The route guard against the real server (a process of its own), with the demo users' real
 * tokens: demo.suspended's company is not in good standing, demo.readonly may not book, and a
 * password reset staff force on demo.ssl is in its next token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { safeReturnUrl } from '../../src/app/paths';
import { guardRoute } from '../../src/app/router/guard';
import { AREA_ROUTES, type AreaRoute } from '../../src/app/routes';
import { noAccessText } from '../../src/domain/messages';
import { withRealServer } from '../helpers/real-server';
import { DEMO_PASSWORD, type DemoUser, decodeClaims } from '../helpers/test-app';
import { buildRootStore, buildToken } from './support/fixtures';

const real = withRealServer();
beforeAll(async () => {
  // demo.ssl must choose a new password at its next sign-in (forced by staff).
  const { UserId } = decodeClaims(await real.server.token('demo.ssl')) as { UserId: number };
  const forced = await real.server.call('POST', `/api/users/${UserId}/forcepasswordreset`, {
    token: await real.server.token('demo.staff'),
  });
  if (forced.status >= 300) throw new Error(`forcing a reset: ${forced.status} ${forced.body}`);
});

const routeOf = (path: string) => AREA_ROUTES.find((r) => r.path === path) as AreaRoute;
const pool = routeOf('/pool_booking/request');
const dashboard = routeOf('/app/dashboard');
const store = (token?: string) => buildRootStore({ token, apiBaseUrl: `${real.server.url}/api` });
/** A fresh sign-in (not the server's cached token): the claims as they are now. */
async function user(u: DemoUser) {
  const res = await real.server.call('POST', '/api/auth/login', {
    body: { UserId: u, Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  if (res.status !== 200) throw new Error(`login ${u}: ${res.status} ${res.body}`);
  return store(res.json<{ token: string }>().token);
}

describe('route guard (SPEC §6 route rules)', () => {
  it('sends a signed-out user to login with the route as returnUrl', async () => {
    expect(await guardRoute(store(), pool, '/pool_booking/request?x=1')).toBe(
      '/login?returnUrl=%2Fpool_booking%2Frequest%3Fx%3D1',
    );
  });

  it('treats an expired token as signed out', async () => {
    const expired = store(buildToken({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(await guardRoute(expired, dashboard, '/app/dashboard')).toBe(
      '/login?returnUrl=%2Fapp%2Fdashboard',
    );
  });

  it('forces the reset page while a password reset is pending', async () => {
    expect(await guardRoute(await user('demo.ssl'), dashboard, '/app/dashboard')).toBe(
      '/support/resetpassword?returnUrl=%2Fapp%2Fdashboard',
    );
  });

  it('sends a user without the area permission home, and fires the lookup load once', async () => {
    const root = await user('demo.readonly');
    expect(root.lookups.loaded).toBe(false);
    expect(await guardRoute(root, pool, '/pool_booking/request')).toBe('/app/dashboard');
    expect(root.lookups.loaded).toBe(true);
    // …and says why, in a message the move to the dashboard keeps.
    expect(root.messages.messages.map((m) => [m.Data, m.noClear])).toEqual([
      [noAccessText(pool.title), true],
    ]);
    expect(
      await guardRoute(root, routeOf('/manual_inventory/request'), '/manual_inventory/request'),
    ).toBeNull();
  });

  it('sends an account not in good standing from booking areas to account validation only', async () => {
    const root = await user('demo.suspended');
    expect(await guardRoute(root, pool, '/pool_booking/request')).toBe('/accountValidation');
    expect(await guardRoute(root, dashboard, '/app/dashboard')).toBeNull();
    // Redelivery creates no booking (BOOKING_AREAS), so it stays open.
    expect(
      await guardRoute(root, routeOf('/pool_redelivery/request'), '/pool_redelivery/request'),
    ).toBeNull();
  });

  it('opens a booking area for a customer in good standing', async () => {
    expect(await guardRoute(await user('demo.customer'), pool, '/pool_booking/request')).toBeNull();
  });

  it('follows only in-app returnUrls', () => {
    expect(safeReturnUrl('/pool_booking/request')).toBe('/pool_booking/request');
    expect(safeReturnUrl('//evil.example')).toBeNull();
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl('/login?returnUrl=/x')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
