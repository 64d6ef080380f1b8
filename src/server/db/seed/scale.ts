/**
 * `npm run seed -- --scale`: about a million more booking orders (and ~1.5 bookings each) on top of
 * the demo data, to measure dashboard search and export at size. Written as set-based SQL
 * (insert … select … from generate_series) in chunks, each chunk its own transaction. Deterministic:
 * every value is derived from the series number k by multiplicative hashing, never random().
 * Types needing a contract (TL, TR) or a port bay (DL) are left to the demo data.
 */
import { type Kysely, sql } from 'kysely';
import {
  POOL_REDELIVERY_EQUIPMENT_CATEGORIES,
  REPOSITION_EQUIPMENT_CATEGORIES,
} from '../../../domain/lookups';
import type { Database } from '../types';
import { resetIdentity } from './batch';
import { CHASSIS_CATEGORIES } from './equipment';
import { ANCHOR, HISTORY_DAYS } from './random';

export interface ScaleOptions {
  bookingOrders?: number;
  chunk?: number;
  log?: (msg: string) => void;
}

/** A hash of `expr` into [0, mod): multiply by a large odd constant, reduce mod the prime 2^31−1. */
const h = (expr: string, multiplier: number, mod: string | number) =>
  `(((((${expr})::bigint * ${multiplier}) % 2147483647) % (${mod}))::int)`;
const textArray = (items: readonly (string | null)[]) =>
  `array[${items.map((s) => (s === null ? 'null' : `'${s.replace(/'/g, "''")}'`)).join(',')}]::text[]`;

const TYPES = textArray(['PB', 'PB', 'PB', 'PB', 'RU', 'RU', 'RP', 'PR', 'PR', 'PR', 'IR', 'MI', 'RD']);
const RECENT = textArray(['OP', 'OP', 'PN', null, 'FF', 'CN', 'CL']);
const OLD = textArray(['CL', 'CL', 'CL', 'FF', 'FF', 'CN', 'EX', 'OP', 'NA', 'CL']);
const CLASSES = textArray(['STD', 'STD', 'STD', 'STD', 'TRI', 'SLD', 'LTW', 'HVY']);
const anchor = `timestamptz '${ANCHOR.toISOString()}'`;

/** The lookups every generated row draws from, as arrays computed once per statement. */
const PARAMS = `params as (
  select
    (select array_agg(customer_id order by customer_id) from customers where active) as cust,
    (select array_agg(location_id order by location_id) from locations where active and pool_booking_allowed) as loc,
    (select array_agg(market_code order by location_id) from locations where active and pool_booking_allowed) as mkt
)`;

/**
 * One statement per chunk: the orders are inserted in a data-modifying CTE and their bookings read
 * from its RETURNING rows, so no chunk re-reads the growing booking_orders table.
 */
