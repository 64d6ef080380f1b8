/**
 * Issue 15 §5: the portal as several instances on one PostgreSQL behind Debian's nginx, on this
 * machine. deploy/run-two.ts starts it from the command line; the cluster end-to-end tests
 * (e2e/cluster) start it, kill an instance and start it again, and restart each in turn the way
 * docs/operations.md "Restarts" says (issue 29). Instances run the compiled server (dist-server/).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface ClusterOptions {
  /** The balancer's port: the portal's address is http://127.0.0.1:<lbPort>/. */
  lbPort: number;
  /** One instance per port. */
  instancePorts: readonly number[];
  /** The one PostgreSQL database every instance uses (created when missing). */
  databaseUrl: string;
  /** Optional replica for dashboard searches (DATABASE_READ_URL). */
  databaseReadUrl?: string;
  /** nginx's configuration, logs and temporary files. */
  runDir: string;
  /** Extra environment of every instance. */
  env?: Record<string, string>;
  /** Run `npm run build` first (the instances serve dist/). */
  build?: boolean;
  log?: (line: string) => void;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly origin: string;
  running(): boolean;
  start(): Promise<void>;
  /** SIGKILL: the instance dies mid-request, as a crashed machine would. */
  kill(): Promise<void>;
  /** SIGTERM: a clean shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Resolves once GET /readyz answers 200. */
  waitReady(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address. */
  readonly url: string;
  readonly instances: readonly Instance[];
  /**
   * Issue 29, a rolling restart of one instance: nginx stops sending to it (marked `down`, reload),
   * it drains and exits (SIGTERM), starts again, and goes back into nginx once /readyz says ready.
   * Resolves with the exit code of the stopped process.
   */
  restart(instance: Instance): Promise<number | null>;
  close(): Promise<void>;
}

/** Creates the database of `url` when it does not exist (asks the server's postgres database). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name '${name}': use [a-z0-9_]`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The nginx configuration of deploy/nginx.conf.template for these ports. */
export function nginxConfig(
  options: Pick<ClusterOptions, 'lbPort' | 'instancePorts' | 'runDir'>,
  down: ReadonlySet<number> = new Set(),
): string {
  const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
  const upstream = options.instancePorts
    .map(
      (port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s${down.has(port) ? ' down' : ''};`,
    )
    .join('\n');
  return (
    template
      // Run as root (a CI container), the workers would drop to nobody and lose the temp folders.
      .replaceAll('@@USER@@', process.getuid?.() === 0 ? 'user root;' : '')
      .replaceAll('@@RUN_DIR@@', options.runDir)
      .replaceAll('@@UPSTREAM_SERVERS@@', upstream)
      .replaceAll('@@LISTEN@@', `127.0.0.1:${options.lbPort}`)
  );
}

function waitForLine(child: ChildProcess, text: string, what: string, timeoutMs = 240_000): Promise<void> {
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${what} did not start:\n${out.slice(-4000)}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        child.stderr?.off('data', read);
        done();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${out.slice(-4000)}`));
    });
  });
}

const exited = (child: ChildProcess | null, signal: NodeJS.Signals) =>
  new Promise<number | null>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done(child?.exitCode ?? null);
    child.once('exit', (code) => done(code));
    child.kill(signal);
  });

/** The compiled server `npm run build` writes (npm start runs the same file). */
const SERVER = join(ROOT, 'dist-server', 'main.js');

async function poll(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function instance(
  name: string,
  port: number,
  env: Record<string, string>,
  log: (l: string) => void,
): Instance {
  let child: ChildProcess | null = null;
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
      child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
        cwd: ROOT,
        env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr?.on('data', (c: Buffer) => log(`[${name}] ${c.toString().trimEnd()}`));
      await waitForLine(child, 'Portal at http://', `instance ${name} (port ${port})`);
      log(`[${name}] listening on ${port}`);
    },
    kill: () => exited(child, 'SIGKILL').then(() => undefined),
    stop: () => exited(child, 'SIGTERM'),
    waitReady: () =>
      poll(`instance ${name} ready`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok),
  };
}

/**
 * Starts the instances (the first alone, so it migrates and seeds an empty database before the
 * others open it) and nginx in front of them.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.build) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  await ensureDatabase(options.databaseUrl);
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    ...(options.databaseReadUrl ? { DATABASE_READ_URL: options.databaseReadUrl } : {}),
    // The balancer is the one proxy: the client's address is the one it forwards.
    TRUST_PROXY: '127.0.0.1',
    // One build, one version answer from every instance (the version check compares them).
    ...options.env,
  };
  const instances = options.instancePorts.map((port, i) =>
    instance(String.fromCharCode(65 + i), port, env, (l) => log(l)),
  );
  const [first, ...rest] = instances;
  let nginx: ChildProcess | null = null;
  const conf = join(options.runDir, 'nginx.conf');
  const errorLog = join(options.runDir, 'error.log');
  const down = new Set<number>();
  /** Rewrites the configuration and reloads nginx; resolves once its new workers run. */
  const reload = async () => {
    const reloadsBefore = countReloads(errorLog);
    writeFileSync(conf, nginxConfig(options, down));
    nginx?.kill('SIGHUP');
    await poll('nginx reload', async () => countReloads(errorLog) > reloadsBefore, 10_000);
  };
  const restart = async (target: Instance) => {
    down.add(target.port);
    await reload();
    const code = await target.stop();
    await target.start();
    await target.waitReady();
    down.delete(target.port);
    await reload();
    return code;
  };
  const close = async () => {
    // Fast shutdown: a graceful one would wait for the hub WebSockets it proxies.
    await exited(nginx, 'SIGTERM');
    await Promise.all(instances.map((i) => i.stop()));
  };
  try {
    await first?.start();
    await Promise.all(rest.map((i) => i.start()));
    mkdirSync(options.runDir, { recursive: true });
    writeFileSync(conf, nginxConfig(options));
    nginx = spawn(NGINX, ['-p', options.runDir, '-c', conf, '-e', errorLog], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr?.on('data', (c: Buffer) => log(`[nginx] ${c.toString().trimEnd()}`));
    await waitUntilAnswers(`http://127.0.0.1:${options.lbPort}/api/version`, nginx);
    log(`[nginx] balancing http://127.0.0.1:${options.lbPort}/ over ${options.instancePorts.join(', ')}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.lbPort}`, instances, restart, close };
}

/** How many worker processes nginx has started: its error log (level notice) names each one. */
function countReloads(errorLog: string): number {
  if (!existsSync(errorLog)) return 0;
  return readFileSync(errorLog, 'utf8').match(/start worker process \d+/g)?.length ?? 0;
}

async function waitUntilAnswers(url: string, nginx: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): see its error.log`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer through nginx`);
}
