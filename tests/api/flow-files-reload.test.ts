/**
 * Issue 32, development: with the flow files watched (FLOWS_WATCH=1, `npm run dev:server`), a
 * changed limit is enforced by the running server from its next call, with no restart; a file that
 * does not load leaves the rules in force as they were.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultSourceDirs, SRC_DIR } from '../../src/engine/node/sources';
import { buildApp } from '../../src/server/app';
import { authCacheFor } from '../../src/server/auth/auth-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { readConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { orderEventsFor } from '../../src/server/events/order-events';
import { loadServerFlows, type ServerFlows, watchFlowFiles } from '../../src/server/flows';
import { databaseKinds, openTestDatabase } from '../helpers/database';
import { DEMO_PASSWORD } from '../helpers/test-app';
import { CONTACT, submit } from './bookings-helpers';

describe.each(databaseKinds)('flow files reloaded in development on %s', (kind) => {
  const rulesDir = mkdtempSync(join(tmpdir(), 'rules-'));
  cpSync(join(SRC_DIR, 'rules'), rulesDir, { recursive: true });
  const dirs = { ...defaultSourceDirs(), rulesDir };
  const logged: string[] = [];
  let handle: DatabaseHandle;
  let flows: ServerFlows;
  let unwatch: () => void;
  let t: Parameters<typeof submit>[0];
  let token: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const config = readConfig({ JWT_SECRET: 'test-secret-not-for-production-000000' });
    const tokens = createTokenService(new TextEncoder().encode(config.jwtSecret as string), 60);
    flows = loadServerFlows([], undefined, dirs);
    unwatch = watchFlowFiles(
      flows,
      { info: (m) => logged.push(m), error: (m) => logged.push(m) },
      undefined,
      dirs,
    );
    const app = await buildApp({
      db: handle.db,
      tokens,
      config,
      orderEvents: await orderEventsFor(handle),
      authCache: await authCacheFor(handle),
      flows,
    });
    t = { app } as Parameters<typeof submit>[0];
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId: 'demo.customer', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
    });
    token = login.json().token;
  });
  afterAll(async () => {
    unwatch();
    await t.app.close();
    await handle.close();
    rmSync(rulesDir, { recursive: true, force: true });
  });

  const sixChassis = () =>
    submit(t, '/api/poolredelivery', token, {
      Redelivery: { LocationId: 1, RedeliveryDate: new Date().toISOString().slice(0, 10), ReasonCode: 'X' },
      Chassis: {
        ChassisIds: ['PLCZ900001', 'PLCZ900002', 'PLCZ900003', 'PLCZ900004', 'PLCZ900005', 'PLCZ900006'],
      },
      Contact: CONTACT,
    });
  const tooMany = 'At most 5 chassis can be redelivered at a time: split the list into several redeliveries.';

  it('enforces a lowered poolRedeliveryChassisMax on the next call', async () => {
    expect((await sixChassis()).body).not.toContain(tooMany);
    const file = join(rulesDir, 'limits.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"poolRedeliveryChassisMax": 1000', '"poolRedeliveryChassisMax": 5'),
    );
    await vi.waitFor(() => expect(flows.catalog.limits.poolRedeliveryChassisMax).toBe(5), {
      timeout: 10_000,
    });
    const refused = await sixChassis();
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(tooMany);
  });

  it('keeps the rules in force when a changed file does not load, and says why', async () => {
    const file = join(rulesDir, 'limits.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        '"poolRedeliveryChassisMax": 5',
        '"poolRedeliveryChassisMax": "five"',
      ),
    );
    await vi.waitFor(() => expect(logged.at(-1)).toContain('do not load; the previous ones stay in force'), {
      timeout: 10_000,
    });
    expect(logged.at(-1)).toContain('poolRedeliveryChassisMax is not a number');
    expect((await sixChassis()).body).toContain(tooMany);
  });
});
