/**
 * Issue 30 §2, a change's effect on the server's CPU a call, measured two builds at a time: both
 * compiled servers run at once, each loaded by its own autocannon at the same fixed rate, and each
 * one's CPU a call is read from /proc. Loaded together, both see the machine's speed of that
 * moment, which drifts by up to 2× over minutes here; a saturated load alternated between them
 * (call-overhead.ts) cannot see a change of 5–10 %. The second server of a pair can run up to a
 * third cheaper or dearer than the first on this 2-core machine, so run each pair in both orders
 * and read both. Reported, never asserted.
 *
 *   npx esbuild src/server/main.ts --bundle --platform=node --target=node20 --format=esm \
 *     --packages=external --outfile=dist-server/after.js        (and before.js from a worktree)
 *   npx tsx bench/cpu-side-by-side.ts dist-server/before.js dist-server/after.js
 *
 * BENCH_SIDE_RATE (calls/s each, 8,000), BENCH_SIDE_ROUNDS (4), BENCH_SIDE_SECONDS (6).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds } from './measure';
import { BENCH_RATE_LIMITS, signIn } from './server-process';

const RATE = Number(process.env.BENCH_SIDE_RATE ?? 8000);
const ROUNDS = Number(process.env.BENCH_SIDE_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SIDE_SECONDS ?? 6);
const PATH = '/api/configuration/ui';
const CONNECTIONS = 20;

interface Running {
  file: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  stop(): void;
}

async function start(file: string): Promise<Running> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'brr-side-'));
  const child = spawn(process.execPath, [file], {
    env: {
      ...BENCH_RATE_LIMITS,
      ...process.env,
      DATA_DIR: dataDir,
      AUTH_CACHE: 'on',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: 'ignore',
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const address = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 480) throw new Error(`${file} did not start`);
    try {
      if ((await fetch(`${address}/api/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const token = await signIn(address, 'demo.customer');
  return {
    file,
    url: address + PATH,
    pid: child.pid as number,
    headers: { authorization: `Bearer ${token}` },
    stop,
  };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchCpuSideBySide(files: readonly string[]): Promise<void> {
  if (files.length !== 2)
    throw new Error('give two compiled servers: the build before, then the build after');
  const servers = [await start(files[0] as string), await start(files[1] as string)];
  try {
    const load = (s: Running, duration: number) =>
      autocannon({ url: s.url, connections: CONNECTIONS, duration, headers: s.headers, overallRate: RATE });
    await Promise.all(servers.map((s) => load(s, 3)));
    console.log(`\n## CPU a call side by side (${RATE} calls/s each, ${ROUNDS} rounds of ${SECONDS} s)`);
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const before = servers.map((s) => cpuSeconds(s.pid));
      const results = await Promise.all(servers.map((s) => load(s, SECONDS)));
      const perCall = servers.map(
        (s, i) => ((cpuSeconds(s.pid) - (before[i] as number)) * 1e6) / results[i].requests.total,
      );
      const failed = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
      ratios.push((perCall[1] as number) / (perCall[0] as number));
      console.log(
        `round ${round}: ${servers.map((s, i) => `${s.file} ${(perCall[i] as number).toFixed(1)} µs`).join(', ')}; second ÷ first ${(ratios.at(-1) as number).toFixed(3)}${failed ? ` (${failed} not 2xx or failed)` : ''}`,
      );
    }
    console.log(`second ÷ first, median of ${ROUNDS} rounds: ${median(ratios).toFixed(3)}× the CPU a call`);
  } finally {
    for (const s of servers) s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCpuSideBySide(process.argv.slice(2));
