/**
 * Issue 15 §3, booking under load: 200 customers (200 customer companies, one user each, made by
 * plain SQL in a fresh PostgreSQL database) submit pool bookings of one unit for 60 s through the
 * real server in its own process, each customer one keep-alive connection that submits again as
 * soon as it has its answer. Reported: confirmed submits/s (200 with PendingReview false), p50 /
 * p95, 5xx and other answers, and overbooked units from an independent SQL count after the run
 * (units held by open bookings per location against the pool units standing there). Beside it, a
 * bare Fastify route in its own process on the same machine, driven the same way for 10 s.
 *
 * One location is kept scarce (40 units) and, in the saturated run, a fifth of the submits go there,
 * so it runs out early and the rest of the run races for its last units: the overbooking count
 * means something. The other locations get enough units for both runs, and the paced run books
 * only there, so every submit it makes can be confirmed without review (the goal's figure).
 *
 * Two runs on one server. Paced (the goal): each customer submits once every 200 / RATE seconds
 * (RATE submits/s offered in all, each customer's first at a random point of its first interval;
 * 110/s by default, the goal's 100 and some room) and waits for its
 * answer; a customer whose answer comes late submits again at once, so a server that cannot keep up
 * shows it as a lower rate and a longer p95. Then saturated (what the server can do at most): every
 * customer submits again the moment it has its answer. The goal cannot be read off the saturated
 * run: with 200 customers and no pause, Little's law makes the mean wait 200 / throughput, so
 * p95 ≤ 250 ms there would need 800 bookings/s.
 *
 * Needs BENCH_DATABASE_URL (any database on the server: the bench re-creates its own,
 * brr_booking_load). Goals: ≥ 100 confirmed submits/s, p95 ≤ 250 ms, zero 5xx, zero overbooked.
 * `BENCH_BOOKING_SECONDS` (60), `BENCH_BOOKING_SATURATED_SECONDS` (20) and
 * `BENCH_BOOKING_WARMUP_SECONDS` (15, run first at the paced rate and reported apart) set the
 * runs' length, `BENCH_BOOKING_RATE` (110) the paced rate; `BENCH_SERVER_NODE_ARGS` passes node
 * flags to the server (--cpu-prof). Reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { orderTypesWhere } from '../src/domain/booking-type-facts';
import { createTokenService, loadSigningKey } from '../src/server/auth/tokens';
import { openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/seed';
import { claimsFor } from '../src/server/domain/auth';
import { pgbenchScript, runPgbench, traceBooking } from './booking-statements';
import { startServerProcess } from './server-process';

/** The order types whose open bookings hold pool units, from the facts: independent of the server's SQL. */
const POOL_DRAWING_ORDER_TYPES = orderTypesWhere((f) => f.pool !== null);

const CUSTOMERS = 200;
const SECONDS = Number(process.env.BENCH_BOOKING_SECONDS ?? 60);
const SATURATED_SECONDS = Number(process.env.BENCH_BOOKING_SATURATED_SECONDS ?? 20);
/**
 * The server is a new process: its first seconds compile schemas and code and open the pool's
 * connections (answers up to ~1 s). Those seconds are run at the paced rate first and reported apart.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_BOOKING_WARMUP_SECONDS ?? 15);
/** Submits per second offered by the paced run, spread evenly over the customers. */
const RATE = Number(process.env.BENCH_BOOKING_RATE ?? 110);
const BARE_SECONDS = 10;
/** The saturated runs' customers (the goal's 50–200), each beside pgbench with as many clients. */
const SATURATED_CUSTOMERS = (process.env.BENCH_BOOKING_SATURATED_CUSTOMERS ?? '50,200')
  .split(',')
  .map(Number);
const DATABASE = 'brr_booking_load';
const MARKET = 'LAX';
const SIZE = 'Chassis.40';
const CLASS = 'STD';
const SCARCE_UNITS = 40;
/** Enough for every submit of a run at several hundred a second. */
const PLENTIFUL_UNITS = 20_000;
/** The share of submits sent to the scarce location; BENCH_BOOKING_SCARCE_SHARE=0 sends none there. */
const SCARCE_SHARE = Number(process.env.BENCH_BOOKING_SCARCE_SHARE ?? 0.2);

