/**
 * Issue 15 §5 in Chromium: two portal instances on one PostgreSQL behind Debian's nginx.
 * - A booking made through one instance reaches a dashboard whose hub connection (through the
 *   balancer) is held by the other instance, live: the new-booking notice, then the row changing
 *   in place when the order is cancelled there.
 * - The instance holding the browser's hub connection is killed (SIGKILL) in the middle of a load
 *   run of booking submits through the balancer: the browser reconnects to the other instance
 *   (SignalR's retry every 3 s, SPEC §9), and every submit — retried with its Idempotency-Key when
 *   its instance died under it — books exactly one order: none lost, none doubled (counted in the
 *   database itself).
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { type Cluster, type Instance, startCluster } from '../../deploy/cluster';
import { HUB_RECONNECT_DELAY_MS } from '../../src/domain/constants';
import { LoginPage } from '../fixtures/login-page';

const LB_PORT = Number(process.env.CLUSTER_PORT ?? 8896);
const SERVER_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `portal_cluster_e2e_${LB_PORT}`;
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const CONTACT = { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' };

test.describe.configure({ mode: 'serial' });

let cluster: Cluster | null = null;
let databaseUrl = '';
let a: Instance;
let b: Instance;

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME}`);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const unreachable = await postgresReachable();
  // Two instances need one shared database, which PGlite (one process) cannot be. The suite
  // fails rather than skips without it: a skip here had hidden the two-instance checks on any
  // machine where PostgreSQL was down (.ci/run starts it).
  if (unreachable !== null)
    throw new Error(
      `PostgreSQL is not reachable at ${SERVER_URL} (${unreachable}): the two-instance test needs one database both instances share. Start PostgreSQL or set CLUSTER_DATABASE_URL.`,
    );
  const url = new URL(SERVER_URL);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
  cluster = await startCluster({
    lbPort: LB_PORT,
    instancePorts: [LB_PORT + 1, LB_PORT + 2],
    databaseUrl,
    runDir: `${process.cwd()}/.cache/cluster-e2e-${LB_PORT}`,
    // Fifty clients share the demo users' token buckets (issue 28); this suite tests restarts.
    env: {
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_KEY_BURST: '1000000',
      RATE_LIMIT_KEY_PER_MINUTE: '1000000',
    },
    log: () => undefined,
  });
  [a, b] = cluster.instances as [Instance, Instance];
});

test.afterAll(async () => {
  await cluster?.close();
});

async function call(
  origin: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  key?: string,
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
      timezoneoffset: String(-new Date().getTimezoneOffset() / 60),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(origin: string, user: string): Promise<string> {
  const res = await call(origin, 'POST', '/api/auth/login', undefined, {
    UserId: user,
    Password: 'Demo!2345',
    ApplicationCode: 'BRR',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json?.token as string;
}

/** A one-unit pool booking at the LAX location with the most room. */
async function oneUnit(origin: string, token: string) {
  const rows = (await call(origin, 'POST', '/api/poolbooking/availableunits', token, EQUIPMENT))
    .json as unknown as {
    LocationId: number;
    Available: number;
  }[];
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  return {
    Equipment: EQUIPMENT,
    AvailableUnits: [
      {
        LocationId: place.LocationId,
        Available: place.Available,
        CustomerBooking: { UnitsRequestedCount: 1 },
      },
    ],
    Contact: CONTACT,
  };
}

const hubBadge = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a booking through one instance shows live on a dashboard connected through nginx to the other', async ({
  page,
}) => {
  // The browser's hub connection must sit on A: B is stopped while the page connects (nginx skips it).
  await b.stop();
  const login = new LoginPage(page);
  await page.goto(`${cluster?.url}/#/login`);
  await login.signIn('demo.customer');
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible({ timeout: 60_000 });
  await expect(hubBadge(page, 'Live')).toBeVisible({ timeout: 30_000 });
  await b.start();

  // Booked through B, straight to its port: only PostgreSQL's NOTIFY can tell A, and A the browser.
  const token = await signIn(b.origin, 'demo.customer');
  const booked = await call(
    b.origin,
    'POST',
    '/api/poolbooking/create',
    token,
    await oneUnit(b.origin, token),
    randomUUID(),
  );
  expect(booked.status, JSON.stringify(booked.json)).toBe(200);
  const orderId = booked.json?.BookingOrderId as number;
  await expect(page.getByRole('status').getByText('New booking', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  const detail = await call(b.origin, 'GET', `/api/dashboard/details/${orderId}`, token);
  const bookings = (detail.json?.Bookings ?? []) as { BookingId: number }[];
  const bookingId = bookings[0]?.BookingId;
  const row = page.locator(`tr[data-booking-id="${bookingId}"]`);
  await expect(row).toBeVisible();

  // Cancelled through B: the row changes where it stands, with no new search.
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/dashboard/search')) searches.push(r.url());
  });
  const cancelled = await call(b.origin, 'PUT', '/api/bookingorder/cancelOrder', token, {
    BookingOrderId: orderId,
  });
  expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
  await expect(row.getByRole('cell').nth(7)).toHaveText('Cancelled', { timeout: 10_000 });
  expect(searches).toEqual([]);
});

