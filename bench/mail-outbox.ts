/**
 * Issue 30 §1, the mail behind the bookings: how fast the real server's outbox sends a backlog.
 * Under load, bookings outran their mail (a run's rate "with the mail" in booking-load.ts counts
 * until its mail has been sent). This measures the outbox alone, twice: with PostgreSQL idle, and
 * with PostgreSQL busy (pgbench running a CPU-bound query on BUSY_CLIENTS connections), where each
 * round trip waits its turn as it does behind 50–200 customers' bookings.
 *
 * The server (dist-server, its own process, DATA_DIR: the mail is composed and written as .eml
 * files, as booking-load.ts has it) is started on an empty outbox; BENCH_MAIL_BACKLOG mails (5,000)
 * are then written in one statement, and the time runs until none is left unsent. Needs
 * BENCH_DATABASE_URL (the bench re-creates brr_booking_load). Reported, never asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, mailDrained } from './booking-stage';
import { startServerProcess } from './server-process';

const BACKLOG = Number(process.env.BENCH_MAIL_BACKLOG ?? 5_000);
const BUSY_CLIENTS = Number(process.env.BENCH_MAIL_BUSY_CLIENTS ?? 8);

/** pgbench keeping PostgreSQL's CPUs busy until stopped. */
function busyDatabase(databaseUrl: string, dir: string): ChildProcess {
  const file = join(dir, 'busy.sql');
  writeFileSync(file, 'select count(*) from generate_series(1, 20000);\n');
  return spawn(
    'pgbench',
    ['-n', '-c', String(BUSY_CLIENTS), '-j', '2', '-T', '600', '-f', file, databaseUrl],
    {
      stdio: 'ignore',
    },
  );
}

async function writeBacklog(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The size of a booking's notice, text and HTML.
    await client.query(
      `insert into mail_outbox (to_addresses, subject, text_body, html_body)
       select array['pat' || i || '@example.com'], 'Pool Redelivery order ' || i || ': confirmed',
              repeat('Your redelivery is booked. ', 12), '<p>' || repeat('Your redelivery is booked. ', 24) || '</p>'
       from generate_series(1, $1::int) as i`,
      [BACKLOG],
    );
  } finally {
    await client.end();
  }
}

export async function benchMailOutbox(baseUrl: string): Promise<void> {
  console.log(`\n## The mail outbox sending a backlog of ${BACKLOG.toLocaleString('en-US')} (issue 30 §1)`);
  const databaseUrl = await freshDatabase(baseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'brr-mail-outbox-'));
  // The server migrates the new database as it starts.
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MAIL_RETRY_CHECK_MS: '100',
  });
  try {
    for (const busy of [false, true]) {
      const load = busy ? busyDatabase(databaseUrl, dataDir) : null;
      try {
        if (load) await new Promise((r) => setTimeout(r, 2000));
        const before = loadavg()[0]?.toFixed(1);
        await writeBacklog(databaseUrl);
        const seconds = await mailDrained(databaseUrl, 300);
        console.log(
          `  PostgreSQL ${busy ? `busy (${BUSY_CLIENTS} pgbench clients)` : 'idle'}: ${seconds.toFixed(2)} s, ${(BACKLOG / seconds).toFixed(0)} mails/s (load average ${before} → ${loadavg()[0]?.toFixed(1)})`,
        );
      } finally {
        load?.kill('SIGTERM');
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) console.log('mail-outbox: set BENCH_DATABASE_URL (PostgreSQL) to run it');
  else await benchMailOutbox(url); // npx tsx bench/mail-outbox.ts
}
