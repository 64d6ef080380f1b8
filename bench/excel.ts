/**
 * Excel of about 100,000 rows (issue 4): the portal's streamed download (exceljs' streaming writer
 * fed from a database cursor) against SheetJS `xlsx` building the same workbook in memory. Each runs
 * in its own process (bench/excel-worker.ts) so each peak memory figure is its own.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect';

const TARGET_ROWS = 100_000;

/** The first day from which about TARGET_ROWS dashboard rows were created (newest rows). */
async function dayFor100k(url: string): Promise<string> {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const res = await sql<{ created_at: Date }>`
    select b.created_at from bookings b join booking_orders o using (booking_order_id)
    where o.booking_order_type_code not in ('IR', 'MI', 'RD')
    order by b.created_at desc offset ${TARGET_ROWS} limit 1`.execute(handle.db);
  await handle.close();
  const at = res.rows[0]?.created_at;
  if (!at) throw new Error('fewer than 100,000 dashboard rows: seed with `npm run seed -- --scale` first');
  return new Date(new Date(at).getTime() + 86_400_000).toISOString().slice(0, 10);
}

interface Run {
  impl: string;
  rows: number;
  seconds: number;
  bytes: number;
  peakRssMb: number;
  rssBeforeMb: number;
}

export async function benchExcel(url: string): Promise<void> {
  console.log('\n## Excel download of ~100,000 rows (PostgreSQL)');
  const from = await dayFor100k(url);
  const runs: Run[] = [];
  for (const impl of ['exceljs', 'xlsx']) {
    const out = execFileSync('npx', ['tsx', 'bench/excel-worker.ts', impl, url, from], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const run = JSON.parse(out.trim().split('\n').at(-1) as string) as Run;
    runs.push(run);
    console.log(
      `${run.impl.padEnd(8)} ${run.rows.toLocaleString('en-US')} rows  ${run.seconds.toFixed(2)} s  ` +
        `file ${(run.bytes / 1e6).toFixed(1)} MB  peak RSS ${run.peakRssMb.toFixed(0)} MB (before the run ${run.rssBeforeMb.toFixed(0)} MB)`,
    );
  }
  const [streamed, inMemory] = runs as [Run, Run];
  console.log(
    `streamed ÷ in-memory: time ${(streamed.seconds / inMemory.seconds).toFixed(2)}×, ` +
      `peak memory growth ${((streamed.peakRssMb - streamed.rssBeforeMb) / (inMemory.peakRssMb - inMemory.rssBeforeMb)).toFixed(2)}×`,
  );
}
