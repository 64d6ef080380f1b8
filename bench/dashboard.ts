/**
 * Dashboard search at scale (issues 4 and 15): typical searches through the real API over HTTP, at
 * 1 and at 50 concurrent clients, against the very same SQL sent straight to PostgreSQL in the same
 * run. The HTTP load comes from autocannon (as the per-call bench's): a heavier client would spend
 * the two cores the server and PostgreSQL share with it. Needs a PostgreSQL database seeded with
 * `npm run seed -- --scale` (BENCH_SCALE_DATABASE_URL). Reported, never asserted.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import type { DashboardCriteria } from '../src/schemas/dashboard';
import { openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import {
  countUpToCap,
  matchingRows,
  pageOfRows,
  scopeOf,
  totalFromPage,
} from '../src/server/domain/dashboard-rows';
import { applyCriteria, checkCriteria, UTC } from '../src/server/domain/dashboard-search';
import type { Viewer } from '../src/server/domain/viewer';
import { percentile } from './measure';
import { signIn, startServerProcess } from './server-process';

interface Case {
  label: string;
  user: 'staff' | 'customer';
  body: DashboardCriteria;
}

const day = (offsetDays: number, from: Date) =>
  new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Runs `fn` `perClient` times in each of `clients` parallel loops; every call timed. A first round
 * at the same concurrency is not timed: it opens the sockets and pool connections a steady load holds.
 */
async function load(clients: number, perClient: number, fn: () => Promise<void>) {
  await Promise.all(Array.from({ length: clients }, fn));
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    perSecond: (times.length / wall) * 1000,
  };
}

interface Timing {
  p50: number;
  p95: number;
  perSecond: number;
}

const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);

/**
 * POSTs `body` from `clients` connections: 50 calls from one, or API_SECONDS from many after a
 * second's warm-up at the same concurrency. Every answer but a 200 fails the run.
 */
