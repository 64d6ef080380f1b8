/**
 * Issue 30 §1: on a busy two-core machine a round trip to PostgreSQL costs the server more CPU
 * than most statements cost the database. Inserts that need nothing from one another go as one
 * statement of data-modifying CTEs. Each sees the tables as they were before the statement, never
 * another's rows; foreign keys and AFTER triggers are checked at its end and see them all. What
 * the caller needs back is selected from the rows the inserts return, by their names: the tables
 * themselves do not show them yet within the statement.
 */
import { type InsertQueryBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './types';

// biome-ignore lint/suspicious/noExplicitAny: any table's insert, with or without returned columns.
type Insert = InsertQueryBuilder<Database, any, any>;

/**
 * Runs the inserts, built on `trx`, in one round trip, each as a CTE named by its key, then
 * `select` (which may read those names: what each insert returns); answers the selected rows.
 */
export async function insertTogether<Row = never>(
  trx: Kysely<Database>,
  inserts: Readonly<Record<string, Insert>>,
  select: RawBuilder<unknown> = sql`select 1`,
): Promise<Row[]> {
  const parts = Object.entries(inserts).map(([name, insert]) => sql`${sql.id(name)} as (${insert})`);
  if (parts.length === 0) return [];
  const { rows } = await sql<Row>`with ${sql.join(parts)} ${select}`.execute(trx);
  return rows;
}