test('the instance holding the hub dies mid-load: the browser reconnects to the other, no booking lost or doubled', async ({
  page,
}) => {
  // As in the first test: the page's hub connection on A, then B back in the pool.
  await b.stop();
  const login = new LoginPage(page);
  await page.goto(`${cluster?.url}/#/login`);
  await login.signIn('demo.customer');
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible({ timeout: 60_000 });
  await expect(hubBadge(page, 'Live')).toBeVisible({ timeout: 30_000 });
  await b.start();

  const lb = cluster?.url as string;
  const token = await signIn(lb, 'demo.customer');
  const body = await oneUnit(lb, token);
  const answered = new Map<string, number>();
  const retried = new Set<string>();
  let stop = false;
  /** One client: submits one after another, each retried with its key until the answer is final. */
  const client = async () => {
    while (!stop) {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const res = await call(lb, 'POST', '/api/poolbooking/create', token, body, key).catch(() => null);
        if (res?.status === 200) {
          answered.set(key, res.json?.BookingOrderId as number);
          break;
        }
        if (res && res.status < 500)
          throw new Error(`submit refused: ${res.status} ${JSON.stringify(res.json)}`);
        retried.add(key);
        if (attempt > 50) throw new Error(`key ${key} never answered`);
        // A client's pause before its retry (as an integration would), not a wait in the test.
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  // The page's hub sockets and negotiations from the kill on.
  let killedAt = 0;
  const sockets: { openedMs: number }[] = [];
  const negotiations: number[] = [];
  page.on('websocket', () => {
    if (killedAt) sockets.push({ openedMs: Date.now() - killedAt });
  });
  page.on('request', (r) => {
    if (killedAt && r.url().includes('/hub/negotiate')) negotiations.push(Date.now() - killedAt);
  });
  const clients = Array.from({ length: 6 }, client);
  // The load is under way (every client has booked once, on average) before the kill.
  await expect.poll(() => answered.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(clients.length);
  const before = answered.size;
  await a.kill();
  killedAt = Date.now();
  await expect(hubBadge(page, 'Live')).toBeHidden({ timeout: 10_000 });
  await expect(hubBadge(page, 'Live')).toBeVisible({ timeout: 30_000 });
  const liveMs = Date.now() - killedAt;
  // The load goes on through the surviving instance: as many bookings again after the kill.
  await expect.poll(() => answered.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(before + clients.length);
  stop = true;
  await Promise.all(clients);
  console.log(
    `cluster: ${answered.size} bookings (${before} before the kill), ${retried.size} retried with their key; after the kill: negotiate at ${negotiations.join(', ')} ms, new socket at ${sockets.map((x) => x.openedMs).join(', ')} ms, badge Live at ${liveMs} ms (retry delay ${HUB_RECONNECT_DELAY_MS} ms)`,
  );
  // SignalR waits SPEC §9's 3 s, then its first retry lands on the other instance: one attempt, no
  // failed one. (The socket's own handshake then waits for a busy instance; its time is printed.)
  expect(negotiations).toHaveLength(1);
  expect(sockets).toHaveLength(1);
  expect(sockets[0]?.openedMs).toBeLessThanOrEqual(HUB_RECONNECT_DELAY_MS + 2_000);
  expect(answered.size).toBeGreaterThan(before);

  // Counted in PostgreSQL: one order per key, the one its client was told.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = (
      await db.query<{ idempotency_key: string; id: number; n: string }>(
        `select idempotency_key, min(booking_order_id) as id, count(*) as n from booking_orders
          where idempotency_key = any($1) group by idempotency_key`,
        [[...answered.keys()]],
      )
    ).rows;
    expect(rows).toHaveLength(answered.size);
    for (const r of rows) {
      expect(Number(r.n), `orders of key ${r.idempotency_key}`).toBe(1);
      expect(r.id).toBe(answered.get(r.idempotency_key));
    }
  } finally {
    await db.end();
  }

  // And the browser, now on B, still hears what happens.
  const more = await call(b.origin, 'POST', '/api/poolbooking/create', token, body, randomUUID());
  expect(more.status).toBe(200);
  await expect(page.getByRole('status').getByText(/^New bookings? ?(\(\d+\))?$/)).toBeVisible({
    timeout: 10_000,
  });
  await a.start();
});
