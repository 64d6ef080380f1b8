/**
 * A fresh, seeded database per test file: PGlite loaded from the run's snapshot, and PostgreSQL
 * cloned from the run's template when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/types';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases API tests run on: PGlite always, PostgreSQL too in CI. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openDatabase({ kind: 'pglite', snapshot });
  }
  const name = `brr_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  await withAdmin(async (admin) => {
    // Two files cloning the same template at once can collide; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  });
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 25 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin((admin) => dropWhenClosed(admin, name));
    },
  };
}

/**
 * pg's pool reports itself ended before its sockets have closed; forcing the drop then kills
 * connections that are still closing, and their clients throw. Wait for them first.
 */
async function dropWhenClosed(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0]?.n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

/**
 * `db` with a count of the statements it executes (its transactions' included): how a test sees
 * the round trips a change saves.
 */
export function countingStatements(db: Kysely<Database>): { db: Kysely<Database>; statements(): number } {
  let executed = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    // Once per statement executed (transformQuery runs for each select of a union too).
    transformResult: async (args) => {
      executed++;
      return args.result;
    },
  });
  return { db: counted, statements: () => executed };
}
