/**
 * The product's own server (`src/server/main.ts`, as `npm start` runs it) in a process of its own,
 * on a database of its own (a PGlite data directory from the run's snapshot, or a PostgreSQL
 * database cloned from the run's template), for tests that kill it or read what it logs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort } from './ports';

const MAIN = resolve('src/server/main.ts');

export interface Portal {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** Starts the server; resolves once it listens. */
export async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'test-secret-not-for-production-000000',
      BUILD_HASH: 'portal-process',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const read = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the portal did not start:\n${out}`)), 180_000);
    const listening = () => {
      if (!out.includes('Portal at http://')) return;
      clearTimeout(timer);
      child.stdout?.off('data', listening);
      done();
    };
    child.stdout?.on('data', listening);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the portal exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, origin: `http://127.0.0.1:${port}`, output: () => out };
}

/** SIGKILL: nothing the process had begun gets to finish. */
export const killed = (child: ChildProcess) => stopped(child, 'SIGKILL');

/** SIGTERM: the server closes (and finishes what it had begun), then exits. */
export const stopped = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });

export interface PortalDatabase {
  name: string;
  env: Record<string, string>;
  /** Runs one query on the database (PGlite: only while no server has the directory open). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  cleanup(): Promise<void>;
}

async function pgliteDir(): Promise<PortalDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'brr-portal-'));
  const db = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
  });
  await db.close();
  return {
    name: 'PGlite',
    env: { DATA_DIR: dir },
    async query<T>(text: string, params: unknown[] = []) {
      const open = await PGlite.create({ dataDir: dir });
      try {
        return (await open.query<T>(text, params)).rows;
      } finally {
        await open.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(): Promise<PortalDatabase> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `brr_portal_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    async query<T>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const portalDatabases: Array<[string, () => Promise<PortalDatabase>]> = [
  ['PGlite', pgliteDir],
  ...(process.env.TEST_DATABASE_URL
    ? ([['PostgreSQL', postgresDatabase]] as Array<[string, () => Promise<PortalDatabase>]>)
    : []),
];