function chunkSql(orderBase: number, bookingBase: number, from: number, to: number): string {
  const seq = '(2 * k + j)';
  return `with ${PARAMS},
  g as (
    select k, ${h('k', 3266489917, HISTORY_DAYS)} as age, 1 + ${h('k', 668265263, 'cardinality(p.loc)')} as li, p.*
    from generate_series(${from}, ${to}) k cross join params p
  ),
  o as (
    select k, li, cust, mkt,
      ${anchor} - make_interval(days => age + 1) + make_interval(secs => 18000 + ${h('k', 374761393, 54000)}) as created,
      case when age < 14 then (${RECENT})[1 + ${h('k', 2654435761, 7)}]
           else (${OLD})[1 + ${h('k', 2654435761, 10)}] end as status,
      (${TYPES})[1 + ${h('k', 1597334677, 13)}] as type
    from g
  ),
  ins as (
    insert into booking_orders (booking_order_id, booking_order_type_code, customer_id, market_code, status_code,
      contact_name, email_addresses, created_at, updated_at)
    select ${orderBase} + k, type, cust[1 + ${h('k', 2870177453, 'cardinality(cust)')}], mkt[li], status,
      'Bulk Dispatch', 'dispatch@bulk.example.com', created,
      case when status in ('CL', 'FF', 'CN', 'EX', 'NA')
           then least(created + make_interval(days => ${h('k', 3812015801, 30)}), ${anchor}) else created end
    from o
    returning booking_order_id, booking_order_type_code, market_code, status_code, created_at, updated_at
  ),
  b as (
    select ins.*, j, k, ${bookingBase} + 2 * (k - 1) + j + 1 as bid,
      1 + ${h(seq, 2246822519, 20)} as requested,
      (${CLASSES})[1 + ${h(seq, 3266489917, 8)}] as cls,
      case ins.booking_order_type_code
        when 'RP' then (${textArray(REPOSITION_EQUIPMENT_CATEGORIES)})[1 + ${h(seq, 668265263, REPOSITION_EQUIPMENT_CATEGORIES.length)}]
        when 'PR' then (${textArray(POOL_REDELIVERY_EQUIPMENT_CATEGORIES)})[1 + ${h(seq, 668265263, POOL_REDELIVERY_EQUIPMENT_CATEGORIES.length)}]
        else (${textArray(CHASSIS_CATEGORIES)})[1 + ${h(seq, 668265263, CHASSIS_CATEGORIES.length)}] end as category,
      p.loc
    from ins
    cross join lateral (select ins.booking_order_id - ${orderBase} as k) kk
    cross join generate_series(0, 1) j
    cross join params p
    where j = 0 or k % 2 = 0
  )
  insert into bookings (booking_id, booking_order_id, booking_code, location_id, to_location_id,
    equipment_category_code, equipment_class_code, extendable, units_requested_count, units_fulfilled_count,
    status_code, created_at, updated_at)
  select bid, booking_order_id,
    booking_order_type_code || to_char(created_at at time zone 'UTC', 'YY')
      || case when bid < 1000000 then lpad(bid::text, 6, '0') else bid::text end,
    m.locs[1 + ${h(seq, 2870177453, 'cardinality(m.locs)')}],
    case when booking_order_type_code = 'RP' then loc[1 + ${h(seq, 2654435761, 'cardinality(loc)')}] end,
    category, cls, cls = 'SLD', requested,
    case status_code when 'FF' then requested when 'CL' then ${h(seq, 1597334677, 'requested + 1')} else 0 end,
    coalesce(status_code, 'OP'), created_at, updated_at
  from b
  join (
    select market_code, array_agg(location_id order by location_id) as locs
    from locations where active and pool_booking_allowed group by market_code
  ) m using (market_code)`;
}

export async function seedScale(db: Kysely<Database>, options: ScaleOptions = {}): Promise<number> {
  const total = options.bookingOrders ?? 1_000_000;
  const chunk = options.chunk ?? 100_000;
  const log = options.log ?? (() => {});
  const maxes = await sql<{ o: number | string | null; b: number | string | null }>`
    select (select max(booking_order_id) from booking_orders) as o, (select max(booking_id) from bookings) as b`.execute(
    db,
  );
  const orderBase = Number(maxes.rows[0]?.o ?? 0);
  const bookingBase = Number(maxes.rows[0]?.b ?? 0);
  const started = Date.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    // One statement is one transaction: a chunk lands whole or not at all.
    await sql.raw(chunkSql(orderBase, bookingBase, from, to)).execute(db);
    log(
      `scale: ${to.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} booking orders (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  await resetIdentity(db, 'booking_orders', 'booking_order_id');
  await resetIdentity(db, 'bookings', 'booking_id');
  await sql`analyze booking_orders`.execute(db);
  await sql`analyze bookings`.execute(db);
  // The dashboard counts from its read model's indexes alone only where the visibility map says
  // every row is visible: a bulk load leaves it empty until a vacuum.
  await sql`vacuum analyze dashboard_rows`.execute(db);
  return total;
}
