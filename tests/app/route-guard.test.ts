import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRoute, safeReturnUrl } from '../../src/app/router/guard';
import { AREA_ROUTES, type AreaRoute } from '../../src/app/routes';
import { noAccessText } from '../../src/domain/messages';
import { buildRootStore, buildToken, type DemoUser, tokenFor } from './support/fixtures';
import { sendJson, startServer, type TestServer } from './support/http-server';

// User 42 is in good standing, user 5 is not (as GET /api/users/{id} reports it).
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const m = /\/api\/users\/(\d+)$/.exec(req.url ?? '');
    if (m) return sendJson(res, 200, { UserId: Number(m[1]), UserFullName: 'X', GoodStanding: m[1] !== '5' });
    sendJson(res, 200, []);
  });
});
afterAll(() => server.close());

const routeOf = (path: string) => AREA_ROUTES.find((r) => r.path === path) as AreaRoute;
const pool = routeOf('/pool_booking/request');
const dashboard = routeOf('/app/dashboard');
const store = (token?: string) => buildRootStore({ token, apiBaseUrl: `${server.url}/api` });
const user = (u: DemoUser, extra: Record<string, unknown> = {}) =>
  store(tokenFor(u, { UserId: 42, ...extra }));

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
    expect(
      await guardRoute(user('demo.customer', { ResetPassword: true }), dashboard, '/app/dashboard'),
    ).toBe('/support/resetpassword?returnUrl=%2Fapp%2Fdashboard');
  });

  it('sends a user without the area permission home, and fires the lookup load once', async () => {
    const root = user('demo.readonly');
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
    const root = user('demo.suspended', { UserId: 5 });
    expect(await guardRoute(root, pool, '/pool_booking/request')).toBe('/accountValidation');
    expect(await guardRoute(root, dashboard, '/app/dashboard')).toBeNull();
    // Redelivery creates no booking (BOOKING_AREAS), so it stays open.
    expect(
      await guardRoute(root, routeOf('/pool_redelivery/request'), '/pool_redelivery/request'),
    ).toBeNull();
  });

  it('opens a booking area for a customer in good standing', async () => {
    expect(await guardRoute(user('demo.customer'), pool, '/pool_booking/request')).toBeNull();
  });

  it('follows only in-app returnUrls', () => {
    expect(safeReturnUrl('/pool_booking/request')).toBe('/pool_booking/request');
    expect(safeReturnUrl('//evil.example')).toBeNull();
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl('/login?returnUrl=/x')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
