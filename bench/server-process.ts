/** The real server in its own process, as in production: a load generator must not share its event loop. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync } from 'node:fs';

export interface ServerProcess {
  address: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitForServer(address: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before listening`);
    try {
      if ((await fetch(`${address}/api/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server at ${address} did not start`);
}

let compiled = false;

/**
 * The server as `npm run serve` runs it: `dist-server/main.js`, built from the sources of this run
 * (once per bench process, esbuild takes a few seconds), not the sources through tsx's loader.
 */
function compiledServer(): string {
  if (!compiled) execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  compiled = true;
  return 'dist-server/main.js';
}

/**
 * The compiled server on a free port with `env` (DATABASE_URL or DATA_DIR), once it answers.
 * `nodeArgs` go to node before the script (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, compiledServer()], {
    // Issue 28: the benches drive one user far past a person's pace; they measure the server, so
    // its buckets are deep (they still run on every call).
    env: { ...BENCH_RATE_LIMITS, ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    // BENCH_SERVER_LOG=file: the server's log lines there (appended), to read what a 5xx was.
    stdio: process.env.BENCH_SERVER_LOG
      ? ['ignore', openSync(process.env.BENCH_SERVER_LOG, 'a'), openSync(process.env.BENCH_SERVER_LOG, 'a')]
      : 'ignore',
  });
  // A run that fails half-way must not leave its server behind.
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForServer(address, child);
  return {
    address,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(address: string, user: string): Promise<string> {
  const res = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserId: user, Password: 'Demo!2345', ApplicationCode: 'BRR' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${user}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Token buckets deep enough for any bench (issue 28's limits are tested in tests/api). */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_USER_BURST: '100000000',
  RATE_LIMIT_USER_PER_MINUTE: '100000000',
  RATE_LIMIT_KEY_BURST: '100000000',
  RATE_LIMIT_KEY_PER_MINUTE: '100000000',
};
