/**
 * One Excel run in its own process, so its peak memory is its own (bench/excel.ts starts it):
 * - `exceljs`: POST /api/dashboard/downloadExcel through the real server, the file read and dropped
 *   as it streams (what the portal does);
 * - `xlsx`: SheetJS building the same rows' workbook in memory, then writing it (the usual way).
 * Prints one JSON line: rows, seconds, bytes, peak RSS and RSS before the run.
 */
import { sql } from 'kysely';
import XLSX from 'xlsx';
import { buildApp } from '../src/server/app';
import { createTokenService } from '../src/server/auth/tokens';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { exportColumns } from '../src/server/domain/dashboard-export';
import {
  newestFirst,
  rowSource,
  selectRowColumns,
  toDashboardRow,
} from '../src/server/domain/dashboard-rows';
import { applyCriteria, checkCriteria, UTC } from '../src/server/domain/dashboard-search';
import type { Viewer } from '../src/server/domain/viewer';
import { BENCH_RATE_LIMITS } from './server-process';

const [impl, url, createdFrom] = process.argv.slice(2) as [string, string, string];
const criteria = { CreatedFrom: createdFrom };
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
let rows = 0;
let bytes = 0;

if (impl === 'exceljs') {
  const config = readConfig({ JWT_SECRET: 'bench-secret-0000000000000000000000', ...BENCH_RATE_LIMITS });
  const tokens = createTokenService(new TextEncoder().encode(config.jwtSecret as string), 60);
  const app = await buildApp({ db: handle.db, tokens, config });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserId: 'demo.staff', Password: 'Demo!2345', ApplicationCode: 'BRR' }),
  });
  const { token } = (await login.json()) as { token: string };
  const t0 = performance.now();
  const res = await fetch(`${address}/api/dashboard/downloadExcel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(criteria),
  });
  if (!res.body || res.status !== 200) throw new Error(`downloadExcel: ${res.status}`);
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - t0) / 1000;
  const count = await sql<{ n: number }>`
    select count(*)::int as n from bookings b join booking_orders o using (booking_order_id)
    where o.booking_order_type_code not in ('IR', 'MI', 'RD') and b.created_at >= ${new Date(`${createdFrom}T00:00:00Z`)}`.execute(
    handle.db,
  );
  rows = count.rows[0]?.n ?? 0;
  await app.close();
  report(seconds);
} else {
  const staff: Viewer = {
    userId: 0,
    userName: 'bench',
    customerId: null,
    isInternal: true,
    permissions: {},
    claims: {} as Viewer['claims'],
    token: '',
  };
  const query = newestFirst(
    selectRowColumns(
      applyCriteria(rowSource(handle.db, { kind: 'all' }), checkCriteria(criteria, staff), UTC),
    ),
  );
  const records = (await query.execute()).map(toDashboardRow);
  rows = records.length;
  const columns = exportColumns(UTC);
  const sheet = XLSX.utils.aoa_to_sheet([
    columns.map((c) => c.header),
    ...records.map((r) => columns.map((c) => c.value(r))),
  ]);
  sheet['!cols'] = columns.map((c) => ({ wch: c.width }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Bookings');
  const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  bytes = file.byteLength;
  report((performance.now() - started) / 1000);
}
await handle.close();

function report(seconds: number) {
  console.log(
    JSON.stringify({
      impl,
      rows,
      seconds,
      bytes,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      rssBeforeMb: rssBefore / 1024 / 1024,
    }),
  );
}
