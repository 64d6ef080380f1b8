/**
 * Issue 15 §5: the portal as several instances on one PostgreSQL behind Debian's nginx, on this
 * machine. deploy/run-two.ts starts it from the command line; the cluster end-to-end test
 * (e2e/cluster) starts it, kills an instance and starts it again.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address. */
  readonly url: string;
  readonly instances: readonly Instance[];
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
export function nginxConfig(options: Pick<ClusterOptions, 'lbPort' | 'instancePorts' | 'runDir'>): string {
  const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf.template'), 'utf8');
  const upstream = options.instancePorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s;`)
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
  new Promise<void>((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });

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
      child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr?.on('data', (c: Buffer) => log(`[${name}] ${c.toString().trimEnd()}`));
      await waitForLine(child, 'Portal at http://', `instance ${name} (port ${port})`);
      log(`[${name}] listening on ${port}`);
    },
    kill: () => exited(child, 'SIGKILL'),
    stop: () => exited(child, 'SIGTERM'),
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
  const close = async () => {
    await exited(nginx, 'SIGQUIT');
    await Promise.all(instances.map((i) => i.stop()));
  };
  try {
    await first?.start();
    await Promise.all(rest.map((i) => i.start()));
    mkdirSync(options.runDir, { recursive: true });
    const conf = join(options.runDir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(options));
    nginx = spawn(NGINX, ['-p', options.runDir, '-c', conf, '-e', join(options.runDir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr?.on('data', (c: Buffer) => log(`[nginx] ${c.toString().trimEnd()}`));
    await waitUntilAnswers(`http://127.0.0.1:${options.lbPort}/api/version`, nginx);
    log(`[nginx] balancing http://127.0.0.1:${options.lbPort}/ over ${options.instancePorts.join(', ')}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.lbPort}`, instances, close };
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
