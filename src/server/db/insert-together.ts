/**
 * Issue 30 §1: on a busy two-core machine a round trip to PostgreSQL costs the server more CPU
 * than most statements cost the database. Inserts that need nothing from one another go as one
 * statement of data-modifying CTEs. Each sees the tables as they were before the statement, never
 * another's rows; foreign keys and AFTER triggers are checked at its end and see them all.
 */
import { type InsertQueryBuilder, type Kysely, sql } from 'kysely';
import type { Database } from './types';

// biome-ignore lint/suspicious/noExplicitAny: any table's insert, without its returned columns.
type Insert = InsertQueryBuilder<Database, any, any>;

/** Runs the inserts, built on `trx`, in one round trip. */
export async function insertTogether(trx: Kysely<Database>, inserts: readonly Insert[]): Promise<void> {
  const [only] = inserts;
  if (!only) return;
  if (inserts.length === 1) {
    await only.execute();
    return;
  }
  const parts = inserts.map((insert, i) => sql`${sql.id(`insert_${i}`)} as (${insert})`);
  await sql`with ${sql.join(parts)} select 1`.execute(trx);
}
