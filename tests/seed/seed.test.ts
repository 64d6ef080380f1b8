/**
 * The demo data set other code and outside tests rely on (ARCHITECTURE §6): demo users, the
 * configured port bay, every status and order type, plausible sizes, and determinism.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIGURED_LOCATION_ID,
  DIRECTORY_AUTH_PROVIDER,
  LOCAL_AUTH_PROVIDER,
} from '../../src/domain/constants';
import { PROVIDER_PREFIXES } from '../../src/domain/equipment';
import { ALL_BITS, ENTITIES, Entity } from '../../src/domain/permissions';
import { BOOKING_ORDER_TYPE_CODES, BOOKING_STATUS_CODES } from '../../src/domain/status-codes';
import { verifyPassword } from '../../src/server/auth/passwords';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { countRows, SEED_TABLES, type SeedSummary, seedDemoData, seedScale } from '../../src/server/db/seed';
import { ANCHOR, HISTORY_DAYS, seedDay } from '../../src/server/db/seed/random';
import type { Database } from '../../src/server/db/types';

/** One md5 per table over every row as JSON, in a stable order; password hashes are salted, so left out. */
async function digest(db: Kysely<Database>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of SEED_TABLES) {
    const row = table === 'users' ? sql`to_jsonb(t) - 'password_hash'` : sql`to_jsonb(t)`;
    const r = await sql<{ h: string }>`select md5(coalesce(string_agg(x, E'\n' order by x), '')) as h
      from (select (${row})::text as x from ${sql.table(table)} t) s`.execute(db);
    out[table] = r.rows[0]?.h ?? '';
  }
  return out;
}

async function freshSeeded(): Promise<{ handle: DatabaseHandle; summary: SeedSummary }> {
  const handle = await openDatabase({ kind: 'pglite' });
  await migrate(handle.db);
  const summary = await seedDemoData(handle.db);
  return { handle, summary };
}

const one = async <T>(db: Kysely<Database>, query: string) =>
  (await sql.raw<T>(query).execute(db)).rows[0] as T;
const list = async <T>(db: Kysely<Database>, query: string) => (await sql.raw<T>(query).execute(db)).rows;

