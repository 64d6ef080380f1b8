/** STACK.md: the dialect must serialise transactions on PGlite's one connection and report counts. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';

describe('PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await sql`create table t (id int primary key, v text)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('keeps a committed insert when a concurrent transaction rolls back', async () => {
    const db = handle.db as unknown as import('kysely').Kysely<{ t: { id: number; v: string } }>;
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1, v: 'rolled back' }).execute();
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const succeeding = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2, v: 'kept' }).execute();
    });
    await expect(failing).rejects.toThrow('boom');
    await succeeding;
    const rows = await db.selectFrom('t').select(['id', 'v']).orderBy('id').execute();
    expect(rows).toEqual([{ id: 2, v: 'kept' }]);
  });

  it('reports affected rows of updates and deletes', async () => {
    const db = handle.db as unknown as import('kysely').Kysely<{ t: { id: number; v: string } }>;
    await db
      .insertInto('t')
      .values([
        { id: 10, v: 'a' },
        { id: 11, v: 'a' },
        { id: 12, v: 'b' },
      ])
      .execute();
    const updated = await db.updateTable('t').set({ v: 'c' }).where('v', '=', 'a').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('t').where('v', '=', 'c').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('answers count(*) as a number', async () => {
    const row = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
    expect(row.rows[0]?.n).toBe(2);
  });
});
