/** The load generator of the booking bench: keep-alive customers submitting, and what they were answered. */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  confirmed: boolean;
  /** When it was sent (performance.now()), for BENCH_BOOKING_TIMELINE. */
  sent: number;
}

export type Run = { answers: Answer[]; seconds: number };

/**
 * `connections` loops on keep-alive connections. Each sends its next request on its answer, or, with
 * `intervalMs`, at its next turn (every intervalMs from a random start within the first interval;
 * at once when the answer came after that turn).
 */
export async function drive(
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

export function summary({ answers, seconds }: { answers: Answer[]; seconds: number }) {
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
export async function bareFastify(): Promise<{ address: string; stop: () => void }> {
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
