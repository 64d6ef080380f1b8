/**
 * Issue 31, Speed: one X12 322 interchange of 100,000 gate events (BENCH_GATE_EVENTS) ingested on
 * PostgreSQL, beside a plain COPY of the same rows into a scratch table in the same run, and the
 * same interchange sent again (nothing may change). Needs BENCH_DATABASE_URL: it creates its own
 * databases on that server (brr_gate_ingest, and brr_gate_ingest_domain cloned from it) and leaves
 * them for a look after the run.
 *
 * The workload, staged by plain SQL on the demo data: open pool bookings of 5 units at 40
 * locations, picked up by out-gates (four in five name the booking, one gives the company's SCAC
 * only), in-gates of chassis on hire (among them every seed chassis an open redelivery names), and
 * one event in twenty an exception (not our chassis, a chassis already on hire going out again, a
 * return of a chassis standing available, an unknown SCAC). Event times cover the last day and the
 * interchange lists them in time order, as a terminal's system sends them.
 *
 * Three figures, each against the COPY:
 *   - the route: POST /api/gateevents (text/plain) to the real server in its own process, with a
 *     gate key — what a terminal sees, node-x12 parsing included (the interchange limit, not the
 *     JSON batch's 1,000, applies: docs/decisions.md, issue 31);
 *   - the parse alone: gateEventsFromX12 on the same text in this process;
 *   - the domain: ingestGateEvents (what the route calls) on the parsed events, in this process, on
 *     a clone of the staged database — the database work the COPY is the limit of.
 * With BENCH_SCALE_DATABASE_URL (a database seeded with `npm run seed -- --scale`) it is cloned
 * (brr_gate_ingest_scale), staged the same way, and the dashboard search p50 through the real API
 * is measured alone and then while the interchange is ingested. Reported, never asserted.
 */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/seed';
import type { Database } from '../src/server/db/types';
import { ingestGateEvents } from '../src/server/domain/gate-events';
import { gateEventsFromX12 } from '../src/server/domain/gate-x12';
import type { Viewer } from '../src/server/domain/viewer';
import { createInProcessOrderEvents } from '../src/server/events/order-events';
import { percentile } from './measure';
import { signIn, startServerProcess } from './server-process';