interface Answer {
  status: number;
  ms: number;
  confirmed: boolean;
  /** When it was sent (performance.now()), for BENCH_BOOKING_TIMELINE. */
  sent: number;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** A fresh database beside the one BENCH_DATABASE_URL names. */
export async function freshDatabase(baseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** The stage, in plain SQL: 200 customers with one user each, and the market's pool units. */
export async function stage(databaseUrl: string) {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const db = handle.db;
  try {
    await migrate(db);
    await seedDemoData(db);
    // Companies and users copied from demo.customer (its class, roles and password hash): real
    // accounts the authentication check reads like any other.
    const { rows: users } = await sql<{ user_id: number }>`
      with model as (
        select u.*, c.customer_class from users u join customers c on c.customer_id = u.customer_id
        where u.user_name = 'demo.customer'),
      companies as (
        insert into customers (customer_name, scac, customer_class, email, phone)
        select 'Load Test Customer ' || g, 'QX' || chr(65 + g / 26) || chr(65 + g % 26), m.customer_class, 'load' || g || '@example.com', null
        from generate_series(1, ${CUSTOMERS}) g, model m
        returning customer_id, customer_name),
      numbered as (select customer_id, row_number() over (order by customer_id) as n from companies)
      insert into users (user_name, first_name, last_name, email, password_hash, auth_provider, customer_id, module_id_owned)
      select 'load.customer.' || n.n, 'Load', 'Customer ' || n.n, 'load.user' || n.n || '@example.com',
        m.password_hash, m.auth_provider, n.customer_id, m.module_id_owned
      from numbered n, model m
      returning user_id`.execute(db);
    await sql`insert into user_roles (user_id, role_id)
      select u.user_id, r.role_id from users u, user_roles r
      join users model on model.user_id = r.user_id and model.user_name = 'demo.customer'
      where u.user_name like 'load.customer.%'`.execute(db);

    const { rows: locations } = await sql<{ location_id: number }>`
      select location_id from locations
      where market_code = ${MARKET} and active and pool_booking_allowed order by location_id`.execute(db);
    if (locations.length < 2) throw new Error(`${MARKET} has fewer than two pool locations`);
    const [scarce, ...plentiful] = locations.map((l) => l.location_id) as [number, ...number[]];
    // The scarce location keeps SCARCE_UNITS standing there (the rest out of service, or more added),
    // minus what open bookings of the seed already hold there.
    await sql`update chassis set status = 'OUT_OF_SERVICE'
      where location_id = ${scarce} and status = 'AVAILABLE'
        and equipment_category_code = ${SIZE} and equipment_class_code = ${CLASS}`.execute(db);
    const held = await heldUnits(db, scarce);
    await addChassis(db, scarce, SCARCE_UNITS + held, 'QLSX');
    for (const [i, location] of plentiful.entries())
      await addChassis(
        db,
        location,
        Math.ceil(PLENTIFUL_UNITS / plentiful.length),
        `QL${String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))}`,
      );
    // Weekly thresholds would send bookings to review; this measures the confirmed path.
    await sql`delete from weekly_thresholds`.execute(db);

    const tokens = createTokenService(await loadSigningKey(db, null), 120);
    const bearer = await Promise.all(
      users.map(async (u) => `Bearer ${(await tokens.issue(await claimsFor(db, u.user_id))).token}`),
    );
    const customers = await db
      .selectFrom('users')
      .select('customer_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.user_id),
      )
      .orderBy('user_id')
      .execute();
    return { bearer, customers: customers.map((c) => c.customer_id as number), scarce, plentiful };
  } finally {
    await handle.close();
  }
}

async function heldUnits(db: Parameters<typeof migrate>[0], location: number): Promise<number> {
  const { rows } = await sql<{ units: string }>`
    select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0) as units
    from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
    where b.location_id = ${location} and b.status_code = 'OP'
      and b.equipment_category_code = ${SIZE} and b.equipment_class_code = ${CLASS}
      and o.booking_order_type_code in (${sql.join(POOL_DRAWING_ORDER_TYPES)})`.execute(db);
  return Number(rows[0]?.units ?? 0);
}

async function addChassis(
  db: Parameters<typeof migrate>[0],
  location: number,
  count: number,
  prefix: string,
) {
  await sql`insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable,
      inventory_org_code, location_id, on_hire_customer_id, contract_id, status, manufactured_year)
    select ${prefix} || lpad(g::text, 6, '0'), ${SIZE}, ${CLASS}, false, 'IDL', ${location}, null, null,
      'AVAILABLE', 2024
    from generate_series(1, ${count}) g`.execute(db);
}

/**
 * The independent count after the run: per location of the market, the units open bookings of
 * pool-drawing order types still hold against the pool units standing there available, less what
 * staff reserved. Overbooked = held beyond that, summed.
 */
async function overbookedUnits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      location_id: number;
      stock: string;
      reserved: string;
      held: string;
    }>(
      `select l.location_id,
         (select count(*) from chassis c join inventory_orgs io on io.inventory_org_code = c.inventory_org_code
          where c.location_id = l.location_id and c.status = 'AVAILABLE' and io.org_type in ('Pool', 'Co-op Pool')
            and c.equipment_category_code = $2 and c.equipment_class_code = $3) as stock,
         (select coalesce(sum(r.reserved_quantity), 0) from internal_reservations r
            join inventory_orgs io on io.inventory_org_code = r.inventory_org_code
          where r.location_id = l.location_id and not r.customer_bookings_allowed
            and io.org_type in ('Pool', 'Co-op Pool')
            and r.equipment_category_code = $2 and r.equipment_class_code = $3) as reserved,
         (select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)
          from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
          where b.location_id = l.location_id and b.status_code = 'OP'
            and b.equipment_category_code = $2 and b.equipment_class_code = $3
            and o.booking_order_type_code = any($4)) as held
       from locations l where l.market_code = $1 and l.pool_booking_allowed order by l.location_id`,
      [MARKET, SIZE, CLASS, [...POOL_DRAWING_ORDER_TYPES]],
    );
    return rows.map((r) => {
      const room = Number(r.stock) - Number(r.reserved);
      return {
        location: r.location_id,
        room,
        held: Number(r.held),
        over: Math.max(0, Number(r.held) - room),
      };
    });
  } finally {
    await client.end();
  }
}

