/**
 * Once per test run: build the migrated, seeded database that every API test starts from.
 * PGlite: a data-dir snapshot each test loads (~0.4 s instead of initdb + seed). PostgreSQL (when
 * TEST_DATABASE_URL is set): a template database each test file clones. Both are keyed by a hash
 * of the schema and seed sources and the seed day, so they are rebuilt only when those change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/db/seed';
import { seedDay } from '../../src/server/db/seed/random';

const cacheDir = resolve('.cache/test-db');

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // Relative paths: two checkouts of the same sources share one template (and do not drop
      // each other's as stale).
      else if (name.endsWith('.ts')) hash.update(relative(process.cwd(), path)).update(readFileSync(path));
    }
  };
  walk(resolve('src/server/db'));
  walk(resolve('src/domain'));
  // The demo data moves with its day: yesterday's snapshot is not today's seed.
  hash.update(seedDay());
  return hash.digest('hex').slice(0, 12);
}

async function buildPgliteSnapshot(path: string) {
  const handle = await openDatabase({ kind: 'pglite' });
  await migrate(handle.db);
  await seedDemoData(handle.db);
  if (!handle.pglite) throw new Error('expected an embedded PGlite database');
  const dump = await handle.pglite.dumpDataDir('none');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

async function buildPostgresTemplate(adminUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Templates of earlier schema versions are dead weight on a long-lived CI database. Only CI
    // drops them: on a developer's machine several checkouts of different sources run their tests
    // side by side, and each one's template is another's "stale" one.
    if (process.env.CI) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'brr\\_template\\_%' and datname not like $1",
        [`${template}%`],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
    }
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) return;
    const building = `${template}_building`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await migrate(handle.db);
    await seedDemoData(handle.db);
    await handle.close();
    // Renamed only when complete, so an interrupted build is never used as a template.
    await admin.query(`alter database ${building} rename to ${template}`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(cacheDir, { recursive: true });
  const hash = sourceHash();
  const snapshot = join(cacheDir, `pglite-${hash}.tar`);
  if (!existsSync(snapshot)) await buildPgliteSnapshot(snapshot);
  project.provide('pgliteSnapshot', snapshot);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = `brr_template_${hash}`;
  if (adminUrl) await buildPostgresTemplate(adminUrl, template);
  project.provide('postgresTemplate', adminUrl ? template : '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}