const EVENTS = Number(process.env.BENCH_GATE_EVENTS ?? 100_000);
const DATABASE = 'brr_gate_ingest';
/** A gate key names at most 50 locations. */
const LOCATIONS = 40;
const UNITS_PER_BOOKING = 5;
const CATEGORIES = ['Chassis.20', 'Chassis.40', 'Chassis.45'];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${Math.round((EVENTS / ms) * 1000).toLocaleString('en-US')} events/s`;

async function admin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const urlOf = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** `name` created afresh, empty or as a copy of `template`. */
async function freshDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  await admin(baseUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  });
  return urlOf(baseUrl, name);
}

interface GateRow {
  chassisId: string;
  kind: 'OUT' | 'IN';
  locationId: number;
  at: Date;
  bookingCode: string | null;
  scac: string | null;
}

/** Bookings and chassis for EVENTS events, in plain SQL; the events themselves, in time order. */
async function stage(db: Kysely<Database>): Promise<{ rows: GateRow[]; locationIds: number[] }> {
  const { rows: locs } = await sql<{ location_id: number; market_code: string }>`
    select location_id, market_code from locations where active and pool_booking_allowed
    order by location_id limit ${LOCATIONS}`.execute(db);
  const { rows: customers } = await sql<{ customer_id: number; scac: string }>`
    select customer_id, scac from customers where active and customer_class <> 'RR'
    order by customer_id limit 60`.execute(db);
  const org = await sql<{ inventory_org_code: string }>`
    select inventory_org_code from chassis group by 1 order by count(*) desc limit 1`.execute(db);
  const locationIds = locs.map((l) => l.location_id);
  const exceptions = Math.round(EVENTS * 0.05);
  const outs = Math.round((EVENTS - exceptions) * 0.53);
  const bookings = Math.ceil(outs / UNITS_PER_BOOKING);
  const redeliveries = await sql<{ chassis_id: string }>`
    select distinct c.chassis_id from chassis c
    join booking_chassis bc on bc.chassis_master_id = c.chassis_master_id
    join bookings b on b.booking_id = bc.booking_id join booking_orders o on o.booking_order_id = b.booking_order_id
    where c.status = 'ON_HIRE' and b.status_code = 'OP' and o.booking_order_type_code in ('PR', 'TR')
    order by c.chassis_id`.execute(db);
  const ins = EVENTS - exceptions - outs;
  const newOnHire = ins - redeliveries.rows.length;
  const params = {
    locs: locationIds,
    mkts: locs.map((l) => l.market_code),
    custs: customers.map((c) => c.customer_id),
    cats: CATEGORIES,
  };
  // Open pool bookings of UNITS_PER_BOOKING units, one per order, at the bench's locations.
  await sql`
    with o as (
      insert into booking_orders (booking_order_type_code, customer_id, market_code, status_code, contact_name,
        email_addresses, created_at, updated_at)
      select 'PB', (${params.custs}::int[])[1 + k % ${params.custs.length}],
        (${params.mkts}::text[])[1 + k % ${LOCATIONS}], 'OP', 'Gate Bench', 'gate@bench.example.com',
        now() - interval '3 days' + k * interval '1 second', now() - interval '3 days'
      from generate_series(0, ${bookings - 1}) k
      returning booking_order_id, created_at),
    n as (select booking_order_id, created_at, row_number() over (order by booking_order_id) - 1 as k from o)
    insert into bookings (booking_order_id, booking_code, location_id, equipment_category_code, equipment_class_code,
      units_requested_count, units_fulfilled_count, status_code, created_at, updated_at)
    select booking_order_id, 'PBG' || lpad(k::text, 7, '0'), (${params.locs}::int[])[1 + k % ${LOCATIONS}],
      (${params.cats}::text[])[1 + k % 3], 'STD', ${UNITS_PER_BOOKING}, 0, 'OP', created_at, created_at
    from n`.execute(db);
  // The chassis the out-gates pick up, standing at their booking's location; the ones on hire that
  // come back; the ones an unknown SCAC tries to take out.
  await sql`
    insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable, inventory_org_code,
      location_id, status, manufactured_year, updated_at)
    select 'GTOB' || lpad(u::text, 6, '0'), (${params.cats}::text[])[1 + (u / ${UNITS_PER_BOOKING}) % 3], 'STD', false,
      ${org.rows[0]?.inventory_org_code}, (${params.locs}::int[])[1 + (u / ${UNITS_PER_BOOKING}) % ${LOCATIONS}],
      'AVAILABLE', 2021, now()
    from generate_series(0, ${bookings * UNITS_PER_BOOKING - 1}) u`.execute(db);
  await sql`
    insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable, inventory_org_code,
      location_id, on_hire_customer_id, status, manufactured_year, updated_at)
    select 'GTIN' || lpad(i::text, 6, '0'), (${params.cats}::text[])[1 + i % 3], 'STD', false,
      ${org.rows[0]?.inventory_org_code}, null, (${params.custs}::int[])[1 + i % ${params.custs.length}],
      'ON_HIRE', 2020, now()
    from generate_series(0, ${Math.max(newOnHire, 0) + exceptions - 1}) i`.execute(db);
  await sql`
    insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable, inventory_org_code,
      location_id, status, manufactured_year, updated_at)
    select 'GTXO' || lpad(i::text, 6, '0'), 'Chassis.40', 'STD', false, ${org.rows[0]?.inventory_org_code},
      (${params.locs}::int[])[1 + i % ${LOCATIONS}], 'AVAILABLE', 2019, now()
    from generate_series(0, ${exceptions - 1}) i`.execute(db);
  const available = await sql<{ chassis_id: string }>`
    select chassis_id from chassis where status = 'AVAILABLE' and chassis_id not like 'GT%'
    order by chassis_id limit ${exceptions}`.execute(db);
  await sql`analyze`.execute(db);

  // Times: the last 26 hours; pick-ups in the first half, returns in the second.
  const start = Math.floor(Date.now() / 1000) * 1000 - 26 * 3_600_000;
  const span = 12 * 3_600_000;
  const loc = (i: number) => locationIds[i % LOCATIONS] as number;
  const rows: GateRow[] = [];
  for (let u = 0; u < outs; u++) {
    const k = Math.floor(u / UNITS_PER_BOOKING);
    const named = u % UNITS_PER_BOOKING !== UNITS_PER_BOOKING - 1;
    rows.push({
      chassisId: `GTOB${String(u).padStart(6, '0')}`,
      kind: 'OUT',
      locationId: loc(k),
      at: new Date(start + Math.floor(((u / outs) * span) / 1000) * 1000),
      bookingCode: named ? `PBG${String(k).padStart(7, '0')}` : null,
      scac: named ? null : (customers[k % customers.length]?.scac as string),
    });
  }
  const returning = [
    ...redeliveries.rows.map((r) => r.chassis_id),
    ...Array.from({ length: Math.max(newOnHire, 0) }, (_, i) => `GTIN${String(i).padStart(6, '0')}`),
  ].slice(0, ins);
  returning.forEach((chassisId, i) => {
    rows.push({
      chassisId,
      kind: 'IN',
      locationId: loc(i * 7),
      at: new Date(start + span + 3_600_000 + Math.floor(((i / ins) * span) / 1000) * 1000),
      bookingCode: null,
      scac: null,
    });
  });

  for (let x = 0; x < exceptions; x++) {
    const at = new Date(start + Math.floor(((x / exceptions) * span) / 1000) * 1000 + 500);
    const id = (prefix: string) => `${prefix}${String(x).padStart(6, '0')}`;
    const which = x % 4;
    rows.push(
      which === 0
        ? { chassisId: id('ZZZZ'), kind: 'IN', locationId: loc(x), at, bookingCode: null, scac: null }
        : which === 1
          ? // Already on hire: its in-gate was never received.
            {
              chassisId: `GTIN${String(Math.max(newOnHire, 0) + x).padStart(6, '0')}`,
              kind: 'OUT',
              locationId: loc(x),
              at,
              bookingCode: `PBG${String(x % bookings).padStart(7, '0')}`,
              scac: null,
            }
          : which === 2
            ? {
                chassisId: available.rows[x % available.rows.length]?.chassis_id as string,
                kind: 'IN',
                locationId: loc(x),
                at,
                bookingCode: null,
                scac: null,
              }
            : { chassisId: id('GTXO'), kind: 'OUT', locationId: loc(x), at, bookingCode: null, scac: 'QQQQ' },
    );
  }
  rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { rows, locationIds };
}

/** The rows as one X12 322 interchange: one ST*322 set per event, times in UTC (Q504 UT). */
function interchangeOf(rows: readonly GateRow[]): string {
  const pad = (s: string, n: number) => s.padEnd(n).slice(0, n);
  const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
  const time = (d: Date) => d.toISOString().slice(11, 19).replaceAll(':', '');
  const now = new Date();
  const out = [
    `ISA*00*          *00*          *ZZ*${pad('BENCHRAMP', 15)}*ZZ*${pad('PLCPORTAL', 15)}*${day(now).slice(2)}*${time(now).slice(0, 4)}*U*00401*000000901*0*P*>~`,
    `GS*SO*BENCHRAMP*PLCPORTAL*${day(now)}*${time(now).slice(0, 4)}*901*X*004010~`,
  ];
  rows.forEach((r, n) => {
    const control = String(n + 1).padStart(9, '0');
    const refs = [r.bookingCode ? `N9*BN*${r.bookingCode}~` : '', r.scac ? `N9*SCA*${r.scac}~` : ''].filter(
      Boolean,
    );
    out.push(
      `ST*322*${control}~`,
      `Q5*${r.kind === 'OUT' ? 'OA' : 'I'}*${day(r.at)}*${time(r.at)}*UT~`,
      `N7*${r.chassisId.slice(0, 4)}*${r.chassisId.slice(4)}*********CH~`,
      `R4*${r.kind === 'OUT' ? 'L' : 'D'}*ZZ*${r.locationId}*BENCH GATE~`,
      ...refs,
      `SE*${5 + refs.length}*${control}~`,
    );
  });
  out.push(`GE*${rows.length}*901~`, 'IEA*1*000000901~');
  return out.join('\n');
}

/** What ingesting may change, summed up: equal before and after a second ingest means nothing changed. */
async function snapshot(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows } = await sql<Record<string, string>>`
    select
      (select md5(string_agg(concat_ws('|', chassis_master_id, status, location_id, on_hire_customer_id, contract_id,
         on_hire_since, on_hire_booking_id, on_hire_location_id, last_gate_at, updated_at), ',' order by chassis_master_id))
       from chassis where last_gate_at is not null) as chassis,
      (select md5(string_agg(concat_ws('|', booking_id, units_fulfilled_count, status_code, updated_at), ','
         order by booking_id)) from bookings where updated_at > now() - interval '1 day') as bookings,
      (select md5(string_agg(concat_ws('|', booking_order_id, status_code, version, updated_at), ','
         order by booking_order_id)) from booking_orders where updated_at > now() - interval '1 day') as orders,
      (select count(*) from gate_events)::text as gate_events,
      (select count(*) from gate_events where review_status = 'OPEN')::text as exceptions_open,
      (select count(*) from audit_log)::text as audit_rows,
      (select count(*) from webhook_deliveries)::text as webhook_deliveries,
      (select count(*) from dashboard_rows)::text as dashboard_rows`.execute(db);
  return rows[0] as Record<string, string>;
}

/**
 * The same rows COPYed into an unindexed scratch table: the database's own limit for them. And,
 * for where the floor of an event log is, into an empty table shaped as gate_events (its unique
 * key and indexes; the outcome defaulted).
 */
async function copyRows(url: string, rows: readonly GateRow[]): Promise<{ plain: number; indexed: number }> {
  const file = `/tmp/brr-gate-bench-${process.pid}.csv`;
  const csv = rows
    .map((r) =>
      [r.chassisId, r.kind, r.locationId, r.at.toISOString(), r.bookingCode ?? '', r.scac ?? ''].join(','),
    )
    .join('\n');
  writeFileSync(file, `${csv}\n`);
  chmodSync(file, 0o644);
  const columns = '(chassis_id, kind, location_id, event_time, booking_code, scac)';
  try {
    return await admin(url, async (c) => {
      await c.query('drop table if exists gate_copy_scratch, gate_copy_indexed');
      await c.query(`create table gate_copy_scratch (chassis_id text, kind text, location_id integer,
        event_time timestamptz, booking_code text, scac text)`);
      await c.query('create table gate_copy_indexed (like gate_events including all)');
      await c.query(`alter table gate_copy_indexed alter column outcome set default 'APPLIED'`);
      // The server reads the file itself: no client in between, the plainest COPY there is. Three
      // times, the median kept: one COPY is a fraction of a second, so a busy moment moves it most.
      const median = async (table: string) => {
        const times: number[] = [];
        for (let n = 0; n < 3; n++) {
          await c.query(`truncate ${table}`);
          const started = performance.now();
          await c.query(`copy ${table} ${columns} from '${file}' with (format csv)`);
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[1] as number;
      };
      return { plain: await median('gate_copy_scratch'), indexed: await median('gate_copy_indexed') };
    });
  } finally {
    rmSync(file, { force: true });
  }
}

async function gateKey(address: string, locationIds: number[], db: Kysely<Database>): Promise<string> {
  const operator = await db
    .selectFrom('customers')
    .select('customer_id')
    .where('customer_class', '=', 'RR')
    .where('active', '=', true)
    .orderBy('customer_id')
    .executeTakeFirstOrThrow();
  const res = await fetch(`${address}/api/account/apikeys`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await signIn(address, 'demo.staff')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      Name: 'Gate bench',
      Abilities: ['gate'],
      LocationIds: locationIds,
      ExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      CustomerId: operator.customer_id,
    }),
  });
  if (res.status !== 201) throw new Error(`gate key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { Key: string }).Key;
}

