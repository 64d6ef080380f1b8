/**
 * Runs the migrations in order, each in its own transaction, and records them in
 * schema_migrations. One set of migrations serves PGlite and PostgreSQL alike. A session-level
 * advisory lock keeps two instances starting together from migrating twice.
 */
import { type Kysely, sql } from 'kysely';
import { statements as core } from './migrations/0001-core';
import { statements as pendingBookingCodes } from './migrations/0002-pending-booking-codes';
import { statements as dashboardSearch } from './migrations/0003-dashboard-search';
import { statements as accountLifecycle } from './migrations/0004-account-lifecycle';
import { statements as orderEdits } from './migrations/0005-order-edits';
import { statements as pendingDecisions } from './migrations/0006-pending-decisions';
import { statements as manualInventory } from './migrations/0007-manual-inventory';
import { statements as termLeaseBooking } from './migrations/0008-term-lease-booking';
import { statements as requestFingerprint } from './migrations/0010-request-fingerprint';
import { statements as mailOutbox } from './migrations/0011-mail-outbox';
import { statements as dashboardReadModel } from './migrations/0016-dashboard-read-model';
import { statements as authChangeNotify } from './migrations/0017-auth-change-notify';
import { statements as apiKeys } from './migrations/0018-api-keys';
import { statements as apiKeyNotify } from './migrations/0019-api-key-notify';
import { statements as webhooks } from './migrations/0020-webhooks';
import { statements as webhookEnqueueWhenSubscribed } from './migrations/0021-webhook-enqueue-when-subscribed';
import { statements as dashboardRowsShown } from './migrations/0022-dashboard-rows-shown';
import { statements as orderMarkets } from './migrations/0030-order-markets';
import { statements as customerPoolBookingAllowed } from './migrations/0031-customer-pool-booking-allowed';
import { statements as signInFailures } from './migrations/0040-sign-in-failures';
import { statements as rateLimitBuckets } from './migrations/0045-rate-limit-buckets';
import { statements as gateEvents } from './migrations/0060-gate-events';
import { statements as gateReturnWebhooks } from './migrations/0061-gate-return-webhooks';
import { statements as orderTypeTraits } from './migrations/0072-order-type-traits';
import { statements as rateLimitLeases } from './migrations/0073-rate-limit-leases';
import { statements as orderTypePoolYards } from './migrations/0074-order-type-pool-yards';
import { statements as webhookEnqueuePerStatement } from './migrations/0075-webhook-enqueue-per-statement';
import type { Database } from './types';

const migrations: ReadonlyArray<{ name: string; statements: readonly string[] }> = [
  { name: '0001-core', statements: core },
  { name: '0002-pending-booking-codes', statements: pendingBookingCodes },
  { name: '0003-dashboard-search', statements: dashboardSearch },
  { name: '0004-account-lifecycle', statements: accountLifecycle },
  { name: '0005-order-edits', statements: orderEdits },
  { name: '0006-pending-decisions', statements: pendingDecisions },
  { name: '0007-manual-inventory', statements: manualInventory },
  { name: '0008-term-lease-booking', statements: termLeaseBooking },
  { name: '0010-request-fingerprint', statements: requestFingerprint },
  { name: '0011-mail-outbox', statements: mailOutbox },
  { name: '0016-dashboard-read-model', statements: dashboardReadModel },
  { name: '0017-auth-change-notify', statements: authChangeNotify },
  { name: '0018-api-keys', statements: apiKeys },
  { name: '0019-api-key-notify', statements: apiKeyNotify },
  { name: '0020-webhooks', statements: webhooks },
  { name: '0021-webhook-enqueue-when-subscribed', statements: webhookEnqueueWhenSubscribed },
  { name: '0022-dashboard-rows-shown', statements: dashboardRowsShown },
  { name: '0030-order-markets', statements: orderMarkets },
  { name: '0031-customer-pool-booking-allowed', statements: customerPoolBookingAllowed },
  { name: '0040-sign-in-failures', statements: signInFailures },
  { name: '0045-rate-limit-buckets', statements: rateLimitBuckets },
  { name: '0060-gate-events', statements: gateEvents },
  { name: '0061-gate-return-webhooks', statements: gateReturnWebhooks },
  { name: '0072-order-type-traits', statements: orderTypeTraits },
  { name: '0073-rate-limit-leases', statements: rateLimitLeases },
  { name: '0074-order-type-pool-yards', statements: orderTypePoolYards },
  { name: '0075-webhook-enqueue-per-statement', statements: webhookEnqueuePerStatement },
];

const MIGRATION_LOCK = 727_001;

export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = await sql<{ name: string }>`select name from schema_migrations`.execute(conn);
      const doneNames = new Set(done.rows.map((r) => r.name));
      for (const m of migrations) {
        if (doneNames.has(m.name)) continue;
        await conn.transaction().execute(async (trx) => {
          for (const statement of m.statements) await sql.raw(statement).execute(trx);
          await sql`insert into schema_migrations (name) values (${m.name})`.execute(trx);
        });
        applied.push(m.name);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
  return applied;
}

/** Issue 29 (readiness): the migrations this build knows that the database has not applied. */
export async function unappliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const done = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  const names = new Set(done.rows.map((r) => r.name));
  return migrations.filter((m) => !names.has(m.name)).map((m) => m.name);
}
