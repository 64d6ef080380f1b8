/**
 * The deterministic demo data set (ARCHITECTURE §1: an empty database is migrated and filled with
 * it on first start). Every value comes from fixed-seed PRNGs and the seed day (random.ts), so two
 * runs on one day give the same rows (password hashes aside: argon2 salts them). All of it is
 * written in one transaction: a failed seed leaves nothing behind.
 */
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../types';
import { IDENTITY_COLUMNS, insertInBatches, resetIdentity } from './batch';
import {
  buildAuditLog,
  buildBookingChassis,
  buildOrderFees,
  buildPendingRequests,
} from './booking-followups';
import { buildOrders } from './booking-orders';
import { buildChassis } from './chassis';
import { buildContracts } from './contracts';
import { buildCustomers } from './customers';
import { buildFees } from './fees';
import { buildLocations, INVENTORY_ORGS, locationsByOrg } from './locations';
import { buildReservations, buildThresholds, withDemoHeadroom } from './operations';
import { Rng } from './random';
import * as ref from './reference-data';
import { buildRoles } from './roles';
import { seedScale } from './scale';
import { buildUsers, DEMO_PASSWORD } from './users';

export type SeedTable = keyof Database & string;
export type SeedSummary = Record<SeedTable, number>;

/** Every table of the schema, parents before children. */
export const SEED_TABLES: readonly SeedTable[] = [
  'markets',
  'locations',
  'customer_classes',
  'customers',
  'inventory_orgs',
  'inventory_org_locations',
  'equipment_categories',
  'equipment_classes',
  'term_lease_contracts',
  'term_lease_contract_lines',
  'chassis',
  'booking_statuses',
  'booking_order_types',
  'booking_orders',
  'bookings',
  'booking_chassis',
  'fees',
  'booking_order_fees',
  'reasons',
  'internal_reservations',
  'pending_request_types',
  'pending_request_failures',
  'pending_requests',
  'weekly_thresholds',
  'users',
  'roles',
  'role_permissions',
  'user_roles',
  'revoked_tokens',
  'audit_log',
  'app_secrets',
];

/** One fixed seed; each part draws from its own stream so changing one part leaves the others alone. */
const SEED = 0x5eed_2026;
const stream = (part: number) => new Rng(SEED + part * 0x9e37);

export interface SeedOptions {
  /** Also add about a million booking orders afterwards (seedScale), each chunk committed on its own. */
  scale?: boolean;
  log?: (msg: string) => void;
}

/** True while no user exists: the server seeds such a database on first start. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Empties every table and restarts every identity (npm run seed -- --reset). */
export async function truncateAll(db: Kysely<Database>): Promise<void> {
  await sql`truncate table ${sql.join(SEED_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(
    db,
  );
}

export async function countRows(db: Kysely<Database>): Promise<SeedSummary> {
  const summary = {} as SeedSummary;
  for (const table of SEED_TABLES) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    summary[table] = Number(r.rows[0]?.n ?? 0); // STACK.md: a string from pg, a number from PGlite
  }
  return summary;
}

export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const passwordHash = await hashPassword(DEMO_PASSWORD); // once, shared by the five demo users

  const geo = buildLocations(stream(1));
  const activeIds = new Set(geo.locations.filter((l) => l.active !== false).map((l) => l.location_id));
  const orgLocations = locationsByOrg(geo.orgLocations.filter((r) => activeIds.has(r.location_id)));
  const marketCodes = geo.markets.map((m) => m.market_code);
  const customers = buildCustomers(stream(2));
  const { contracts, lines } = buildContracts(stream(3), customers, marketCodes);
  const chassis = buildChassis(stream(4), { customers, contracts, lines, orgLocations });
  const { roles, permissions } = buildRoles();
  const { users, userRoles } = buildUsers(stream(5), customers, passwordHash);
  const staff = users.filter((u) => u.customer_id === null);
  const staffIds = staff.map((u) => u.user_id);
  const userOfCustomer = new Map<number, number>();
  for (const u of users)
    if (u.customer_id !== null && !userOfCustomer.has(u.customer_id))
      userOfCustomer.set(u.customer_id, u.user_id);
  const fees = buildFees(stream(6), geo.locations);
  const plans = buildOrders(stream(7), {
    customers,
    contracts,
    lines,
    locations: geo.locations,
    userOfCustomer,
    staffUserIds: staffIds,
  });
  const followRng = stream(8);
  const pending = buildPendingRequests(followRng, plans, staffIds);
  const opsRng = stream(9);
  const reservations = buildReservations(
    opsRng,
    orgLocations,
    staff.map((u) => u.user_name),
  );
  const thresholds = withDemoHeadroom(
    buildThresholds(opsRng, customers, marketCodes, staffIds),
    plans,
    (customerId) => customerId <= 3,
  );

  await db.transaction().execute(async (trx) => {
    const put = async <T extends SeedTable>(table: T, rows: Parameters<typeof insertInBatches<T>>[2]) => {
      await insertInBatches(trx, table, rows);
      log(`seed: ${table} ${rows.length}`);
    };
    await put('customer_classes', ref.CUSTOMER_CLASSES);
    await put('booking_statuses', ref.BOOKING_STATUSES);
    await put('booking_order_types', ref.BOOKING_ORDER_TYPES);
    await put('equipment_categories', ref.EQUIPMENT_CATEGORIES);
    await put('equipment_classes', ref.EQUIPMENT_CLASSES);
    await put('pending_request_types', ref.PENDING_REQUEST_TYPES);
    await put('pending_request_failures', ref.PENDING_REQUEST_FAILURES);
    await put('reasons', ref.REASONS);
    await put('markets', geo.markets);
    await put('locations', geo.locations);
    await put('inventory_orgs', INVENTORY_ORGS);
    await put('inventory_org_locations', geo.orgLocations);
    await put('fees', fees);
    await put('customers', customers);
    await put('term_lease_contracts', contracts);
    await put('term_lease_contract_lines', lines);
    await put('chassis', chassis);
    await put('roles', roles);
    await put('role_permissions', permissions);
    await put('users', users);
    await put('user_roles', userRoles);
    await put(
      'booking_orders',
      plans.map((p) => p.order),
    );
    await put(
      'bookings',
      plans.flatMap((p) => p.bookings),
    );
    await put('booking_chassis', buildBookingChassis(plans, chassis));
    await put('booking_order_fees', buildOrderFees(plans, fees));
    await put('pending_requests', pending);
    await put('audit_log', buildAuditLog(plans));
    await put('internal_reservations', reservations);
    await put('weekly_thresholds', thresholds);
    for (const [table, column] of IDENTITY_COLUMNS) await resetIdentity(trx, table, column);
  });
  if (options.scale) await seedScale(db, { bookingOrders: 1_000_000, log });
  return countRows(db);
}

export { DEMO_PASSWORD, DEMO_USERS } from './users';
export { seedScale };
