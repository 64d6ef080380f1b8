import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../types';

/** STACK.md: PGlite inserts fastest as ~1,000-row INSERTs; PostgreSQL caps parameters at 65,535. */
export const BATCH_SIZE = 1000;

export async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  size = BATCH_SIZE,
): Promise<number> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
  return rows.length;
}

/**
 * The seed writes explicit ids into identity columns (so rows can reference each other without
 * round trips); afterwards each identity must continue after the highest id, or the application's
 * first insert would collide.
 */
export async function resetIdentity(db: Kysely<Database>, table: keyof Database & string, column: string) {
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
      (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)}), false)`.execute(db);
}

export const IDENTITY_COLUMNS: ReadonlyArray<readonly [keyof Database & string, string]> = [
  ['customers', 'customer_id'],
  ['term_lease_contracts', 'contract_id'],
  ['term_lease_contract_lines', 'equipment_line_id'],
  ['chassis', 'chassis_master_id'],
  ['booking_orders', 'booking_order_id'],
  ['bookings', 'booking_id'],
  ['fees', 'fee_id'],
  ['booking_order_fees', 'long_term_order_fee_id'],
  ['internal_reservations', 'reservation_id'],
  ['pending_requests', 'pending_request_id'],
  ['weekly_thresholds', 'threshold_id'],
  ['users', 'user_id'],
  ['roles', 'role_id'],
  ['audit_log', 'audit_id'],
];
