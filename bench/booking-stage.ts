/**
 * The booking bench's stage, in plain SQL in a fresh PostgreSQL database: 200 customer companies
 * with one user each, the market's pool units (one location kept scarce), chassis on hire to every
 * customer for redeliveries, and an origin with units to reposition; and the independent count of
 * overbooked units after a run.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { orderTypesWhere } from '../src/domain/booking-type-facts';
import { createTokenService, loadSigningKey } from '../src/server/auth/tokens';
import { openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/seed';
import { claimsFor } from '../src/server/domain/auth';

/** The order types whose open bookings hold pool units, from the facts: independent of the server's SQL. */
const POOL_DRAWING_ORDER_TYPES = orderTypesWhere((f) => f.pool !== null);
export const CUSTOMERS = 200;
const DATABASE = 'brr_booking_load';
export const MARKET = 'LAX';
export const SIZE = 'Chassis.40';
export const CLASS = 'STD';
export const SCARCE_UNITS = 40;
/** Enough for every submit of a run at several hundred a second. */
const PLENTIFUL_UNITS = 40_000;

/** A fresh database beside the one BENCH_DATABASE_URL names. */
export async function freshDatabase(baseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** The stage, in plain SQL: 200 customers with one user each, and the market's pool units. */
export async function stage(databaseUrl: string) {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const db = handle.db;
  try {
    await migrate(db);
    await seedDemoData(db);
    // Companies and users copied from demo.customer (its class, roles and password hash): real
    // accounts the authentication check reads like any other.
    const { rows: users } = await sql<{ user_id: number }>`
      with model as (
        select u.*, c.customer_class from users u join customers c on c.customer_id = u.customer_id
        where u.user_name = 'demo.customer'),
      companies as (
        insert into customers (customer_name, scac, customer_class, email, phone)
        select 'Load Test Customer ' || g, 'QX' || chr(65 + g / 26) || chr(65 + g % 26), m.customer_class, 'load' || g || '@example.com', null
        from generate_series(1, ${CUSTOMERS}) g, model m
        returning customer_id, customer_name),
      numbered as (select customer_id, row_number() over (order by customer_id) as n from companies)
      insert into users (user_name, first_name, last_name, email, password_hash, auth_provider, customer_id, module_id_owned)
      select 'load.customer.' || n.n, 'Load', 'Customer ' || n.n, 'load.user' || n.n || '@example.com',
        m.password_hash, m.auth_provider, n.customer_id, m.module_id_owned
      from numbered n, model m
      returning user_id`.execute(db);
    await sql`insert into user_roles (user_id, role_id)
      select u.user_id, r.role_id from users u, user_roles r
      join users model on model.user_id = r.user_id and model.user_name = 'demo.customer'
      where u.user_name like 'load.customer.%'`.execute(db);

    const { rows: locations } = await sql<{ location_id: number }>`
      select location_id from locations
      where market_code = ${MARKET} and active and pool_booking_allowed order by location_id`.execute(db);
    if (locations.length < 2) throw new Error(`${MARKET} has fewer than two pool locations`);
    const [scarce, ...plentiful] = locations.map((l) => l.location_id) as [number, ...number[]];
    // The scarce location keeps SCARCE_UNITS standing there (the rest out of service, or more added),
    // minus what open bookings of the seed already hold there.
    await sql`update chassis set status = 'OUT_OF_SERVICE'
      where location_id = ${scarce} and status = 'AVAILABLE'
        and equipment_category_code = ${SIZE} and equipment_class_code = ${CLASS}`.execute(db);
    const held = await heldUnits(db, scarce);
    await addChassis(db, scarce, SCARCE_UNITS + held, 'QLSX');
    for (const [i, location] of plentiful.entries())
      await addChassis(
        db,
        location,
        Math.ceil(PLENTIFUL_UNITS / plentiful.length),
        `QL${String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))}`,
      );
    // Weekly thresholds would send bookings to review; this measures the confirmed path.
    await sql`delete from weekly_thresholds`.execute(db);

    const tokens = createTokenService(await loadSigningKey(db, null), 120);
    const bearer = await Promise.all(
      users.map(async (u) => `Bearer ${(await tokens.issue(await claimsFor(db, u.user_id))).token}`),
    );
    const customers = await db
      .selectFrom('users')
      .select('customer_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.user_id),
      )
      .orderBy('user_id')
      .execute();
    const customerIds = customers.map((c) => c.customer_id as number);
    return {
      bearer,
      customers: customerIds,
      scarce,
      plentiful,
      held: await holdChassis(db, customerIds),
      repositionOrigin: await repositionOrigins(db, plentiful),
    };
  } finally {
    await handle.close();
  }
}

/** Pool chassis on hire to each customer, for pool redeliveries: customer n's k-th is heldChassisId(n, k). */
export const HELD_PER_CUSTOMER = 400;
/** Ours (a provider prefix, redelivery checks it), numbered above anything the demo data has. */
const HELD_FROM = 800_000;
export const heldChassisId = (customer: number, k: number) =>
  `PLCX${HELD_FROM + customer * HELD_PER_CUSTOMER + k}`;

/** The held chassis, inserted in id order: chassis_master_id of heldChassisId(n, k) is first + n * HELD + k. */
async function holdChassis(db: Parameters<typeof migrate>[0], customers: readonly number[]) {
  const { rows } = await sql<{ first: number; last: number }>`
    with made as (
      insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable,
        inventory_org_code, location_id, on_hire_customer_id, contract_id, status, manufactured_year)
      select 'PLCX' || (${HELD_FROM} + g), ${SIZE}, ${CLASS}, false, 'IDL', null,
        (${sql.val(customers)}::int[])[g / ${HELD_PER_CUSTOMER} + 1], null, 'ON_HIRE', 2024
      from generate_series(0, ${customers.length * HELD_PER_CUSTOMER - 1}) g order by g
      returning chassis_master_id)
    select min(chassis_master_id) as first, max(chassis_master_id) as last from made`.execute(db);
  const { first, last } = rows[0] as { first: number; last: number };
  if (last - first !== customers.length * HELD_PER_CUSTOMER - 1)
    throw new Error('the held chassis did not get consecutive ids: the pgbench script needs them so');
  return { firstMasterId: first };
}

/**
 * Reposition draws on a provider-managed org's units at its origin: REPOSITION_ORIGINS depots (an
 * origin is locked while a reposition from it books, as at a real yard, so one origin for every
 * customer would measure that lock alone), with enough units for a paced run at 300/s.
 */
const REPOSITION_ORIGINS = 8;
const REPOSITION_UNITS_EACH = 3_000;

async function repositionOrigins(db: Parameters<typeof migrate>[0], plentiful: readonly number[]) {
  const origins = plentiful.slice(0, REPOSITION_ORIGINS);
  for (const [i, origin] of origins.entries())
    await addChassis(db, origin, REPOSITION_UNITS_EACH, `QRP${String.fromCharCode(65 + i)}`);
  const firstReason = async (kind: 'REPOSITION' | 'POOL_REDELIVERY') =>
    (
      await db
        .selectFrom('reasons')
        .select('reason_code')
        .where('reason_kind', '=', kind)
        .orderBy('reason_code')
        .executeTakeFirstOrThrow()
    ).reason_code;
  return {
    origins,
    org: 'IDL',
    reason: await firstReason('REPOSITION'),
    redeliveryReason: await firstReason('POOL_REDELIVERY'),
  };
}

async function heldUnits(db: Parameters<typeof migrate>[0], location: number): Promise<number> {
  const { rows } = await sql<{ units: string }>`
    select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0) as units
    from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
    where b.location_id = ${location} and b.status_code = 'OP'
      and b.equipment_category_code = ${SIZE} and b.equipment_class_code = ${CLASS}
      and o.booking_order_type_code in (${sql.join(POOL_DRAWING_ORDER_TYPES)})`.execute(db);
  return Number(rows[0]?.units ?? 0);
}

async function addChassis(
  db: Parameters<typeof migrate>[0],
  location: number,
  count: number,
  prefix: string,
) {
  await sql`insert into chassis (chassis_id, equipment_category_code, equipment_class_code, extendable,
      inventory_org_code, location_id, on_hire_customer_id, contract_id, status, manufactured_year)
    select ${prefix} || lpad(g::text, 6, '0'), ${SIZE}, ${CLASS}, false, 'IDL', ${location}, null, null,
      'AVAILABLE', 2024
    from generate_series(1, ${count}) g`.execute(db);
}

/**
 * The independent count after the run: per location of the market, the units open bookings of
 * pool-drawing order types still hold against the pool units standing there available, less what
 * staff reserved. Overbooked = held beyond that, summed.
 */
export async function overbookedUnits(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      location_id: number;
      stock: string;
      reserved: string;
      held: string;
    }>(
      `select l.location_id,
         (select count(*) from chassis c join inventory_orgs io on io.inventory_org_code = c.inventory_org_code
          where c.location_id = l.location_id and c.status = 'AVAILABLE' and io.org_type in ('Pool', 'Co-op Pool')
            and c.equipment_category_code = $2 and c.equipment_class_code = $3) as stock,
         (select coalesce(sum(r.reserved_quantity), 0) from internal_reservations r
            join inventory_orgs io on io.inventory_org_code = r.inventory_org_code
          where r.location_id = l.location_id and not r.customer_bookings_allowed
            and io.org_type in ('Pool', 'Co-op Pool')
            and r.equipment_category_code = $2 and r.equipment_class_code = $3) as reserved,
         (select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)
          from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
          where b.location_id = l.location_id and b.status_code = 'OP'
            and b.equipment_category_code = $2 and b.equipment_class_code = $3
            and o.booking_order_type_code = any($4)) as held
       from locations l where l.market_code = $1 and l.pool_booking_allowed order by l.location_id`,
      [MARKET, SIZE, CLASS, [...POOL_DRAWING_ORDER_TYPES]],
    );
    return rows.map((r) => {
      const room = Number(r.stock) - Number(r.reserved);
      return {
        location: r.location_id,
        room,
        held: Number(r.held),
        over: Math.max(0, Number(r.held) - room),
      };
    });
  } finally {
    await client.end();
  }
}

