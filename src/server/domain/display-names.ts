/**
 * The names people read for codes (src/domain/display-names.ts), from the server's own tables:
 * markets, equipment sizes and classes. No request writes them (only migrations and the seed), so
 * each database's are read once and kept, and read again when a code is asked for that they lack
 * (a market a later seed or a test added). Every booking's check and mail reads them: keeping them
 * takes two round trips off a pool booking's transaction (issue 30 §1).
 */
import { type Kysely, sql } from 'kysely';
import { type DisplayNames, displayNames, type NameTables } from '../../domain/display-names';
import type { Database } from '../db/types';

type Kind = 'size' | 'class' | 'market';

/** Codes a caller needs names for; a missing one makes the kept tables be read again. */
export interface WantedCodes {
  sizes?: readonly string[];
  classes?: readonly string[];
  markets?: readonly string[];
}

async function readNameTables(db: Kysely<Database>): Promise<NameTables> {
  const rows = await db
    .selectFrom('equipment_categories')
    .select([sql<Kind>`'size'`.as('kind'), 'equipment_category_code as code', 'description as name'])
    .unionAll(db.selectFrom('equipment_classes').select([sql<Kind>`'class'`.as('kind'), 'code', 'name']))
    .unionAll(
      db
        .selectFrom('markets')
        .select([sql<Kind>`'market'`.as('kind'), 'market_code as code', 'market_name as name']),
    )
    .execute();
  const table = (kind: Kind) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.code, r.name]));
  return { sizes: table('size'), classes: table('class'), markets: table('market') };
}

/** Keyed by the database itself: tests run several databases in one process. */
const kept = new WeakMap<Kysely<Database>, Promise<NameTables>>();

const lacks = (tables: NameTables, wanted: WantedCodes) =>
  (wanted.sizes ?? []).some((c) => !tables.sizes.has(c)) ||
  (wanted.classes ?? []).some((c) => !tables.classes.has(c)) ||
  (wanted.markets ?? []).some((c) => !tables.markets.has(c));

/**
 * The database whose name tables are kept, and the connection to read them through: the caller's
 * transaction when it is in one. A read on another connection could wait for that transaction's
 * (PGlite has only the one; a pool can be all held by transactions waiting alike).
 */
export interface NameSource {
  db: Kysely<Database>;
  trx?: Kysely<Database>;
}

/** The name tables of `db` (a transaction's own are read every time: it is a new object each). */
export async function nameTables(
  { db, trx = db }: NameSource,
  wanted: WantedCodes = {},
): Promise<NameTables> {
  if (db.isTransaction) return readNameTables(db);
  const known = kept.get(db);
  if (known) {
    const tables = await known.catch(() => null);
    if (tables && !lacks(tables, wanted)) return tables;
  }
  const reading = readNameTables(trx);
  kept.set(db, reading);
  // A failed read is not kept: the next caller reads again.
  reading.catch(() => kept.get(db) === reading && kept.delete(db));
  return reading;
}

export async function loadDisplayNames(source: NameSource, wanted: WantedCodes = {}): Promise<DisplayNames> {
  return displayNames(await nameTables(source, wanted));
}