/**
 * `connections` loops on keep-alive connections. Each sends its next request on its answer, or, with
 * `intervalMs`, at its next turn (every intervalMs from a random start within the first interval;
 * at once when the answer came after that turn).
 */
async function drive(
  address: string,
  connections: number,
  seconds: number,
  next: (connection: number) => { path: string; headers: Record<string, string>; body: string },
  confirmed: (status: number, body: string) => boolean,
  intervalMs?: number,
): Promise<{ answers: Answer[]; seconds: number }> {
  const url = new URL(address);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const answers: Answer[] = [];
  const end = Date.now() + seconds * 1000;
  const once = (connection: number) =>
    new Promise<void>((resolve) => {
      const { path, headers, body } = next(connection);
      const started = performance.now();
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            answers.push({
              status,
              ms: performance.now() - started,
              confirmed: confirmed(status, Buffer.concat(chunks).toString()),
              sent: started,
            });
            resolve();
          });
        },
      );
      req.on('error', () => {
        answers.push({ status: 0, ms: performance.now() - started, confirmed: false, sent: started });
        resolve();
      });
      req.end(body);
    });
  const started = Date.now();
  const pause = (until: number) => new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let turn = intervalMs === undefined ? 0 : started + Math.random() * intervalMs;
      while (Date.now() < end) {
        if (intervalMs !== undefined) {
          // A turn after the end is not waited for: the run's length is its own.
          await pause(Math.min(turn, end));
          if (Date.now() >= end) break;
          turn = Math.max(turn + intervalMs, Date.now());
        }
        await once(c);
      }
    }),
  );
  agent.destroy();
  // The last answers arrive after the nominal end: rates are over the time the run really took.
  return { answers, seconds: (Date.now() - started) / 1000 };
}

function summary({ answers, seconds }: { answers: Answer[]; seconds: number }) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
  const by = (test: (s: number) => boolean) => answers.filter((a) => test(a.status)).length;
  return {
    perSecond: answers.length / seconds,
    confirmedPerSecond: answers.filter((a) => a.confirmed).length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    fivexx: by((s) => s >= 500),
    failed: by((s) => s === 0),
    other: by((s) => s !== 200 && s !== 0 && s < 500),
    total: answers.length,
  };
}