interface Answer {
  ms: number;
  body: { Applied: number; Duplicates: number; Stale: number; Exceptions: number; Rejected: number };
}

async function sendInterchange(address: string, key: string, text: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${address}/api/gateevents`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'text/plain' },
    body: text,
  });
  const body = (await res.json()) as Answer['body'];
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`ingest: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

const outcomes = (b: Answer['body']) =>
  `applied ${b.Applied}, duplicates ${b.Duplicates}, stale ${b.Stale}, exceptions ${b.Exceptions}, rejected ${b.Rejected}`;

function compare(before: Record<string, string>, after: Record<string, string>): string {
  const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
  return changed.length === 0
    ? 'nothing changed (chassis, bookings, orders, gate events, trail, webhooks, dashboard rows)'
    : `CHANGED: ${changed.map((k) => `${k} ${before[k]} → ${after[k]}`).join('; ')}`;
}

/** Stages `url`, returns the rows and the interchange. */
async function stagedDatabase(url: string, seed: boolean) {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await migrate(handle.db);
    if (seed) await seedDemoData(handle.db);
    const started = performance.now();
    const staged = await stage(handle.db);
    console.log(
      `staged ${staged.rows.length.toLocaleString('en-US')} events' bookings and chassis in ${seconds(performance.now() - started)}`,
    );
    return { ...staged, text: interchangeOf(staged.rows) };
  } finally {
    await handle.close();
  }
}

