/**
 * Issue 15 §3 and issue 30 §1, bookings under load: 200 customers (200 customer companies, one
 * user each, made by plain SQL in a fresh PostgreSQL database, bench/booking-stage.ts) submit
 * through the real server in its own process, each customer one keep-alive connection. Three
 * submits are run in turn (bench/booking-scenarios.ts): pool bookings of one unit, pool
 * redeliveries of one held chassis, repositions of one unit. Reported for each: submits/s, confirmed
 * submits/s (200 with PendingReview false), p50 / p95, 5xx and other answers; and the database's
 * own limit beside it: the statements of one such submit, traced from the server and replayed by
 * pgbench with prepared statements (bench/booking-statements.ts), with the ratio.
 *
 * Runs on one server per scenario: warm-up (a new process compiles schemas and code and opens its
 * pool: reported apart), paced (the goal: each customer submits once every 200 / RATE seconds,
 * RATE = 300/s offered in all, and waits for its answer; an answer that comes late makes it submit
 * again at once, so a server that cannot keep up shows a lower rate and a longer p95), then
 * saturated at 50 and at 200 customers (each submits again the moment it has its answer: the
 * ceiling; by Little's law its p50 is about customers / throughput, so the latency goal is read off
 * the paced run). pgbench runs the traced statements with as many clients as the server's pool has
 * connections and with one per customer (50; 200 would pass max_connections): the higher rate is
 * the limit the ratio is taken against.
 *
 * Pool bookings also race: one location is kept at 40 units and, in a last saturated run, a fifth of
 * the submits go there; the independent SQL count after the runs (units held by open bookings per
 * location against the pool units standing there) must find nothing overbooked.
 *
 * Needs BENCH_DATABASE_URL (any database on the server: the bench re-creates its own,
 * brr_booking_load). Goals: ratio ≥ 0.8 at 50–200 customers, p95 ≤ 250 ms at 300/s paced, zero
 * 5xx, zero overbooked. `BENCH_BOOKING_SECONDS` (60), `BENCH_BOOKING_SATURATED_SECONDS` (20) and
 * `BENCH_BOOKING_WARMUP_SECONDS` (15) set the runs' length, `BENCH_BOOKING_RATE` (300) the paced
 * rate, `BENCH_BOOKING_SCENARIOS` (pool,redelivery,reposition) which run,
 * `BENCH_BOOKING_SCRIPT=dir` writes pgbench's scripts there; `BENCH_SERVER_NODE_ARGS` passes node
 * flags to the server (--cpu-prof). Reported, never asserted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Answer, bareFastify, drive, type Run, summary } from './booking-drive';
import {
  poolBooking,
  poolRedelivery,
  reposition,
  requestOf,
  type Scenario,
  type Staged,
} from './booking-scenarios';
import {
  CLASS,
  CUSTOMERS,
  freshDatabase,
  MARKET,
  mailDrained,
  overbookedUnits,
  resetBookings,
  SIZE,
  stage,
} from './booking-stage';
import { defineArgs, type PgbenchRun, pgbenchScript, runPgbench, traceBooking } from './booking-statements';
import { cpuSeconds, postgresCpu, postgresSpentSince } from './measure';
import { startServerProcess } from './server-process';

const SECONDS = Number(process.env.BENCH_BOOKING_SECONDS ?? 60);
const SATURATED_SECONDS = Number(process.env.BENCH_BOOKING_SATURATED_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_BOOKING_WARMUP_SECONDS ?? 15);
/** Submits per second offered by the paced run, spread evenly over the customers. */
const RATE = Number(process.env.BENCH_BOOKING_RATE ?? 300);
const BARE_SECONDS = 10;
/** The saturated runs' customers (the goal's 50–200). */
const SATURATED_CUSTOMERS = (process.env.BENCH_BOOKING_SATURATED_CUSTOMERS ?? '50,200')
  .split(',')
  .map(Number);
