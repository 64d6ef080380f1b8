/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in a folder (or in
 * memory, or from a snapshot for tests). Both answer int8 and numeric as JavaScript numbers, so
 * count(*) and fee amounts read the same whichever database runs (STACK.md).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './types';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The embedded engine, when running on PGlite (for LISTEN/NOTIFY in-process and snapshots). */
  pglite?: PGlite;
  /** The connection URL, when running on PostgreSQL: for connections of their own (LISTEN). */
  url?: string;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format ?? 'text'),
    };
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, types });
    // An idle connection that the database drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`database connection dropped: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', url: options.url, close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    relaxedDurability: false,
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
