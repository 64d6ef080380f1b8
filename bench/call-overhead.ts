/**
 * Issues 15 and 30, per-call overhead: a trivial signed-in call (GET /api/configuration/ui: the
 * access check, the rate limit, the request log line and a constant answer) against the real
 * server in its own process, driven by autocannon with 50 connections, beside
 *   - a public call with no check (GET /api/version) on the same server, and
 *   - bare Fastify in its own process answering the same body (issue 30's yardstick: goal ≥ 0.6×
 *     its calls/s, ≤ 30 µs of server CPU a call), and
 *   - bare Fastify doing the least the goal keeps (the request id, a known token's check, the
 *     security headers, one request line): how close the server could come,
 * in the same run, in alternating rounds. Server CPU a call is read from /proc/<pid>/stat (user + system) around each
 * load. PostgreSQL when BENCH_DATABASE_URL (or BENCH_SCALE_DATABASE_URL) is set, else PGlite in a
 * fresh directory. Reported, never asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds } from './measure';
import { signIn, startServerProcess } from './server-process';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_CALL_SECONDS ?? 10);

interface Load {
  perSecond: number;
  p50: number;
  p97_5: number;
  other: number;
  cpuMicrosPerCall: number;
}

/** Before each measured load: the JIT warm, and what the server does just after its start done. */
const WARM_UP_SECONDS = 2;

async function hammer(url: string, headers: Record<string, string>, pid: number): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    other: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerCall: (cpu * 1e6) / Math.max(1, result.requests.total),
  };
}

const BARE_FASTIFY = `
import Fastify from 'fastify';
const body = process.env.BARE_BODY;
const app = Fastify({ logger: false });
app.get('/api/configuration/ui', (_req, reply) => { reply.type('application/json').send(body); });
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
`;

/**
 * Bare Fastify doing the least issue 30 §2 keeps: the request id header, an access check of a
 * token already known (a Map), the security headers, and one request line written by hand, the
 * lines of a turn in one write. How close the real server can come to bare Fastify.
 */
const BARE_FASTIFY_KEPT = `
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
const body = process.env.BARE_BODY;
const known = new Map([[process.env.BARE_TOKEN, { userId: 1 }]]);
const app = Fastify({ logger: false, genReqId: () => randomUUID() });
const log = openSync('/dev/null', 'w');
let waiting = '';
const flush = () => { writeSync(log, waiting); waiting = ''; };
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  const viewer = known.get((request.headers.authorization ?? '').slice(7));
  if (!viewer) return reply.code(401).send({ message: 'Sign in to continue.' });
  request.viewer = viewer;
  done();
});
app.addHook('onSend', (_request, reply, payload, done) => {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  reply.header('x-frame-options', 'DENY');
  reply.header('cache-control', 'no-store');
  done(null, payload);
});
app.addHook('onResponse', (request, reply, done) => {
  if (waiting === '') setImmediate(flush);
  waiting += '{"level":30,"time":' + Date.now() + ',"reqId":"' + request.id + '","method":"' + request.method + '","route":"' + request.routeOptions.url + '","status":' + reply.statusCode + ',"durationMs":' + Math.round(reply.elapsedTime * 10) / 10 + ',"userId":' + request.viewer.userId + ',"msg":"request"}\\n';
  done();
});
app.get('/api/configuration/ui', (_req, reply) => { reply.type('application/json').send(body); });
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
`;

/** Bare Fastify (`script`) in its own process answering `body`: the floor a call of ours is held to. */
async function startBareFastify(
  script: string,
  body: string,
  token = '',
): Promise<{ address: string; pid: number; stop(): void }> {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BARE_BODY: body, BARE_PORT: String(port), BARE_TOKEN: token },
    stdio: 'ignore',
  });
  const address = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const headers = { authorization: `Bearer ${token}` };
      if ((await fetch(`${address}/api/configuration/ui`, { headers })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { address, pid: child.pid as number, stop: () => child.kill('SIGTERM') };
}

const line = (label: string, r: Load) =>
  `${label.padEnd(58)} ${r.perSecond.toFixed(0).padStart(6)} calls/s  p50 ${r.p50} ms  p97.5 ${r.p97_5} ms  ${r.cpuMicrosPerCall.toFixed(0).padStart(4)} µs CPU/call${r.other ? `  (${r.other} not 2xx or failed)` : ''}`;

/** Rounds of the signed-in call and bare Fastify, one after the other (issue 30 §2). */
const ROUNDS = Number(process.env.BENCH_CALL_ROUNDS ?? 3);

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export async function benchCallOverhead(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.BENCH_SCALE_DATABASE_URL;
  const dataDir = url ? null : mkdtempSync(join(tmpdir(), 'brr-call-bench-'));
  console.log(
    `\n## Per-call overhead (${url ? 'PostgreSQL' : 'PGlite'}, autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
  const database: Record<string, string> = url ? { DATABASE_URL: url } : { DATA_DIR: dataDir as string };
  try {
    const uncached = await startServerProcess({ ...database, AUTH_CACHE: 'off' });
    try {
      const token = await signIn(uncached.address, 'demo.customer');
      const r = await hammer(
        `${uncached.address}/api/configuration/ui`,
        { authorization: `Bearer ${token}` },
        uncached.child.pid as number,
      );
      console.log(line('GET /api/configuration/ui (signed in), AUTH_CACHE=off', r));
    } finally {
      await uncached.stop();
    }
    // This machine's speed drifts by up to 2× over minutes (a shared host): the server and bare
    // Fastify both stay up, and their loads alternate, so each ratio compares loads seconds apart.
    const server = await startServerProcess({ ...database, AUTH_CACHE: 'on' });
    const pid = server.child.pid as number;
    const token = await signIn(server.address, 'demo.customer');
    const headers = { authorization: `Bearer ${token}` };
    const body = await (await fetch(`${server.address}/api/configuration/ui`, { headers })).text();
    const bare = await startBareFastify(BARE_FASTIFY, body);
    const kept = await startBareFastify(BARE_FASTIFY_KEPT, body, token);
    try {
      const ratios: number[] = [];
      const keptRatios: number[] = [];
      const cpus: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const b = await hammer(`${bare.address}/api/configuration/ui`, {}, bare.pid);
        const k = await hammer(`${kept.address}/api/configuration/ui`, headers, kept.pid);
        const v = await hammer(`${server.address}/api/version`, {}, pid);
        const s = await hammer(`${server.address}/api/configuration/ui`, headers, pid);
        console.log(`round ${round}`);
        console.log(line('  bare Fastify answering the same body', b));
        console.log(line('  bare Fastify with what the goal keeps', k));
        console.log(line('  GET /api/version (public, no check)', v));
        console.log(line('  GET /api/configuration/ui (signed in), AUTH_CACHE=on', s));
        ratios.push(s.perSecond / b.perSecond);
        keptRatios.push(k.perSecond / b.perSecond);
        cpus.push(s.cpuMicrosPerCall);
      }
      const each = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
      console.log(
        `signed-in call ÷ bare Fastify, median of ${ROUNDS} rounds: ${median(ratios).toFixed(2)}× the calls/s (rounds ${each(ratios)}; goal ≥ 0.6×), ${median(cpus).toFixed(0)} µs CPU a call (goal ≤ 30 µs)`,
      );
      console.log(
        `bare Fastify with what the goal keeps ÷ bare Fastify: ${median(keptRatios).toFixed(2)}× (rounds ${each(keptRatios)})`,
      );
    } finally {
      bare.stop();
      kept.stop();
      await server.stop();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCallOverhead(); // npx tsx bench/call-overhead.ts