/** A bare Fastify route (parses the JSON body, answers a small JSON) in its own process. */
async function bareFastify(): Promise<{ address: string; stop: () => void }> {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify();
       app.post('/bare', async (request) => ({ ok: true, units: request.body.AvailableUnits.length }));
       await app.listen({ host: '127.0.0.1', port: ${port} });`,
    ],
    { stdio: 'ignore', cwd: process.cwd() },
  );
  process.once('exit', () => child.kill('SIGTERM'));
  const address = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${address}/bare`, { method: 'POST' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { address, stop: () => child.kill('SIGTERM') };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** pgbench's clients: one per customer, within what the database accepts beside the server's pool. */
async function pgbenchClients(databaseUrl: string, customers: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('show max_connections');
    return Math.min(customers, Number(rows[0]?.max_connections ?? 100) - 20);
  } finally {
    await client.end();
  }
}

export async function benchBookingLoad(baseUrl: string): Promise<void> {
  console.log(
    `\n## Booking under load (issue 15 §3, issue 30 §1: ${CUSTOMERS} customers, pool bookings of 1 unit, PostgreSQL)`,
  );
  const databaseUrl = await freshDatabase(baseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'brr-booking-load-'));
  try {
    const { bearer, customers, scarce, plentiful } = await stage(databaseUrl);
    const body = (location: number) =>
      JSON.stringify({
        Equipment: { MarketCode: MARKET, EquipmentSize: SIZE, EquipmentClass: CLASS },
        // Available: what the form showed the customer before the run (the scarce location's 40).
        AvailableUnits: [
          { LocationId: location, Available: SCARCE_UNITS, CustomerBooking: { UnitsRequestedCount: 1 } },
        ],
        Contact: { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' },
      });
    let turn = 0;
    let scarceShare = 0;
    const booking = (connection: number) => {
      turn++;
      const location = Math.random() < scarceShare ? scarce : (plentiful[turn % plentiful.length] as number);
      return {
        path: '/api/poolbooking/create',
        headers: { authorization: bearer[connection] as string, 'idempotency-key': randomUUID() },
        body: body(location),
      };
    };
    // DATA_DIR only for the mail files (no SMTP here); the data is in PostgreSQL.
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };

    // The database's limit: the statements of one booking (and its mail), as pgbench replays them.
    const tracedKey = randomUUID();
    const traced = await traceBooking(env, async (address, n) => {
      const res = await fetch(`${address}/api/poolbooking/create`, {
        method: 'POST',
        headers: {
          authorization: bearer[0] as string,
          'idempotency-key': n === 5 ? tracedKey : randomUUID(),
          'content-type': 'application/json',
        },
        body: body(plentiful[0] as number),
      });
      if (res.status !== 200) throw new Error(`traced booking: ${res.status} ${await res.text()}`);
    });
    const script = pgbenchScript(traced, [
      {
        name: 'customer',
        value: String(customers[0]),
        set: [`\\set customer ${customers[0]} + :client_id % ${CUSTOMERS}`],
      },
      { name: 'key', value: tracedKey, set: ['\\set key random(1, 9000000000000000000)'] },
      {
        name: 'location',
        value: String(plentiful[0]),
        set: [`\\set location random(1, ${plentiful.length})`],
        sql: `(array[${plentiful.join(',')}])[:location]`,
      },
    ]);
    if (customers.some((c, i) => c !== (customers[0] as number) + i))
      throw new Error('the staged customers ids are not consecutive: the pgbench script needs them so');
    if (process.env.BENCH_BOOKING_SCRIPT) writeFileSync(process.env.BENCH_BOOKING_SCRIPT, script.script);
    console.log(
      `one pool booking sends ${traced.length} statements (${new Set(traced.map((t) => t.connection)).size} connections; BENCH_BOOKING_SCRIPT=file writes pgbench's script)`,
    );

    // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
    const server = await startServerProcess(
      env,
      (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    );
    const confirmed = (status: number, text: string) =>
      status === 200 && (JSON.parse(text) as { PendingReview?: boolean }).PendingReview === false;
    type Run = { answers: Answer[]; seconds: number };
    let warmUp: Run;
    let paced: Run;
    const saturated: { customers: number; run: Run }[] = [];
    let scarceRace: Run;
    const loadBefore = load();
    try {
      const interval = (CUSTOMERS / RATE) * 1000;
      warmUp = await drive(server.address, CUSTOMERS, WARM_UP_SECONDS, booking, confirmed, interval);
      paced = await drive(server.address, CUSTOMERS, SECONDS, booking, confirmed, interval);
      for (const customers of SATURATED_CUSTOMERS)
        saturated.push({
          customers,
          run: await drive(server.address, customers, SATURATED_SECONDS, booking, confirmed),
        });
      scarceShare = SCARCE_SHARE;
      scarceRace = await drive(server.address, CUSTOMERS, SATURATED_SECONDS, booking, confirmed);
    } finally {
      await server.stop();
    }
    const loadAfter = load();
    const locations = await overbookedUnits(databaseUrl);
    const clients = await pgbenchClients(databaseUrl, Math.min(...SATURATED_CUSTOMERS));
    const pgbench = await runPgbench(databaseUrl, script, clients, SATURATED_SECONDS);

    const bare = await bareFastify();
    let bareRun: Run;
    try {
      bareRun = await drive(
        bare.address,
        CUSTOMERS,
        BARE_SECONDS,
        () => ({
          path: '/bare',
          headers: {},
          body: body(scarce),
        }),
        (status) => status === 200,
      );
    } finally {
      bare.stop();
    }
    const f = summary(bareRun);
    const report = (label: string, b: ReturnType<typeof summary>) =>
      console.log(
        `POST /api/poolbooking/create, ${label}: ${b.total} submits, ${b.perSecond.toFixed(0)}/s; confirmed ${b.confirmedPerSecond.toFixed(0)}/s; p50 ${ms(b.p50)}  p95 ${ms(b.p95)}; 5xx ${b.fivexx}; other 4xx ${b.other}; failed connections ${b.failed}`,
      );
    report(`warm-up, paced, ${WARM_UP_SECONDS} s (a new process: not counted)`, summary(warmUp));
    report(`paced at ${RATE}/s offered, ${SECONDS} s`, summary(paced));
    // BENCH_BOOKING_TIMELINE=1: the paced run second by second (sent, slowest answer), to see stalls.
    if (process.env.BENCH_BOOKING_TIMELINE) {
      const first = Math.min(...paced.answers.map((a) => a.sent));
      const seconds = new Map<number, { n: number; max: number }>();
      for (const a of paced.answers) {
        const s = Math.floor((a.sent - first) / 1000);
        const t = seconds.get(s) ?? { n: 0, max: 0 };
        seconds.set(s, { n: t.n + 1, max: Math.max(t.max, a.ms) });
      }
      console.log([...seconds].map(([s, t]) => `${s}s ${t.n}/${t.max.toFixed(0)}ms`).join('  '));
    }
    console.log(
      `pgbench, the same ${traced.length} statements, -M prepared, ${clients} clients, ${SATURATED_SECONDS} s: ${pgbench.tps.toFixed(0)} bookings/s (latency ${pgbench.latencyMs.toFixed(1)} ms, failed ${pgbench.failed})`,
    );
    for (const { customers, run } of saturated) {
      const s = summary(run);
      report(`saturated, ${customers} customers, ${SATURATED_SECONDS} s`, s);
      console.log(`  ratio to pgbench: ${(s.confirmedPerSecond / pgbench.tps).toFixed(2)}× (goal ≥ 0.8×)`);
    }
    report(
      `saturated, ${CUSTOMERS} customers, a fifth to the scarce location, ${SATURATED_SECONDS} s`,
      summary(scarceRace),
    );
    console.log(
      `bare Fastify POST (same body, ${BARE_SECONDS} s): ${f.perSecond.toFixed(0)}/s; p50 ${ms(f.p50)}  p95 ${ms(f.p95)}; not 200: ${f.total - bareRun.answers.filter((a) => a.confirmed).length}`,
    );
    for (const l of locations.filter((l) => l.over > 0 || l.location === scarce))
      console.log(
        `  location ${l.location}${l.location === scarce ? ' (scarce)' : ''}: room ${l.room}, held by open bookings ${l.held}, overbooked ${l.over}`,
      );
    console.log(
      `overbooked units in ${MARKET} ${SIZE} ${CLASS}: ${locations.reduce((a, l) => a + l.over, 0)} (independent SQL count, ${locations.length} locations)`,
    );
    console.log(`load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) console.log('booking-load: set BENCH_DATABASE_URL (PostgreSQL) to run it');
  else await benchBookingLoad(url); // npx tsx bench/booking-load.ts
}