/** The server's PostgreSQL pool (db/connect.ts). */
const SERVER_POOL = 10;
/** The share of pool bookings sent to the scarce location in the race; 0 sends none there. */
const SCARCE_SHARE = Number(process.env.BENCH_BOOKING_SCARCE_SHARE ?? 0.2);
const SCENARIOS: Record<string, (s: Staged) => Scenario> = {
  pool: poolBooking,
  redelivery: poolRedelivery,
  reposition,
};
const CHOSEN = (process.env.BENCH_BOOKING_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

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

const confirmed = (status: number, text: string) =>
  status === 200 && (JSON.parse(text) as { PendingReview?: boolean }).PendingReview === false;

function report(label: string, run: Run) {
  const b = summary(run);
  console.log(
    `  ${label}: ${b.total} submits, ${b.perSecond.toFixed(0)}/s; confirmed ${b.confirmedPerSecond.toFixed(0)}/s; p50 ${ms(b.p50)}  p95 ${ms(b.p95)}; 5xx ${b.fivexx}; other 4xx ${b.other}; failed connections ${b.failed}`,
  );
  return b;
}

/** CPU milliseconds a submit cost the server process and PostgreSQL's processes, read from /proc. */
interface SubmitCpu {
  serverMs: number;
  postgresMs: number;
}

/** One scenario: its statements traced and scripted, its runs on a new server, pgbench beside them. */
async function benchScenario(
  staged: Staged,
  scenario: Scenario,
  env: Record<string, string>,
  databaseUrl: string,
) {
  console.log(`\n### ${scenario.name} (POST ${scenario.path})`);
  await resetBookings(databaseUrl, staged.customers);
  const tracedKey = randomUUID();
  let tracedBody: Record<string, unknown> = {};
  const traced = await traceBooking(env, async (address, turn, last) => {
    const body = scenario.body(0);
    if (last) tracedBody = body;
    const res = await fetch(`${address}${scenario.path}`, {
      method: 'POST',
      headers: {
        authorization: staged.bearer[0] as string,
        'idempotency-key': last ? tracedKey : randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (res.status !== 200)
      throw new Error(`${scenario.name}, submit ${turn}: ${res.status} ${await res.text()}`);
  });
  const script = pgbenchScript(traced, scenario.varying(tracedBody, tracedKey));
  const scriptDir = process.env.BENCH_BOOKING_SCRIPT;
  if (scriptDir) {
    const file = join(scriptDir, scenario.name.replace(/ /g, '-'));
    writeFileSync(`${file}.sql`, script.script);
    // NUL-separated (a mail's text spans lines): xargs -0 -a file.args pgbench … -f file.sql <url>.
    writeFileSync(`${file}.args`, `${defineArgs(script).join('\0')}\0`);
  }
  console.log(
    `  one submit sends ${traced.length} statements on ${new Set(traced.map((t) => t.connection)).size} connections (BENCH_BOOKING_SCRIPT=dir writes pgbench's script)`,
  );

  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const server = await startServerProcess(
    env,
    (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  const next = (connection: number) => requestOf(staged, scenario, connection);
  const loadBefore = load();
  const runs: { label: string; run: Run; mailSeconds: number; comparable: boolean; cpu: SubmitCpu }[] = [];
  let overbooked: Awaited<ReturnType<typeof overbookedUnits>> = [];
  /** One run from the stage, and the wait for its mail. */
  const measured = async (label: string, customers: number, seconds: number, interval?: number) => {
    const comparable = interval === undefined && (scenario.scarceShare ?? 0) === 0;
    await resetBookings(databaseUrl, staged.customers);
    scenario.restart?.();
    const serverBefore = cpuSeconds(server.child.pid as number);
    const postgresBefore = postgresCpu();
    const run = await drive(server.address, customers, seconds, next, confirmed, interval);
    const mailSeconds = await mailDrained(databaseUrl);
    const submits = Math.max(1, summary(run).total);
    const cpu = {
      serverMs: ((cpuSeconds(server.child.pid as number) - serverBefore) * 1000) / submits,
      postgresMs: (postgresSpentSince(postgresBefore) * 1000) / submits,
    };
    runs.push({ label, run, mailSeconds, comparable, cpu });
  };
  try {
    const interval = (CUSTOMERS / RATE) * 1000;
    await measured(
      `warm-up, paced, ${WARM_UP_SECONDS} s (a new process: not counted)`,
      CUSTOMERS,
      WARM_UP_SECONDS,
      interval,
    );
    await measured(`paced at ${RATE}/s offered, ${SECONDS} s`, CUSTOMERS, SECONDS, interval);
    for (const customers of SATURATED_CUSTOMERS)
      await measured(
        `saturated, ${customers} customers, ${SATURATED_SECONDS} s`,
        customers,
        SATURATED_SECONDS,
      );
    if (scenario.scarceShare !== undefined) {
      scenario.scarceShare = SCARCE_SHARE;
      await measured(
        `saturated, ${CUSTOMERS} customers, a fifth to the scarce location, ${SATURATED_SECONDS} s`,
        CUSTOMERS,
        SATURATED_SECONDS,
      );
      overbooked = await overbookedUnits(databaseUrl);
    }
  } finally {
    await server.stop();
  }
  const loadAfter = load();

  // As many clients as the server's pool has connections, and one per customer (the 50):
  // on two cores fewer clients contend less; the higher rate is the limit compared with.
  const pgbench: { clients: number; run: PgbenchRun; postgresMs: number }[] = [];
  for (const clients of [SERVER_POOL, await pgbenchClients(databaseUrl, Math.min(...SATURATED_CUSTOMERS))]) {
    await resetBookings(databaseUrl, staged.customers);
    const postgresBefore = postgresCpu();
    const run = await runPgbench(databaseUrl, script, clients, SATURATED_SECONDS);
    const transactions = Math.max(1, run.tps * SATURATED_SECONDS);
    pgbench.push({ clients, run, postgresMs: (postgresSpentSince(postgresBefore) * 1000) / transactions });
  }
  const limit = Math.max(...pgbench.map((p) => p.run.tps));
  for (const { clients, run, postgresMs } of pgbench)
    console.log(
      `  pgbench, the same ${traced.length} statements, -M prepared, ${clients} clients, ${SATURATED_SECONDS} s: ${run.tps.toFixed(0)}/s (latency ${run.latencyMs.toFixed(1)} ms, failed ${run.failed}); PostgreSQL's CPU ${postgresMs.toFixed(2)} ms a transaction`,
    );
  for (const { label, run, mailSeconds, comparable, cpu } of runs) {
    const b = report(label, run);
    const withMail = (b.confirmedPerSecond * run.seconds) / (run.seconds + mailSeconds);
    console.log(
      `    its mail sent ${mailSeconds.toFixed(1)} s after the run: ${withMail.toFixed(0)} confirmed/s with the mail` +
        (comparable ? `; ratio to pgbench's best: ${(withMail / limit).toFixed(2)}× (goal ≥ 0.8×)` : ''),
    );
    console.log(
      `    CPU a submit, its mail included: the server ${cpu.serverMs.toFixed(2)} ms, PostgreSQL ${cpu.postgresMs.toFixed(2)} ms`,
    );
  }
  for (const l of overbooked.filter((l) => l.over > 0 || l.location === staged.scarce))
    console.log(
      `  location ${l.location}${l.location === staged.scarce ? ' (scarce)' : ''}: room ${l.room}, held by open bookings ${l.held}, overbooked ${l.over}`,
    );
  if (scenario.scarceShare !== undefined)
    console.log(
      `  overbooked units in ${MARKET} ${SIZE} ${CLASS}: ${overbooked.reduce((a, l) => a + l.over, 0)} (independent SQL count, ${overbooked.length} locations)`,
    );
  console.log(`  load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter}`);
}

export async function benchBookingLoad(baseUrl: string): Promise<void> {
  console.log(`\n## Bookings under load (issue 15 §3, issue 30 §1: ${CUSTOMERS} customers, PostgreSQL)`);
  const databaseUrl = await freshDatabase(baseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'brr-booking-load-'));
  try {
    const staged = await stage(databaseUrl);
    // DATA_DIR only for the mail files (no SMTP here); the data is in PostgreSQL.
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    for (const name of CHOSEN) {
      const scenario = SCENARIOS[name];
      if (!scenario)
        throw new Error(`BENCH_BOOKING_SCENARIOS: no scenario ${name} (${Object.keys(SCENARIOS)})`);
      await benchScenario(staged, scenario(staged), env, databaseUrl);
    }

    const bare = await bareFastify();
    let bareRun: Run;
    try {
      const body = JSON.stringify(poolBooking(staged).body(0));
      bareRun = await drive(
        bare.address,
        CUSTOMERS,
        BARE_SECONDS,
        () => ({ path: '/bare', headers: {}, body }),
        (status) => status === 200,
      );
    } finally {
      bare.stop();
    }
    const f = summary(bareRun);
    console.log(
      `bare Fastify POST (the pool booking's body, ${BARE_SECONDS} s): ${f.perSecond.toFixed(0)}/s; p50 ${ms(f.p50)}  p95 ${ms(f.p95)}; not 200: ${f.total - bareRun.answers.filter((a: Answer) => a.confirmed).length}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) console.log('booking-load: set BENCH_DATABASE_URL (PostgreSQL) to run it');
  else await benchBookingLoad(url); // npx tsx bench/booking-load.ts
}