async function apiLoad(
  url: string,
  headers: Record<string, string>,
  body: string,
  clients: number,
): Promise<Timing> {
  const times: number[] = [];
  const run = (options: Partial<autocannon.Options>, timed: boolean) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url, method: 'POST', headers, body, connections: clients, ...options },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      if (timed)
        instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
  const many = clients > 1;
  if (many) await run({ duration: 1 }, false);
  const started = performance.now();
  const result = await run(many ? { duration: API_SECONDS } : { amount: 50 }, true);
  const wall = performance.now() - started;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${failed} of ${times.length} calls did not answer 200`);
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    // autocannon ends a run on its next one-second tick: one client's rate is its calls' own time.
    perSecond: (times.length / (many ? wall : times.reduce((sum, t) => sum + t, 0))) * 1000,
  };
}

const fmt = (t: Timing) =>
  `p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  ${t.perSecond.toFixed(0).padStart(5)}/s`;

export async function benchDashboardSearch(url: string): Promise<void> {
  console.log('\n## Dashboard search at scale (PostgreSQL)');
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 25 });
  await migrate(handle.db);
  const counts = await sql<{ orders: number; bookings: number; newest: Date }>`
    select (select count(*) from booking_orders)::int as orders, (select count(*) from bookings)::int as bookings,
           (select max(created_at) from bookings) as newest`.execute(handle.db);
  const { orders, bookings, newest } = counts.rows[0] as { orders: number; bookings: number; newest: Date };
  console.log(
    `${orders.toLocaleString('en-US')} booking orders, ${bookings.toLocaleString('en-US')} bookings`,
  );

  const server = await startServerProcess({ DATABASE_URL: url });
  const { address } = server;
  const tokenFor = {
    staff: await signIn(address, 'demo.staff'),
    customer: await signIn(address, 'demo.customer'),
  };
  const viewerFor = async (user: string): Promise<Viewer> => {
    const u = await handle.db
      .selectFrom('users')
      .select(['user_id', 'customer_id', 'auth_provider'])
      .where('user_name', '=', user)
      .executeTakeFirstOrThrow();
    return {
      userId: u.user_id,
      userName: user,
      customerId: u.customer_id,
      isInternal: u.auth_provider === 'Directory',
      permissions: {},
      claims: {} as Viewer['claims'],
      token: '',
    };
  };
  const viewers = { staff: await viewerFor('demo.staff'), customer: await viewerFor('demo.customer') };
  const code = await sql<{ booking_code: string }>`
    select b.booking_code from bookings b join booking_orders o using (booking_order_id)
    where b.booking_code is not null and o.booking_order_type_code not in ('IR', 'MI', 'RD')
    order by b.booking_id desc offset 5000 limit 1`.execute(handle.db);
  const market = await sql<{ market_code: string; location_id: number }>`
    select o.market_code, b.location_id from bookings b join booking_orders o using (booking_order_id)
    where b.booking_id > (select max(booking_id) - 100000 from bookings)
    group by 1, 2 order by count(*) desc limit 1`.execute(handle.db);
  const { market_code, location_id } = market.rows[0] as { market_code: string; location_id: number };
  const chassis = await sql<{ chassis_id: string }>`
    select ch.chassis_id from booking_chassis bc join chassis ch using (chassis_master_id)
    join bookings b using (booking_id) join booking_orders o using (booking_order_id)
    where ${viewers.customer.customerId} in (o.customer_id, o.responsible_party_id, o.motor_carrier_id)
    order by bc.booking_id desc limit 1`.execute(handle.db);

  const cases: Case[] = [
    {
      label: 'customer: created in the last 30 days',
      user: 'customer',
      body: { CreatedFrom: day(-30, newest) },
    },
    { label: 'customer: status Open', user: 'customer', body: { StatusCode: 'OP' } },
    {
      label: 'staff: one booking number',
      user: 'staff',
      body: { BookingCode: code.rows[0]?.booking_code ?? 'PB' },
    },
    {
      label: 'staff: status Open in a market',
      user: 'staff',
      body: { StatusCode: 'OP', MarketCode: market_code },
    },
    {
      label: 'staff: a location, Chassis.40, last 90 days',
      user: 'staff',
      body: { LocationId: location_id, EquipmentSize: 'Chassis.40', CreatedFrom: day(-90, newest) },
    },
    {
      label: 'staff: customer name contains, last 30 days',
      user: 'staff',
      body: { CustomerName: 'tra', CreatedFrom: day(-30, newest) },
    },
    {
      label: 'staff: page 50 of the last 7 days',
      user: 'staff',
      body: { CreatedFrom: day(-7, newest), StartRecordNumber: 981 },
    },
    {
      label: 'customer: one chassis ID',
      user: 'customer',
      body: { ChassisId: chassis.rows[0]?.chassis_id ?? 'PLCZ000001' },
    },
    {
      label: 'staff: status Closed, created 60 to 30 days ago',
      user: 'staff',
      body: { StatusCode: 'CL', CreatedFrom: day(-60, newest), CreatedTo: day(-30, newest) },
    },
    {
      label: 'staff: page 500 of the last 90 days',
      user: 'staff',
      body: { CreatedFrom: day(-90, newest), StartRecordNumber: 9981 },
    },
  ];
  // BENCH_EXPLAIN=1 prints each case's plans (EXPLAIN (ANALYZE, BUFFERS)) for bench/README.md.
  const explain = process.env.BENCH_EXPLAIN === '1';

  // BENCH_CASES=a|b runs only the cases whose label holds one of them; BENCH_CLIENTS=1 skips the 50.
  const only = process.env.BENCH_CASES;
  const clientCounts = (process.env.BENCH_CLIENTS ?? '1,50').split(',').map(Number);
  const pool = new pg.Pool({ connectionString: url, max: 25 });
  console.log('(API = POST /api/dashboard/search over HTTP; SQL = the same page and count queries over pg)');
  const ratios: number[] = [];
  for (const c of cases) {
    if (only && !only.split('|').some((text) => c.label.includes(text))) continue;
    const body = { PageSize: 20, StartRecordNumber: 1, ...c.body } as Required<
      Pick<DashboardCriteria, 'PageSize' | 'StartRecordNumber'>
    > &
      DashboardCriteria;
    const viewer = viewers[c.user];
    const scope = scopeOf(viewer);
    const matching = applyCriteria(matchingRows(handle.db, scope), checkCriteria(body, viewer), UTC);
    const countSql = countUpToCap(handle.db, matching).compile();
    const offset = body.StartRecordNumber - 1;
    const pageSql = pageOfRows(handle.db, matching, offset, body.PageSize + 1).compile();
    const searchUrl = `${address}/api/dashboard/search`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokenFor[c.user]}` };
    const json = JSON.stringify(body);
    // What the API sends: the page one row long, then the count when the page cannot tell it.
    const raw = async () => {
      const page = await pool.query(pageSql.sql, [...pageSql.parameters]);
      if (totalFromPage(offset, body.PageSize, page.rows.length) === null)
        await pool.query(countSql.sql, [...countSql.parameters]);
    };
    const first = await fetch(searchUrl, { method: 'POST', headers, body: json });
    if (first.status !== 200) throw new Error(`${c.label}: ${first.status} ${await first.text()}`);
    const total = (await first.json()) as { TotalCount: number };
    console.log(`\n${c.label} (TotalCount ${total.TotalCount.toLocaleString('en-US')})`);
    if (explain) {
      await raw(); // warm, as the timed runs are
      for (const [name, q] of [
        ['count', countSql],
        ['page', pageSql],
      ] as const) {
        const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]);
        console.log(`  -- ${name}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
    for (const clients of clientCounts) {
      const a = await apiLoad(searchUrl, headers, json, clients);
      const s = await load(clients, clients === 1 ? 30 : 16, raw);
      const ratio = a.p50 / s.p50;
      ratios.push(ratio);
      console.log(`  ${String(clients).padStart(2)} client(s)  API ${fmt(a)}`);
      console.log(`              SQL ${fmt(s)}   API/SQL p50 ${ratio.toFixed(2)}×`);
    }
  }
  ratios.sort((a, b) => a - b);
  console.log(
    `\nAPI/SQL p50 ratio over all cases: median ${percentile(ratios, 0.5).toFixed(2)}×, worst ${ratios.at(-1)?.toFixed(2)}×`,
  );
  await pool.end();
  await server.stop();
  await handle.close();
}