describe('demo data seed', () => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let summary: SeedSummary;
  let firstDigest: Record<string, string>;

  beforeAll(async () => {
    ({ handle, summary } = await freshSeeded());
    db = handle.db;
    firstDigest = await digest(db);
  });
  afterAll(async () => {
    await handle?.close().catch(() => {});
  });

  it('creates the five demo users with argon2id hashes of Demo!2345', async () => {
    const users = await list<{
      user_name: string;
      password_hash: string;
      auth_provider: string;
      customer: string | null;
      good_standing: boolean | null;
      role_name: string;
    }>(
      db,
      `select u.user_name, u.password_hash, u.auth_provider, c.customer_name as customer, c.good_standing, r.role_name
       from users u left join customers c using (customer_id) join user_roles using (user_id) join roles r using (role_id)
       where u.user_name like 'demo.%' order by u.user_id`,
    );
    expect(users.map((u) => [u.user_name, u.auth_provider, u.customer, u.role_name])).toEqual([
      ['demo.customer', LOCAL_AUTH_PROVIDER, 'Demo Motor Carrier', 'Customer Full'],
      ['demo.ssl', LOCAL_AUTH_PROVIDER, 'Demo Steamship Line', 'Steamship Line'],
      ['demo.staff', DIRECTORY_AUTH_PROVIDER, null, 'Staff Administrator'],
      ['demo.readonly', DIRECTORY_AUTH_PROVIDER, null, 'Staff Read Only'],
      ['demo.suspended', LOCAL_AUTH_PROVIDER, 'Suspended Trucking', 'Customer Full'],
    ]);
    for (const u of users) {
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(u.password_hash, 'Demo!2345')).toBe(true);
      expect(await verifyPassword(u.password_hash, 'demo!2345')).toBe(false);
    }
    expect(users.find((u) => u.user_name === 'demo.suspended')?.good_standing).toBe(false);
    expect(users.find((u) => u.user_name === 'demo.customer')?.good_standing).toBe(true);
  });

  it('grants the role bits the menus and routes expect', async () => {
    const rows = await list<{ role_name: string; entity: string; bits: number }>(
      db,
      'select r.role_name, p.entity, p.bits from role_permissions p join roles r using (role_id)',
    );
    const bits = (role: string, entity: string) =>
      rows.find((r) => r.role_name === role && r.entity === entity)?.bits;
    for (const e of ENTITIES) {
      expect(bits('Staff Administrator', e)).toBe(ALL_BITS);
      expect(bits('Staff Read Only', e)).toBe(1);
    }
    expect(bits('Customer Full', Entity.PoolRedelivery)).toBe(15);
    expect(bits('Customer Full', Entity.InternalReservation)).toBe(0);
    expect(bits('Steamship Line', Entity.TermLeaseBooking)).toBe(7);
    expect(bits('Steamship Line', Entity.RepositionBooking)).toBe(0);
  });

  it('has the configured location as a daily-lease port bay in LAX', async () => {
    const loc = await one<{
      location_type: string;
      market_code: string;
      daily_lease_allowed: boolean;
      active: boolean;
    }>(
      db,
      `select location_type, market_code, daily_lease_allowed, active from locations where location_id = ${CONFIGURED_LOCATION_ID}`,
    );
    expect(loc).toEqual({
      location_type: 'PORT_BAY',
      market_code: 'LAX',
      daily_lease_allowed: true,
      active: true,
    });
    const outOfRange = await one<{ n: number }>(
      db,
      'select count(*)::int as n from locations where location_id not between 18000 and 19999',
    );
    expect(outOfRange.n).toBe(0);
    const chiMarkets = await list<{ market_code: string }>(
      db,
      "select market_code from markets where market_code like 'CHI%'",
    );
    expect(chiMarkets.length).toBeGreaterThanOrEqual(2); // SPEC §5: the market filter is a starts-with
  });

  it('uses every booking status (and New) and every order type', async () => {
    const statuses = await list<{ s: string | null }>(
      db,
      'select distinct status_code as s from booking_orders',
    );
    const present = statuses.map((r) => r.s);
    for (const code of BOOKING_STATUS_CODES) expect(present).toContain(code);
    expect(present).toContain(null);
    const types = await list<{ t: string }>(
      db,
      'select distinct booking_order_type_code as t from booking_orders',
    );
    expect(types.map((r) => r.t).sort()).toEqual([...BOOKING_ORDER_TYPE_CODES].sort());
    const unqueued = await one<{ n: number }>(
      db,
      `select count(*)::int as n from booking_orders o where o.status_code = 'PN' and not exists (
         select 1 from pending_requests p where p.booking_order_id = o.booking_order_id and p.status in ('PENDING', 'VALIDATED'))`,
    );
    expect(unqueued.n).toBe(0);
  });

  it('has counts in the promised ranges, as the summary reports', async () => {
    expect(summary).toEqual(await countRows(db));
    const within = (table: keyof SeedSummary, min: number, max: number) => {
      expect(summary[table], table).toBeGreaterThanOrEqual(min);
      expect(summary[table], table).toBeLessThanOrEqual(max);
    };
    within('markets', 10, 15);
    within('locations', 250, 350);
    within('customers', 120, 180);
    within('chassis', 25_000, 35_000);
    within('term_lease_contracts', 35, 45);
    within('booking_orders', 2_500, 3_500);
    within('bookings', summary.booking_orders, summary.booking_orders * 3);
    within('users', 5 + 20, 100);
    within('audit_log', summary.booking_orders, summary.booking_orders * 3);
    for (const table of [
      'pending_requests',
      'booking_order_fees',
      'internal_reservations',
      'weekly_thresholds',
      'fees',
    ] as const) {
      within(table, 1, 10_000);
    }
  });

  it('gives chassis well-formed ids and the demo customers equipment on hire', async () => {
    const bad = await one<{ n: number }>(
      db,
      "select count(*)::int as n from chassis where chassis_id !~ '^[A-Z]{4}[0-9]{6}$'",
    );
    expect(bad.n).toBe(0);
    const ours = await one<{ n: number }>(
      db,
      `select count(*)::int as n from chassis where left(chassis_id, 4) in (${PROVIDER_PREFIXES.map((p) => `'${p}'`).join(',')})`,
    );
    expect(ours.n / summary.chassis).toBeGreaterThan(0.5);
    const onHire = await list<{ scac: string; pool: number; term: number }>(
      db,
      `select c.scac, count(*) filter (where ch.contract_id is null)::int as pool, count(ch.contract_id)::int as term
       from chassis ch join customers c on c.customer_id = ch.on_hire_customer_id
       where c.scac in ('DMCR', 'DSSL') group by c.scac order by c.scac`,
    );
    expect(onHire.find((r) => r.scac === 'DMCR')?.pool).toBeGreaterThanOrEqual(50);
    expect(onHire.find((r) => r.scac === 'DMCR')?.term).toBeGreaterThan(0);
    expect(onHire.find((r) => r.scac === 'DSSL')?.pool).toBeGreaterThan(0);
    // My chassis says since when a pool chassis is on hire; a term lease's runs from its contract.
    const since = await one<{ pool: number; dated: number; late: number; term_dated: number }>(
      db,
      `select count(*) filter (where contract_id is null)::int as pool,
              count(on_hire_since) filter (where contract_id is null)::int as dated,
              count(*) filter (where on_hire_since > updated_at)::int as late,
              count(on_hire_since) filter (where contract_id is not null)::int as term_dated
       from chassis where status = 'ON_HIRE'`,
    );
    expect(since.pool).toBeGreaterThan(0);
    expect(since).toEqual({ pool: since.pool, dated: since.pool, late: 0, term_dated: 0 });
    const contracts = await list<{ status: string }>(
      db,
      "select t.status from term_lease_contracts t join customers c using (customer_id) where c.scac = 'DMCR'",
    );
    expect(contracts.length).toBeGreaterThanOrEqual(2);
    expect(contracts.map((c) => c.status)).toContain('ACTIVE');
  });

  it('stands on its seed day: nothing after it, orders placed in the last week, 18 months of history', async () => {
    const columns = await list<{ table_name: string; column_name: string }>(
      db,
      `select table_name, column_name from information_schema.columns
       where table_schema = current_schema() and data_type = 'timestamp with time zone'
         and table_name in (${SEED_TABLES.map((t) => `'${t}'`).join(',')})`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toContain('booking_orders.created_at');
    for (const c of columns) {
      const late = await one<{ n: number }>(
        db,
        `select count(*)::int as n from ${c.table_name} where ${c.column_name} > '${ANCHOR.toISOString()}'`,
      );
      expect(late.n, `${c.table_name}.${c.column_name} after the seed day began`).toBe(0);
    }
    const span = await one<{ newest: Date; oldest: Date }>(
      db,
      'select max(created_at) as newest, min(created_at) as oldest from booking_orders',
    );
    const daysBack = (d: Date) => (ANCHOR.getTime() - new Date(d).getTime()) / 86_400_000;
    expect(daysBack(span.newest)).toBeLessThan(1);
    expect(daysBack(span.oldest)).toBeGreaterThan(HISTORY_DAYS - 30);
    expect(daysBack(span.oldest)).toBeLessThanOrEqual(HISTORY_DAYS + 1);
  });

  it('takes its day from SEED_DAY or else today in UTC, and refuses a day that does not exist', () => {
    expect(seedDay('2027-03-04')).toBe('2027-03-04');
    expect(seedDay(undefined)).toBe(new Date().toISOString().slice(0, 10));
    expect(seedDay('')).toBe(new Date().toISOString().slice(0, 10));
    for (const bad of ['2026-02-30', '2026-1-05', 'today', '2026-11-23T00:00:00Z'])
      expect(() => seedDay(bad), bad).toThrow(/SEED_DAY wants a day as YYYY-MM-DD/);
  });

  it('continues every identity after the seeded ids', async () => {
    const inserted = await db
      .insertInto('customers')
      .values({
        customer_name: 'Identity Check',
        scac: 'IDCK',
        customer_class: 'MC',
        email: null,
        phone: null,
      })
      .returning('customer_id')
      .executeTakeFirstOrThrow();
    expect(inserted.customer_id).toBe(summary.customers + 1);
    await db.deleteFrom('customers').where('customer_id', '=', inserted.customer_id).execute();
  });

  it('adds bulk booking orders with --scale that satisfy every constraint', async () => {
    const before = await countRows(db);
    await seedScale(db, { bookingOrders: 2_000, chunk: 1_000 });
    const after = await countRows(db);
    expect(after.booking_orders - before.booking_orders).toBe(2_000);
    expect(after.bookings - before.bookings).toBe(3_000);
    const mismatched = await one<{ n: number }>(
      db,
      `select count(*)::int as n from bookings b join booking_orders o using (booking_order_id)
       join locations l on l.location_id = b.location_id where l.market_code <> o.market_code`,
    );
    expect(mismatched.n).toBe(0);
    const next = await db
      .insertInto('booking_orders')
      .values({
        booking_order_type_code: 'PB',
        customer_id: 1,
        created_by: null,
        updated_by: null,
        contact_name: null,
        email_addresses: null,
        booking_comment: null,
        idempotency_key: null,
        market_code: null,
        contract_id: null,
        status_code: null,
        responsible_party_id: null,
        motor_carrier_id: null,
      })
      .returning('booking_order_id')
      .executeTakeFirstOrThrow();
    expect(next.booking_order_id).toBe(after.booking_orders + 1);
  });

  // Seeds a whole second database, as the beforeAll hook does: it gets the hooks' time, not a
  // test's (on a loaded 2-core machine one seed alone can pass 30 s).
  it('is deterministic: a second seed on a fresh database gives identical rows', {
    timeout: 120_000,
  }, async () => {
    await handle.close();
    const second = await freshSeeded();
    try {
      expect(await digest(second.handle.db)).toEqual(firstDigest);
    } finally {
      await second.handle.close();
    }
  });
});
