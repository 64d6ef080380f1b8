/**
 * Issue 26: docs/data-model.md names every table the migrations make, and only those — so the map
 * a newcomer reads cannot fall behind the database.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { databaseKinds, openTestDatabase } from '../helpers/database';

const documented = (): Set<string> => {
  const doc = readFileSync('docs/data-model.md', 'utf8');
  // A table is documented by a row of one of the doc's tables whose first cell names it.
  const firstCells = [...doc.matchAll(/^\| (`[^|]+) \|/gm)].map((m) => m[1] as string);
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string)));
};

describe.each(databaseKinds)('docs/data-model.md on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('names every table of the migrated database, and no table that is gone', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(handle.db);
    const tables = rows.map((r) => r.table_name).filter((t) => t !== 'schema_migrations');
    const names = documented();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => !names.has(t))).toEqual([]);
    expect([...names].filter((n) => !tables.includes(n))).toEqual([]);
  });
});
