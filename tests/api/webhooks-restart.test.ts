/**
 * Issue 18: no webhook event is lost when the server is killed right after a commit. The product's
 * own server (`src/server/main.ts`, as `npm start` runs it) books an order whose order.created
 * delivery is in the same commit; the receiver never answers the first POST, and the server is
 * killed with SIGKILL as soon as the booking is answered. A new server on the same database — a
 * PGlite data directory, and PostgreSQL when TEST_DATABASE_URL is set — delivers it once the dead
 * instance's claim runs out (short here: WEBHOOK_TIMEOUT_MS is small).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../helpers/ports';
import { type Receiver, startReceiver } from './webhook-helpers';

const MAIN = resolve('src/server/main.ts');
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const ENV = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_TIMEOUT_MS: '300',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_RETRY_CHECK_MS: '200',
};

async function startPortal(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'test-secret-not-for-production-000000',
      BUILD_HASH: 'webhooks-restart',
      ...ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the portal did not start:\n${out}`)), 180_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Portal at http://')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the portal exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });

async function call(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(path.endsWith('/create') ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as unknown;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as Record<string, unknown> & unknown[];
}

const signIn = async (origin: string, user: string) =>
  (
    await call(origin, 'POST', '/api/auth/login', undefined, {
      UserId: user,
      Password: 'Demo!2345',
      ApplicationCode: 'BRR',
    })
  ).token as string;

type Where = { env: Record<string, string>; cleanup: () => Promise<void> };

/** A PGlite data directory holding the seeded test database (from the run's snapshot). */
async function pgliteDir(): Promise<Where> {
  const dir = mkdtempSync(join(tmpdir(), 'brr-webhooks-'));
  const db = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
  });
  await db.close();
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresDatabase(): Promise<Where> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `brr_webhooks_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

const kinds: Array<[string, () => Promise<Where>]> = [
  ['PGlite', pgliteDir],
  ...(process.env.TEST_DATABASE_URL
    ? ([['PostgreSQL', postgresDatabase]] as Array<[string, () => Promise<Where>]>)
    : []),
];

describe.each(kinds)('a webhook event across a kill on %s', (_name, prepare) => {
  const children: ChildProcess[] = [];
  let where: Where | null = null;
  let hooks: Receiver | null = null;
  afterAll(async () => {
    await Promise.all(children.map(killed));
    await hooks?.close();
    await where?.cleanup();
  });

  it('is delivered by the restarted server', { timeout: 600_000 }, async () => {
    where = await prepare();
    // The first POST (the killed server's) never gets an answer; every later one is 200.
    hooks = await startReceiver((n) => (n === 0 ? 'hang' : { status: 200 }));
    const first = await startPortal(where.env);
    children.push(first.child);
    const staff = await signIn(first.origin, 'demo.staff');
    const customer = await signIn(first.origin, 'demo.customer');
    const account = (await call(first.origin, 'GET', '/api/users/me/account', customer)) as {
      CompanyName?: string;
    };
    const companies = (await call(
      first.origin,
      'GET',
      `/api/lookup/customers?search=${encodeURIComponent(account.CompanyName ?? '')}`,
      staff,
    )) as unknown as { CustomerId: number; CustomerName: string }[];
    const company = companies.find((c) => c.CustomerName === account.CompanyName);
    expect(company, 'the demo customer’s company').toBeDefined();
    await call(first.origin, 'POST', '/api/webhooks/subscriptions', staff, {
      CustomerId: company?.CustomerId,
      Url: hooks.url,
      Events: ['order.created'],
    });
    const rows = (await call(
      first.origin,
      'POST',
      '/api/poolbooking/availableunits',
      customer,
      EQUIPMENT,
    )) as unknown as {
      LocationId: number;
      Available: number;
    }[];
    const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
    const booked = await call(first.origin, 'POST', '/api/poolbooking/create', customer, {
      Equipment: EQUIPMENT,
      AvailableUnits: [
        {
          LocationId: place.LocationId,
          Available: place.Available,
          CustomerBooking: { UnitsRequestedCount: 1 },
        },
      ],
      Contact: { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' },
    });
    // Killed right after the commit: whatever the dispatcher had begun dies with it.
    await killed(first.child);
    const orderId = booked.BookingOrderId as number;

    const second = await startPortal(where.env);
    children.push(second.child);
    const deadline = Date.now() + 120_000;
    while (
      !hooks.received.some(
        (h, i) => (i > 0 || h.answeredAt !== null) && h.body.order?.BookingOrderId === orderId,
      )
    ) {
      if (Date.now() > deadline)
        throw new Error(
          `order ${orderId}'s order.created was not delivered after the restart (${hooks.received.length} POSTs)`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
    const delivered = hooks.received.filter((h) => h.body.order?.BookingOrderId === orderId);
    expect(delivered.every((h) => h.body.event === 'order.created')).toBe(true);
    // At least once, one id: a receiver that saw the dead server's POST drops the repeat.
    expect(new Set(delivered.map((h) => h.body.id)).size).toBe(1);
    await killed(second.child);
  });
});