/** Dashboard searches through the API, one at a time, until `until` says stop; each timed. */
async function searches(address: string, until: () => boolean, atLeast: number): Promise<number[]> {
  const staff = await signIn(address, 'demo.staff');
  const customer = await signIn(address, 'demo.customer');
  const cases = [
    { token: customer, body: { StatusCode: 'OP' } },
    { token: staff, body: { StatusCode: 'OP', MarketCode: 'CHI' } },
    { token: staff, body: { CustomerName: 'tra' } },
  ];
  const times: number[] = [];
  for (let n = 0; n < atLeast || !until(); n++) {
    const c = cases[n % cases.length] as (typeof cases)[number];
    const started = performance.now();
    const res = await fetch(`${address}/api/dashboard/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(c.body),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export async function benchGateIngest(baseUrl: string, scaleUrl?: string): Promise<void> {
  console.log(
    `\n## Gate events: one X12 322 interchange of ${EVENTS.toLocaleString('en-US')} events (PostgreSQL)`,
  );
  console.log(`load average ${load()}`);
  const url = await freshDatabase(baseUrl, DATABASE);
  const { rows, text, locationIds } = await stagedDatabase(url, true);
  const domainUrl = await freshDatabase(baseUrl, `${DATABASE}_domain`, DATABASE);
  console.log(`interchange: ${(text.length / 1e6).toFixed(1)} MB`);

  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const server = await startServerProcess(
    { DATABASE_URL: url },
    (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    const key = await gateKey(server.address, locationIds, handle.db);
    const first = await sendInterchange(server.address, key, text);
    const afterFirst = await snapshot(handle.db);
    const { plain: copyMs, indexed: copyIndexedMs } = await copyRows(url, rows);
    const again = await sendInterchange(server.address, key, text);
    const afterAgain = await snapshot(handle.db);

    const parseStarted = performance.now();
    const parsed = gateEventsFromX12(text);
    const parseMs = performance.now() - parseStarted;
    const domain = await openDatabase({ kind: 'postgres', url: domainUrl });
    let domainMs = 0;
    try {
      const staff = await domain.db
        .selectFrom('users')
        .select(['user_id', 'customer_id'])
        .where('user_name', '=', 'demo.staff')
        .executeTakeFirstOrThrow();
      const viewer = {
        userId: staff.user_id,
        userName: 'demo.staff',
        customerId: staff.customer_id,
      } as Viewer;
      const deps = { db: domain.db, orderEvents: createInProcessOrderEvents() };
      const started = performance.now();
      await ingestGateEvents(deps, viewer, parsed.events, console, {
        limit: EVENTS,
        unreadable: parsed.unreadable,
      });
      domainMs = performance.now() - started;
    } finally {
      await domain.close();
    }

    console.log(
      `route, first time:  ${seconds(first.ms).padStart(8)}  ${rate(first.ms)}  (${outcomes(first.body)})`,
    );
    console.log(
      `route, again:       ${seconds(again.ms).padStart(8)}  ${rate(again.ms)}  (${outcomes(again.body)})`,
    );
    console.log(`  sent again: ${compare(afterFirst, afterAgain)}`);
    console.log(
      `parse alone:        ${seconds(parseMs).padStart(8)}  ${rate(parseMs)}  (node-x12, in this process)`,
    );
    console.log(
      `domain alone:       ${seconds(domainMs).padStart(8)}  ${rate(domainMs)}  (ingestGateEvents on the parsed events)`,
    );
    console.log(
      `COPY of the rows:   ${seconds(copyMs).padStart(8)}  ${rate(copyMs)}  (unindexed scratch table, median of 3)`,
    );
    console.log(
      `COPY, log-shaped:   ${seconds(copyIndexedMs).padStart(8)}  ${rate(copyIndexedMs)}  (into a table like gate_events, median of 3)`,
    );
    console.log(
      `ratio to COPY: route ${(first.ms / copyMs).toFixed(1)}×, domain ${(domainMs / copyMs).toFixed(1)}× (goal ≤ 5×); ` +
        `to the log-shaped COPY: route ${(first.ms / copyIndexedMs).toFixed(1)}×, domain ${(domainMs / copyIndexedMs).toFixed(1)}×`,
    );
    console.log(`load average ${load()}`);
  } finally {
    await handle.close();
    await server.stop();
  }

  if (!scaleUrl) {
    console.log(
      '(search while ingesting skipped: set BENCH_SCALE_DATABASE_URL to a database seeded with --scale)',
    );
    return;
  }
  console.log('\n### Dashboard search at scale while the interchange is ingested');
  const template = new URL(scaleUrl).pathname.slice(1);
  const cloneStarted = performance.now();
  const scaleCopy = await freshDatabase(baseUrl, `${DATABASE}_scale`, template);
  console.log(`cloned ${template} in ${seconds(performance.now() - cloneStarted)}`);
  const scale = await stagedDatabase(scaleCopy, false);
  const scaleServer = await startServerProcess({ DATABASE_URL: scaleCopy });
  const scaleHandle = await openDatabase({ kind: 'postgres', url: scaleCopy });
  try {
    const orders = await sql<{ n: number }>`select count(*)::int as n from booking_orders`.execute(
      scaleHandle.db,
    );
    console.log(`${orders.rows[0]?.n.toLocaleString('en-US')} booking orders`);
    const key = await gateKey(scaleServer.address, scale.locationIds, scaleHandle.db);
    const alone = await searches(scaleServer.address, () => true, 60);
    let done = false;
    const ingest = sendInterchange(scaleServer.address, key, scale.text).finally(() => {
      done = true;
    });
    const during = await searches(scaleServer.address, () => done, 10);
    const answer = await ingest;
    const p = (t: number[]) =>
      `p50 ${percentile(t, 0.5).toFixed(1)} ms  p95 ${percentile(t, 0.95).toFixed(1)} ms  (n=${t.length})`;
    console.log(`search alone:            ${p(alone)}`);
    console.log(`search while ingesting:  ${p(during)}`);
    console.log(`ingest at scale: ${seconds(answer.ms)}  ${rate(answer.ms)}  (${outcomes(answer.body)})`);
    console.log(`load average ${load()}`);
  } finally {
    await scaleHandle.close();
    await scaleServer.stop();
  }
}

/**
 * The domain alone on PGlite in memory (the portal's other database): the same staged workload and
 * interchange, parsed, ingested once and then again (all Duplicates). No COPY: PGlite runs inside
 * this process, so there is no server to read a file.
 */
export async function benchGateIngestPglite(): Promise<void> {
  console.log(
    `\n## Gate events on PGlite (in memory): ${EVENTS.toLocaleString('en-US')} events, the domain alone`,
  );
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(handle.db);
    await seedDemoData(handle.db);
    const { rows } = await stage(handle.db);
    const parsed = gateEventsFromX12(interchangeOf(rows));
    const staff = await handle.db
      .selectFrom('users')
      .select(['user_id', 'customer_id'])
      .where('user_name', '=', 'demo.staff')
      .executeTakeFirstOrThrow();
    const viewer = { userId: staff.user_id, userName: 'demo.staff', customerId: staff.customer_id } as Viewer;
    const deps = { db: handle.db, orderEvents: createInProcessOrderEvents() };
    for (const label of ['first time', 'again']) {
      const started = performance.now();
      const answer = await ingestGateEvents(deps, viewer, parsed.events, console, {
        limit: EVENTS,
        unreadable: parsed.unreadable,
      });
      const ms = performance.now() - started;
      console.log(
        `domain, ${label.padEnd(10)} ${seconds(ms).padStart(8)}  ${rate(ms)}  (${outcomes(answer)})`,
      );
    }
    console.log(`load average ${load()}`);
  } finally {
    await handle.close();
  }
}

// `npx tsx bench/gate-ingest.ts` runs it alone (BENCH_GATE_PGLITE=1: on PGlite); `npm run bench`
// runs it with the others.
if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (process.env.BENCH_GATE_PGLITE) await benchGateIngestPglite();
  else if (!baseUrl)
    throw new Error('set BENCH_DATABASE_URL to a PostgreSQL database (the bench makes its own beside it)');
  else await benchGateIngest(baseUrl, process.env.BENCH_SCALE_DATABASE_URL);
}
