/**
 * Issue 29: backups of either database and their restore into an empty one (docs/operations.md
 * "Backups"). PGlite: its own dump of the data folder (a gzipped tarball). PostgreSQL: pg_dump's
 * custom format and pg_restore; the connection goes to them through PG* variables, so a password
 * in DATABASE_URL never shows in a process list or a message.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** PG* variables of a postgres:// URL, for pg_dump and pg_restore. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || '127.0.0.1',
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username) || 'postgres',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
    ...(u.searchParams.get('sslmode') ? { PGSSLMODE: u.searchParams.get('sslmode') as string } : {}),
  };
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) =>
      reject(new Error(`${command} could not start (${error.message}): apt-get install postgresql-client`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], libpqEnv(url));
}

/** Into an empty database only: a restore over existing tables would mix two data sets. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file}: no such backup file`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new Error(
        `the database ${new URL(url).pathname.slice(1)} already has tables: restore into an empty one (createdb …) and point DATABASE_URL at it`,
      );
  } finally {
    await client.end();
  }
  await run(
    'pg_restore',
    ['--no-owner', '--exit-on-error', `--dbname=${libpqEnv(url).PGDATABASE}`, file],
    libpqEnv(url),
  );
}

/** The server must not be running on dataDir: PGlite belongs to one process. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0)
    throw new Error(`${dataDir} holds no PGlite database (DATA_DIR)`);
  const db = await PGlite.create({ dataDir });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file}: no such backup file`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into an empty folder and point DATA_DIR at it`);
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await db.close();
}
