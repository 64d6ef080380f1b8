import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHASSIS_LIMIT_POOL_REDELIVERY,
  CHASSIS_LIMIT_TERM_LEASE_REDELIVERY,
  CONFIGURED_LOCATION_ID,
  DASHBOARD_PAGE_SIZE,
  DEFAULT_INVENTORY_ORG,
  MIN_SEARCH_TEXT_LENGTH,
  PAGINATOR_DEFAULTS,
} from '../../src/domain/constants';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

// Configuration answers do not touch the database beyond sign-in: PGlite is enough here.
describe('configuration and version (SPEC §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { BUILD_HASH: 'abc123', SECURITY_APP_URL: 'https://sec.test/' });
  });
  afterAll(() => t.close());

  it('serves config.json with the API base, application code and configured links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config/config.json' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      apiBaseUrl: '/api',
      applicationCode: 'BRR',
      securityAppUrl: 'https://sec.test/',
    });
  });

  it('reports the build hash for the version check', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/version?t=${Date.now()}` });
    expect(res.json()).toEqual({ hash: 'abc123' });
  });

  it('gives the environment key and its feature flags publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/config?dt=1' });
    expect(res.json()).toEqual({
      EnvironmentKey: 'demo',
      FeatureFlags: {
        TermCloseOfFulfilledBooking: true,
        InternalReservationComments: true,
        PendingQueueContactInfo: true,
      },
    });
  });

  it('gives signed-in users the server UI configuration', async () => {
    const token = await t.tokenFor('demo.customer');
    const res = await t.app.inject({ method: 'GET', url: '/api/configuration/ui', headers: bearer(token) });
    // Every field the domain answers, and no other (the response schema names each one).
    expect(res.json()).toEqual({
      Environment: 'demo',
      DashboardPageSize: DASHBOARD_PAGE_SIZE,
      PaginatorPageSize: PAGINATOR_DEFAULTS.pageSize,
      MinSearchTextLength: MIN_SEARCH_TEXT_LENGTH,
      ChassisLimitPoolRedelivery: CHASSIS_LIMIT_POOL_REDELIVERY,
      ChassisLimitTermLeaseRedelivery: CHASSIS_LIMIT_TERM_LEASE_REDELIVERY,
      DefaultInventoryOrg: DEFAULT_INVENTORY_ORG,
      ConfiguredLocationId: CONFIGURED_LOCATION_ID,
      TokenLifetimeMinutes: t.config.tokenLifetimeMinutes,
    });
  });
});
