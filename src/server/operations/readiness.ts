/**
 * Issue 29: whether this instance should be sent traffic. Ready means the database answers, every
 * migration this build knows is applied, the LISTEN connection that carries other instances'
 * changes is up, and the instance is not draining (a SIGTERM turns it not-ready first).
 */
import { type Kysely, sql } from 'kysely';
import { unappliedMigrations } from '../db/migrate';
import type { Database } from '../db/types';
import type { OrderEvents } from '../events/order-events';

/** A database that has not answered `select 1` in this long is not ready (a pool exhausted, a lock held). */
const DATABASE_CHECK_MS = 2_000;

export type CheckResult = 'ok' | string;

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; listen: CheckResult; draining: CheckResult };
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  /** From now on the instance answers not-ready, for good (graceful shutdown). */
  startDraining(): void;
  readonly draining: boolean;
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createReadiness(db: Kysely<Database>, events: OrderEvents): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    async check() {
      const [database, migrations] = await Promise.all([
        withTimeout(sql`select 1`.execute(db), DATABASE_CHECK_MS, 'the database').then(() => 'ok', failure),
        withTimeout(unappliedMigrations(db), DATABASE_CHECK_MS, 'the migration table').then(
          (missing) => (missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`),
          failure,
        ),
      ]);
      const listen =
        events.isListening === undefined || events.isListening()
          ? 'ok'
          : 'the LISTEN connection is down: changes of other instances do not reach this one';
      const checks = {
        database,
        migrations,
        listen,
        draining: draining ? 'shutting down: finishing the requests in flight' : 'ok',
      };
      return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
    },
  };
}
