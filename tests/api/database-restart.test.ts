/**
 * Issue 11 §4: PostgreSQL restarted under load. A private PostgreSQL cluster of this test's own
 * (initdb from the machine's PostgreSQL, so the shared server other tests use is never touched)
 * is stopped while clients keep calling the real server: every call answers — 503 with a message
 * while the database is away, never a 500, a hang or a crash — and once it is back the same server
 * process answers 200 again and the hub's LISTEN connection carries the next booking to a client.
 * Runs where PostgreSQL's binaries are installed (CI), beside the PostgreSQL API tests.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/db/seed';
import { ORDER_EVENTS_APPLICATION_NAME } from '../../src/server/events/pg-order-events';
import { freePort } from '../helpers/ports';
import { listen } from '../helpers/real-server';
import { appOnDatabase, bearer, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';
import { clearThresholds } from './bookings-helpers';
import { hubClient, messageOf, type RecordingClient, staffBooksFor } from './hub-helpers';

const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
const BIN = versions.length ? `/usr/lib/postgresql/${versions.sort().at(-1)}/bin` : '';
const available = BIN !== '' && existsSync(`${BIN}/initdb`) && !!process.env.TEST_DATABASE_URL;

/** initdb refuses root: as root the cluster belongs to the postgres user. */
const asOwner = (command: string, args: string[]) => {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: 'pipe',
  });
};

// CI installs and starts PostgreSQL, so it runs there.
// Skip reason: no PostgreSQL binaries to initdb a private cluster, or no TEST_DATABASE_URL.
describe.skipIf(!available)('PostgreSQL restarted under load', () => {
  let dir = '';
  let port = 0;
  let t: TestApp;
  let origin = '';
  let staff = '';
  let customer = '';
  let client: RecordingClient | null = null;

  const pgCtl = (...args: string[]) => asOwner(`${BIN}/pg_ctl`, ['-D', join(dir, 'data'), ...args]);
  const startDatabase = () =>
    pgCtl(
      '-w',
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    );
  const stopDatabase = () => pgCtl('-w', '-m', 'fast', 'stop');

  /** One call as a client makes it, bounded so a hang fails the test instead of stalling it. */
  const call = async (path: string, body?: unknown) => {
    const started = Date.now();
    const res = await fetch(`${origin}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...bearer(customer), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, text, ms: Date.now() - started };
  };

  /** Clients calling in a loop until told to stop; every answer kept. */
  const load = (clients: number) => {
    let running = true;
    const answers: { status: number; text: string; ms: number }[] = [];
    const loops = Array.from({ length: clients }, async (_, i) => {
      while (running) {
        answers.push(
          i % 2 === 0
            ? await call('/api/users/me/account')
            : await call('/api/dashboard/search', { StartRecordNumber: 1, PageSize: 10, StatusCode: 'OP' }),
        );
      }
    });
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brr-pg-restart-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    port = await freePort();
    asOwner(`${BIN}/initdb`, ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    startDatabase();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const handle = await openDatabase({ kind: 'postgres', url });
    await migrate(handle.db);
    await seedDemoData(handle.db);
    // The real server with PostgreSQL's LISTEN/NOTIFY order events, listening on a port.
    t = await appOnDatabase(handle);
    origin = await listen(t.app);
    await clearThresholds(t);
    staff = await t.tokenFor('demo.staff');
    customer = await t.tokenFor('demo.customer');
  }, 240_000);

  afterAll(async () => {
    await client?.stop();
    await t?.close();
    try {
      stopDatabase();
    } catch {
      // already stopped by a failed step
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with a message while the database is down, and 200 again once it is back, in the same process', async () => {
    try {
      client = hubClient(origin, () => customer);
      await client.connection.start();

      const before = load(4);
      const ok = (a: { status: number }) => a.status === 200;
      await until(() => before.answers.filter(ok).length >= 4, { what: 'calls answered before the outage' });
      stopDatabase();
      const outageStarted = before.answers.length;
      // Down: the clients keep calling until several calls made during the outage were answered.
      await until(() => before.answers.slice(outageStarted).filter((a) => a.status === 503).length >= 4, {
        what: 'calls answered while the database is down',
        timeoutMs: 30_000,
      });
      const duringOutage = before.answers.slice(outageStarted);
      startDatabase();
      // Back: the pool opens new connections by itself.
      const recovered = () => {
        const last = before.answers.slice(-4);
        return last.length === 4 && last.every(ok);
      };
      await until(recovered, { what: '200 again once PostgreSQL is back', timeoutMs: 30_000 }).catch(
        () => {},
      );
      const healthy = recovered();
      await before.stop();

      const statuses = new Set(before.answers.map((a) => a.status));
      expect(
        [...statuses].filter((s) => s !== 200 && s !== 503),
        'only 200 and 503 answers',
      ).toEqual([]);
      const refused = duringOutage.filter((a) => a.status === 503);
      expect(refused.length, 'calls made while the database was down').toBeGreaterThan(0);
      for (const a of refused) expect(JSON.parse(a.text).message).toMatch(/cannot reach its database/);
      expect(healthy, 'answers 200 again once PostgreSQL is back').toBe(true);

      // The hub's LISTEN connection comes back by itself; then staff book for the demo customer
      // and the customer's client hears of it through PostgreSQL NOTIFY.
      const listening = async () => {
        const rows = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where application_name = ${ORDER_EVENTS_APPLICATION_NAME} and query ilike 'LISTEN%'`.execute(
          t.handle.db,
        );
        return (rows.rows[0]?.n ?? 0) > 0;
      };
      await until(listening, { what: 'the order events LISTEN connection back', timeoutMs: 30_000 });
      const orderId = await staffBooksFor(t, staff, 1);
      const heard = await messageOf(client, orderId);
      expect(heard.Change).toBe('created');
    } finally {
      await client?.stop();
      client = null;
    }
  }, 180_000);
});
