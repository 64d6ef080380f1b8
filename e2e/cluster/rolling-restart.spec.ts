/**
 * Issue 29: a rolling restart loses nothing. Two instances on one PostgreSQL behind Debian's nginx;
 * each is restarted in turn (docs/operations.md "Restarts": out of nginx, SIGTERM, start, ready,
 * back in) while 50 clients search the dashboard, submit bookings with an Idempotency-Key (retried
 * with the same key as the SPA's submit is) and hold hub connections with the official
 * @microsoft/signalr client. Then:
 * - no request a client made failed (no 5xx, no connection error), none needed its retry;
 * - every submit booked exactly one order, the one its client was told (counted in PostgreSQL);
 * - both stopped instances exited 0;
 * - every hub client reconnected (each instance held some) and receives the next change.
 * The API clients open a connection per request: a reload of nginx closes its idle kept-alive
 * client connections, which a browser answers by resending on a new one, and a plain client not.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { type Cluster, startCluster } from '../../deploy/cluster';
import { HUB_RECONNECT_DELAY_MS } from '../../src/domain/constants';
import type { OrderChangeMessage } from '../../src/schemas/dashboard';
import { until } from '../../tests/helpers/until';

const LB_PORT = Number(process.env.CLUSTER_PORT ?? 8896) + 10;
const SERVER_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `portal_rolling_e2e_${LB_PORT}`;
const CLIENTS = 50;
/** Each client's pause between calls: 50 clients, about 25 calls a second on a small shared machine. */
const THINK_MS = 2_000;
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const CONTACT = { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' };
const SEARCH = { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31', PageSize: 20 };

let cluster: Cluster | null = null;
let databaseUrl = '';

interface Answer {
  status: number;
  json: Record<string, unknown> | null;
}

/** One call through a connection of its own (Connection: close). */
function send(method: string, path: string, token?: string, body?: unknown, key?: string): Promise<Answer> {
  const url = new URL(path, cluster?.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(user: string): Promise<string> {
  const res = await send('POST', '/api/auth/login', undefined, {
    UserId: user,
    Password: 'Demo!2345',
    ApplicationCode: 'BRR',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json?.token as string;
}

interface HubClient {
  connection: HubConnection;
  orders: Set<number>;
  reconnected: number;
}

function hubClient(token: string): HubClient {
  const connection = new HubConnectionBuilder()
    .withUrl(`${cluster?.url}/api/dashboard/hub`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    // SPEC §9: every 3 s, for as long as it takes (as the SPA's HubStore).
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => HUB_RECONNECT_DELAY_MS })
    .configureLogging(LogLevel.None)
    .build();
  const client: HubClient = { connection, orders: new Set(), reconnected: 0 };
  connection.on('ReceiveMessage', (m: OrderChangeMessage) => client.orders.add(m.BookingOrderId));
  connection.onreconnected(() => {
    client.reconnected++;
  });
  return client;
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3_000 });
  let unreachable: string | null = null;
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } catch (error) {
    unreachable = (error as Error).message;
  } finally {
    await admin.end().catch(() => undefined);
  }
  // Two instances must share one database, and PGlite lives inside one process. The suite fails
  // rather than skips without it, so a machine with PostgreSQL down cannot pass it unseen.
  if (unreachable !== null)
    throw new Error(
      `PostgreSQL is not reachable at ${SERVER_URL} (${unreachable}): two instances need one database. Start PostgreSQL or set CLUSTER_DATABASE_URL.`,
    );
  const url = new URL(SERVER_URL);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
  cluster = await startCluster({
    lbPort: LB_PORT,
    instancePorts: [LB_PORT + 1, LB_PORT + 2],
    databaseUrl,
    runDir: `${process.cwd()}/.cache/cluster-rolling-${LB_PORT}`,
    // Fifty clients share the demo users' token buckets (issue 28); this suite tests restarts.
    env: {
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_KEY_BURST: '1000000',
      RATE_LIMIT_KEY_PER_MINUTE: '1000000',
    },
    log: () => undefined,
  });
});

test.afterAll(async () => {
  await cluster?.close();
});

test('restarting each instance in turn under load: no request fails, every booking once, every hub client back', async () => {
  test.setTimeout(300_000);
  const running = cluster as Cluster;
  const customer = await signIn('demo.customer');
  const staff = await signIn('demo.staff');
  const rows = (await send('POST', '/api/poolbooking/availableunits', customer, EQUIPMENT))
    .json as unknown as {
    LocationId: number;
    Available: number;
  }[];
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  const booking = {
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

  const hubs = Array.from({ length: CLIENTS }, (_, i) => hubClient(i % 2 ? staff : customer));
  await Promise.all(hubs.map((h) => h.connection.start()));
  const stopHubs = () => Promise.all(hubs.map((h) => h.connection.stop()));

  const failures: string[] = [];
  const booked = new Map<string, number>();
  let calls = 0;
  let stop = false;
  /** A customer: searches, and every fourth call submits a booking, retried with its key until final. */
  const client = async (i: number) => {
    const token = customer;
    for (let n = i % 4; !stop; n++) {
      if (n % 4 === 3) {
        const key = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const res = await send('POST', '/api/poolbooking/create', token, booking, key).catch(
            (e: Error): Answer => ({ status: 0, json: { error: e.message } }),
          );
          calls++;
          if (res.status === 200) {
            booked.set(key, res.json?.BookingOrderId as number);
            break;
          }
          failures.push(`submit ${key} attempt ${attempt}: ${res.status} ${JSON.stringify(res.json)}`);
          if (res.status !== 0 && res.status < 500) break;
          if (attempt > 20) throw new Error(`submit ${key} never answered`);
          await new Promise((r) => setTimeout(r, 500));
        }
      } else {
        const res = await send('POST', '/api/dashboard/search', token, SEARCH).catch(
          (e: Error): Answer => ({
            status: 0,
            json: { error: e.message },
          }),
        );
        calls++;
        if (res.status !== 200) failures.push(`search: ${res.status} ${JSON.stringify(res.json)}`);
      }
      await new Promise((r) => setTimeout(r, THINK_MS));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  try {
    await until(() => calls >= CLIENTS * 2, { what: 'every client calling', timeoutMs: 60_000 });
    const [a, b] = running.instances;
    const exitA = await running.restart(a as NonNullable<typeof a>);
    const exitB = await running.restart(b as NonNullable<typeof b>);
    expect([exitA, exitB], 'exit codes of the stopped instances').toEqual([0, 0]);
    const after = calls;
    await until(() => calls >= after + CLIENTS * 2, { what: 'calls after the restarts', timeoutMs: 60_000 });
  } catch (error) {
    await stopHubs();
    throw error;
  } finally {
    stop = true;
    await Promise.all(clients);
  }
  console.log(
    `rolling restart: ${calls} calls by ${CLIENTS} clients, ${booked.size} bookings, ${failures.length} failures; hub reconnects: ${hubs.map((h) => h.reconnected).join(',')}`,
  );
  if (failures.length > 0) await stopHubs();
  expect(failures).toEqual([]);
  expect(booked.size).toBeGreaterThan(0);

  // Counted in PostgreSQL: one order per key, the one its client was told.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const orders = (
      await db.query<{ idempotency_key: string; id: number; n: string }>(
        `select idempotency_key, min(booking_order_id) as id, count(*) as n from booking_orders
          where idempotency_key = any($1) group by idempotency_key`,
        [[...booked.keys()]],
      )
    ).rows;
    expect(orders).toHaveLength(booked.size);
    for (const o of orders) {
      expect(Number(o.n), `orders of key ${o.idempotency_key}`).toBe(1);
      expect(o.id).toBe(booked.get(o.idempotency_key));
    }
  } finally {
    await db.end();
  }

  // Every hub client moved at least once (both instances were restarted) and hears the next change.
  await until(() => hubs.every((h) => h.connection.state === 'Connected'), {
    what: 'every hub client connected',
    timeoutMs: 60_000,
  });
  expect(hubs.filter((h) => h.reconnected === 0)).toHaveLength(0);
  const next = await send('POST', '/api/poolbooking/create', customer, booking, randomUUID());
  expect(next.status, JSON.stringify(next.json)).toBe(200);
  const orderId = next.json?.BookingOrderId as number;
  try {
    await until(() => hubs.every((h) => h.orders.has(orderId)), {
      what: 'the next change at every hub client',
      timeoutMs: 20_000,
    });
  } finally {
    await stopHubs();
  }
});
