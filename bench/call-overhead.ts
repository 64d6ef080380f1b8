/**
 * Issue 15, per-call overhead: a trivial authenticated call (GET /api/configuration/ui: the
 * authentication check and a constant answer) against the real server in its own process, driven
 * by autocannon with 50 connections, beside a public call with no check (GET /api/version) on the
 * same server in the same run. Goal: ≥ 1,500 authenticated calls/s. PostgreSQL when
 * BENCH_DATABASE_URL (or BENCH_SCALE_DATABASE_URL) is set, else PGlite in a fresh directory.
 * Reported, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServerProcess } from './server-process';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_CALL_SECONDS ?? 10);

async function hammer(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const other = result.non2xx + result.errors + result.timeouts;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    other,
  };
}

export async function benchCallOverhead(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_SCALE_DATABASE_URL;
  const dataDir = url ? null : mkdtempSync(join(tmpdir(), 'brr-call-bench-'));
  console.log(
    `\n## Per-call overhead (${url ? 'PostgreSQL' : 'PGlite'}, autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`,
  );
  const database: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir as string };
  try {
    for (const cache of ['on', 'off'] as const) {
      const server = await startServerProcess({ ...database, AUTH_CACHE: cache });
      try {
        const token = await signIn(server.address, 'demo.customer');
        const calls = [
          [
            'GET /api/configuration/ui (signed in)',
            '/api/configuration/ui',
            { authorization: `Bearer ${token}` },
          ],
        ] as Array<readonly [string, string, Record<string, string>]>;
        if (cache === 'on') calls.unshift(['GET /api/version (public, no check)', '/api/version', {}]);
        for (const [label, path, headers] of calls) {
          const r = await hammer(`${server.address}${path}`, headers);
          console.log(
            `${`${label}${path === '/api/version' ? '' : `, AUTH_CACHE=${cache}`}`.padEnd(56)} ${r.perSecond.toFixed(0).padStart(6)} calls/s  p50 ${r.p50} ms  p97.5 ${r.p97_5} ms${r.other ? `  (${r.other} not 2xx or failed)` : ''}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCallOverhead(); // npx tsx bench/call-overhead.ts
