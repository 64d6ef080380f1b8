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
import { PreparingClient } from './prepared-statements';
import type { Database } from './types';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** The mail outbox and the webhook dispatcher each run one pass at a time: a connection each. */
const DISPATCH_POOL_SIZE = 2;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * Where the mail outbox and the webhook deliveries claim and mark their rows: on PostgreSQL a
   * pool of its own (DISPATCH_POOL_SIZE connections), so those few statements never queue for a
   * connection behind the requests a rush of bookings holds in the main pool (issue 30 §1: at 200
   * customers on 10 connections the mail fell 2.8–6.2 s behind; D-071).
   * On PGlite, one connection, it is db.
   */
  dispatchDb: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The embedded engine, when running on PGlite (for LISTEN/NOTIFY in-process and snapshots). */
  pglite?: PGlite;
  /** The connection URL, when running on PostgreSQL: for connections of their own (LISTEN). */
  url?: string;
  /** The PostgreSQL pool's counters, for the metrics (issue 29). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

/**
 * Whether an error says the database is out of reach (restarting, failing over, refusing
 * connections) rather than that the request was wrong: such calls answer 503 (SPEC §7: the SPA
 * reloads), and the pool reconnects by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // Class 08 (connection exception) and 57P01–57P03 (shutdown, crash, cannot connect now).
  if (typeof code === 'string' && (/^08...$/.test(code) || /^57P0[123]$/.test(code))) return true;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format ?? 'text'),
    };
    const openPool = (max: number) => {
      // A database that does not answer a connect fails the call in seconds (a 503), not minutes.
      const pool = new pg.Pool({
        connectionString: options.url,
        max,
        connectionTimeoutMillis: 5_000,
        types,
        // Each query text parsed and planned once per connection (issue 30 §1).
        Client: PreparingClient,
      });
      // An idle connection that the database drops (restart, failover) must not crash the process:
      // the pool discards it and opens a new one on the next query.
      pool.on('error', (error) => console.warn(`database connection dropped: ${error.message}`));
      // pg-pool listens for errors only on idle clients: a connection the database ends while a
      // query holds it (a restart under load) would otherwise be an uncaught exception that stops
      // the process. The query itself fails (a 503) and the pool drops the client on release.
      pool.on('connect', (client) =>
        client.on('error', (error) => console.warn(`database connection lost mid-query: ${error.message}`)),
      );
      return pool;
    };
    const pool = openPool(options.poolSize ?? 10);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const dispatchDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: openPool(DISPATCH_POOL_SIZE) }),
    });
    return {
      db,
      dispatchDb,
      kind: 'postgres',
      url: options.url,
      pool,
      close: async () => {
        await Promise.all([db.destroy(), dispatchDb.destroy()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    relaxedDurability: false,
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, dispatchDb: db, kind: 'pglite', pglite, close: () => db.destroy() };
}