/**
 * Back to the stage before each measured run, so every run (the server's and pgbench's) starts
 * from the same tables: the load customers' orders (their bookings, chassis lists and read-model
 * rows go with them) and the mail are deleted, and the tables vacuumed.
 */
export async function resetBookings(databaseUrl: string, customers: readonly number[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Set-based, with triggers and foreign-key checks off (the bench's orders are the only ones
    // removed, and nothing else refers to them): a cascade checks chassis and gate events for
    // every booking deleted, which no index serves, since the product never deletes a booking.
    await client.query('begin');
    await client.query("set local session_replication_role = 'replica'");
    const ofOrders = 'select booking_order_id from booking_orders where customer_id = any($1)';
    await client.query(
      `delete from booking_chassis where booking_id in (select booking_id from bookings where booking_order_id in (${ofOrders}))`,
      [customers],
    );
    for (const table of [
      'dashboard_rows',
      'pending_requests',
      'booking_order_fees',
      'webhook_deliveries',
      'bookings',
    ])
      await client.query(`delete from ${table} where booking_order_id in (${ofOrders})`, [customers]);
    await client.query('delete from booking_orders where customer_id = any($1)', [customers]);
    await client.query('delete from mail_outbox');
    await client.query('commit');
    await client.query(
      'vacuum analyze booking_orders, bookings, booking_chassis, dashboard_rows, mail_outbox, audit_log',
    );
  } finally {
    await client.end();
  }
}

/**
 * Waits until the outbox has sent every mail (a booking's work includes its mail: a run that ends
 * with mail still queued has not done it yet). Answers the seconds it took, at most `limitSeconds`.
 */
export async function mailDrained(databaseUrl: string, limitSeconds = 120): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null',
      );
      const seconds = (performance.now() - started) / 1000;
      if (rows[0]?.n === 0 || seconds > limitSeconds) return seconds;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}
