/** 401 without a token, 403 without the permission, for a sample of routes and each demo user. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import {
  bearer,
  DEMO_USERS,
  type DemoUser,
  decodeClaims,
  startTestApp,
  type TestApp,
} from '../helpers/test-app';

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };

const calls: Record<string, Call> = {
  locations: { method: 'GET', url: '/api/lookup/locations' },
  uiConfig: { method: 'GET', url: '/api/configuration/ui' },
  equipment: { method: 'POST', url: '/api/lookup/equipment', payload: { ChassisIds: ['PLCZ000001'] } },
  pendingTypes: { method: 'GET', url: '/api/bookingpending/allRequestTypes' },
  pendingFailures: { method: 'GET', url: '/api/bookingpending/allRequestFailures' },
  reservationOrgs: { method: 'GET', url: '/api/lookup/internalReservationInventoryOrgs' },
  manualInventoryOrgs: { method: 'GET', url: '/api/lookup/manualInventoryInventoryOrgs' },
  repositionReasons: { method: 'GET', url: '/api/lookup/repositionReasons' },
  poolRedeliveryCategories: { method: 'GET', url: '/api/lookup/poolRedeliveryEquipmentCategories' },
};

/** The expected status of each call per demo user (ARCHITECTURE §6 roles). */
const expected: Record<DemoUser, Record<keyof typeof calls, number>> = {
  'demo.customer': {
    locations: 200,
    uiConfig: 200,
    equipment: 200,
    pendingTypes: 403,
    pendingFailures: 403,
    reservationOrgs: 403,
    manualInventoryOrgs: 403,
    repositionReasons: 200,
    poolRedeliveryCategories: 200,
  },
  'demo.ssl': {
    locations: 200,
    uiConfig: 200,
    equipment: 200,
    pendingTypes: 403,
    pendingFailures: 403,
    reservationOrgs: 403,
    manualInventoryOrgs: 403,
    repositionReasons: 403,
    poolRedeliveryCategories: 403,
  },
  'demo.staff': {
    locations: 200,
    uiConfig: 200,
    equipment: 200,
    pendingTypes: 200,
    pendingFailures: 200,
    reservationOrgs: 200,
    manualInventoryOrgs: 200,
    repositionReasons: 200,
    poolRedeliveryCategories: 200,
  },
  // Read alone opens the pending queue, reservation and inventory areas, not the booking types.
  'demo.readonly': {
    locations: 200,
    uiConfig: 200,
    equipment: 200,
    pendingTypes: 200,
    pendingFailures: 200,
    reservationOrgs: 200,
    manualInventoryOrgs: 200,
    repositionReasons: 403,
    poolRedeliveryCategories: 403,
  },
  'demo.suspended': {
    locations: 200,
    uiConfig: 200,
    equipment: 200,
    pendingTypes: 403,
    pendingFailures: 403,
    reservationOrgs: 403,
    manualInventoryOrgs: 403,
    repositionReasons: 200,
    poolRedeliveryCategories: 200,
  },
};

describe.each(databaseKinds)('access control on %s', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<DemoUser, string>;
  const spaDir = mkdtempSync(join(tmpdir(), 'brr-spa-'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Portal</title>');
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { staticDir: spaDir });
    for (const user of DEMO_USERS) tokens[user] = await t.tokenFor(user);
  });
  afterAll(() => t.close());

  it.each(Object.entries(calls))('%s without a token is a 401 with a message', async (_name, call) => {
    const res = await t.app.inject({ ...call });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/sign in/i);
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it.each(DEMO_USERS)('%s gets exactly the expected answers', async (user) => {
    const seen: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      const res = await t.app.inject({ ...call, headers: bearer(tokens[user]) });
      seen[name] = res.statusCode;
      if (res.statusCode === 403) expect(res.json().error).toMatch(/permission/i);
    }
    expect(seen).toEqual(expected[user]);
  });

  it('shows a customer only their own company in customer lookups, and staff every company', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/customers',
      headers: bearer(tokens['demo.customer']),
    });
    expect(mine.json().map((c: { SCAC: string }) => c.SCAC)).toEqual(['DMCR']);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/allCustomers',
      headers: bearer(tokens['demo.staff']),
    });
    expect(all.json().length).toBeGreaterThan(50);
  });

  it('hides other users’ details from a customer (404) but not from staff', async () => {
    const staffId = decodeClaims(tokens['demo.staff']).UserId;
    const customerId = decodeClaims(tokens['demo.customer']).UserId;
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/users/${staffId}`,
      headers: bearer(tokens['demo.customer']),
    });
    expect(hidden.statusCode).toBe(404);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/users/${customerId}`,
      headers: bearer(tokens['demo.staff']),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().UserName).toBe('demo.customer');
  });

  it('reports the suspended customer as not in good standing', async () => {
    const id = decodeClaims(tokens['demo.suspended']).UserId;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${id}`,
      headers: bearer(tokens['demo.suspended']),
    });
    expect(res.json()).toMatchObject({ GoodStanding: false, IsInternal: false });
  });

  it('serves the public endpoints without a token', async () => {
    for (const url of [
      '/config/config.json',
      '/api/version?t=1',
      '/api/public/config?dt=1',
      '/api/openapi.json',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
