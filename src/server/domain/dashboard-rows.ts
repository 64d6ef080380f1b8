/**
 * The dashboard's rows (one per booking of an order) and who may see them: the one query every
 * dashboard answer starts from — search, export, Excel, detail and the hub's messages.
 */

import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type CustomerScope, customerScope } from '../../domain/policies';
import { bookingStatusName, DASHBOARD_HIDDEN_ORDER_TYPES } from '../../domain/status-codes';
import {
  DASHBOARD_COUNT_CAP,
  type DashboardRow,
  type OrderChange,
  type OrderChangeMessage,
} from '../../schemas/dashboard';
import type { OrderFacts } from '../bookings/registry';
import type { Database } from '../db/types';
import { customerNameWithScac } from './customer-name';
import type { Viewer } from './viewer';

type RowTables = Database & {
  r: Database['dashboard_rows'];
  b: Database['bookings'];
  o: Database['booking_orders'];
  c: Database['customers'];
  l: Database['locations'];
  t: Database['booking_order_types'];
};
/** Read-model rows (alias `r`) of one scope: what a search filters, counts and pages. */
export type MatchQuery = SelectQueryBuilder<RowTables, 'r', object>;
/** Read-model rows joined with what a row shows. */
export type RowQuery = SelectQueryBuilder<RowTables, 'r' | 'b' | 'o' | 'c' | 'l' | 't', object>;

/** Who may see an order (the policies' customer scope): staff all; a customer every order it is a party to. */
export type DashboardScope = CustomerScope;
export const scopeOf: (viewer: Viewer) => DashboardScope = customerScope;

/** The read model's party of a scope (migration 0016): 0 holds every order, for staff. */
const partyOf = (scope: DashboardScope): number => (scope.kind === 'all' ? 0 : scope.customerId);

/**
 * An order is on the dashboard unless its type is one SPEC §5 hides (IR, MI, RD) — so a booking
 * type added to the registry shows with no list to update — and when the scope covers it.
 * Written against the alias `o` for booking_orders, for the queries of one order.
 */
export function visibleOrders(scope: DashboardScope): RawBuilder<boolean> {
  const typed = sql<boolean>`o.booking_order_type_code not in (${sql.join(DASHBOARD_HIDDEN_ORDER_TYPES)})`;
  if (scope.kind === 'all') return typed;
  const id = scope.customerId;
  return sql<boolean>`(${typed} and (o.customer_id = ${id} or o.responsible_party_id = ${id} or o.motor_carrier_id = ${id}))`;
}

/**
 * The scope's rows of the read model: one party's, so every search is a range of an index that
 * starts with the party, and a count never leaves the index. The model holds only the orders the
 * dashboard shows (migration 0022), so no search filters the hidden types.
 */
export function matchingRows(db: Kysely<Database>, scope: DashboardScope): MatchQuery {
  return db
    .selectFrom('dashboard_rows as r')
    .where('r.party_id', '=', partyOf(scope)) as unknown as MatchQuery;
}

/**
 * What a person reads for a size ("Axle", "40' Chassis"), from the server's own table: the client's
 * lookups cannot name every size for everyone (SPEC §5 keeps axles and gensets out of the general
 * list, and a customer may not read the reposition one), yet a row of an axle order names it.
 */
const sizeName = (column: 'r.equipment_category_code' | 'b.equipment_category_code') =>
  sql<string>`coalesce((select ec.description from equipment_categories ec where ec.equipment_category_code = ${sql.ref(column)}), ${sql.ref(column)})`;

/** Read-model rows with their booking, order, customer, location and type. */
const withRowTables = (from: SelectQueryBuilder<RowTables, 'r', object>): RowQuery =>
  from
    .innerJoin('bookings as b', 'b.booking_id', 'r.booking_id')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'r.booking_order_id')
    .innerJoin('customers as c', 'c.customer_id', 'r.customer_id')
    .innerJoin('locations as l', 'l.location_id', 'r.location_id')
    .innerJoin('booking_order_types as t', 't.code', 'r.booking_order_type_code') as unknown as RowQuery;

/** Every row of the scope with what it shows: the FROM of an export and of the hub's messages. */
export const rowSource = (db: Kysely<Database>, scope: DashboardScope): RowQuery =>
  withRowTables(matchingRows(db, scope));

/** How many rows match, counted one past DASHBOARD_COUNT_CAP at most: a broad search costs the cap. */
export const countUpToCap = (db: Kysely<Database>, matching: MatchQuery) =>
  db
    .selectFrom(
      matching
        .select('r.booking_id')
        .limit(DASHBOARD_COUNT_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));

/**
 * What a page fetched one row longer than asked tells of the total, counted up to the cap (so a
 * number past DASHBOARD_COUNT_CAP means "more than the cap"), without counting: a page not full
 * ends the rows; a full page that reaches past the cap proves there are more. Null when only a
 * count can tell — a full page short of the cap, or a start past the end.
 */
export function totalFromPage(offset: number, pageSize: number, fetched: number): number | null {
  if (fetched <= pageSize && (fetched > 0 || offset === 0)) return offset + fetched;
  if (fetched > pageSize && offset + fetched > DASHBOARD_COUNT_CAP) return offset + fetched;
  return null;
}

/**
 * Pages from here on skip index entries first and then read their rows; a shallower page reads
 * the few rows it skips (cheaper than the self-join the deep way needs).
 */
const DEEP_PAGE_OFFSET = 200;

/** The matching rows of one page, newest first. */
function pageRange(db: Kysely<Database>, matching: MatchQuery, offset: number, limit: number): MatchQuery {
  if (offset < DEEP_PAGE_OFFSET) return newestFirst(matching).offset(offset).limit(limit);
  // Only indexed columns, so the skipped entries are never read as rows.
  const keys = newestFirst(matching.select(['r.party_id', 'r.booking_id']))
    .offset(offset)
    .limit(limit);
  const rows = db
    .selectFrom(keys.as('p'))
    .innerJoin('dashboard_rows as r', (join) =>
      join.onRef('r.party_id', '=', 'p.party_id').onRef('r.booking_id', '=', 'p.booking_id'),
    );
  return newestFirst(rows as unknown as MatchQuery);
}

/**
 * One page of matching rows, with what they show and what the edit rule reads of their orders,
 * all from the read model (migration 0022); the names, which change with what they name, are
 * looked up.
 */
export function pageOfRows(db: Kysely<Database>, matching: MatchQuery, offset: number, limit: number) {
  return pageRange(db, matching, offset, limit)
    .select([
      'r.booking_order_id',
      'r.booking_id',
      'r.booking_code',
      'r.booking_order_type_code',
      'r.customer_id',
      'r.location_id',
      'r.market_code',
      'r.equipment_category_code',
      'r.units_requested_count',
      'r.status_code',
      'r.created_at',
      'r.updated_at',
      'r.order_status_code',
      'r.booking_statuses',
    ])
    .select((eb) => [
      eb
        .selectFrom('booking_order_types as t')
        .select('t.name')
        .whereRef('t.code', '=', 'r.booking_order_type_code')
        .$asScalar()
        .$notNull()
        .as('type_name'),
      sizeName('r.equipment_category_code').as('size_name'),
      eb
        .selectFrom('customers as c')
        .select(customerNameWithScac('c').as('name'))
        .whereRef('c.customer_id', '=', 'r.customer_id')
        .$asScalar()
        .$notNull()
        .as('customer_name_with_scac'),
      eb
        .selectFrom('locations as l')
        .select('l.location_name')
        .whereRef('l.location_id', '=', 'r.location_id')
        .$asScalar()
        .$notNull()
        .as('location_name'),
    ]);
}

export type PageRecord = Awaited<ReturnType<ReturnType<typeof pageOfRows>['execute']>>[number];

/** What the edit rule reads of a page row's order (src/server/bookings/registry.ts). */
export const orderFactsOf = (r: PageRecord): OrderFacts => ({
  orderType: r.booking_order_type_code,
  customerId: r.customer_id,
  orderStatus: r.order_status_code,
  bookingStatuses: r.booking_statuses,
});

/** The columns of a row; an order with no status yet shows its bookings as "New" (SPEC §3). */
export const selectRowColumns = (query: RowQuery) =>
  query.select([
    'o.booking_order_id',
    'b.booking_id',
    'b.booking_code',
    'o.booking_order_type_code',
    't.name as type_name',
    'c.customer_id',
    customerNameWithScac('c').as('customer_name_with_scac'),
    'b.location_id',
    'l.location_name',
    'r.market_code',
    'b.equipment_category_code',
    sizeName('b.equipment_category_code').as('size_name'),
    'b.units_requested_count',
    'r.status_code',
    'r.created_at',
    'o.updated_at',
  ]);

/** Newest first; the booking id breaks ties so pages never overlap (the read model's index order). */
export const newestFirst = <Q extends SelectQueryBuilder<RowTables, 'r', object>>(query: Q): Q =>
  query.orderBy('r.created_at', 'desc').orderBy('r.booking_id', 'desc') as Q;

export type RowRecord = Awaited<ReturnType<ReturnType<typeof selectRowColumns>['execute']>>[number];

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toDashboardRow(r: RowRecord): DashboardRow {
  return {
    BookingOrderId: r.booking_order_id,
    BookingId: r.booking_id,
    BookingCode: r.booking_code,
    BookingOrderTypeCode: r.booking_order_type_code,
    BookingOrderTypeName: r.type_name,
    CustomerId: r.customer_id,
    CustomerNameWithSCAC: r.customer_name_with_scac,
    LocationId: r.location_id,
    LocationName: r.location_name,
    MarketCode: r.market_code,
    EquipmentSize: r.equipment_category_code,
    EquipmentSizeName: r.size_name,
    Quantity: r.units_requested_count,
    StatusCode: r.status_code,
    StatusName: bookingStatusName(r.status_code),
    CreatedAt: iso(r.created_at),
    UpdatedAt: iso(r.updated_at),
  };
}

/**
 * What the hub tells about a changed order: its rows as they are now, and the parties allowed to
 * see it (staff see everything). Null when the order is not a dashboard order (or is gone).
 */
export async function orderChangeMessage(
  db: Kysely<Database>,
  orderId: number,
  change: OrderChange,
): Promise<{ partyIds: number[]; message: OrderChangeMessage } | null> {
  const order = await db
    .selectFrom('booking_orders as o')
    .select([
      'o.customer_id',
      'o.responsible_party_id',
      'o.motor_carrier_id',
      'o.status_code',
      'o.updated_at',
    ])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders({ kind: 'all' }))
    .executeTakeFirst();
  if (!order) return null;
  const all: DashboardScope = { kind: 'all' };
  const rows = await newestFirst(
    selectRowColumns(rowSource(db, all).where('r.booking_order_id', '=', orderId)),
  ).execute();
  const partyIds = [order.customer_id, order.responsible_party_id, order.motor_carrier_id].filter(
    (id): id is number => id !== null,
  );
  return {
    partyIds: [...new Set(partyIds)],
    message: {
      Change: change,
      BookingOrderId: orderId,
      StatusCode: order.status_code,
      ChangedAt: iso(order.updated_at),
      Rows: rows.map(toDashboardRow),
    },
  };
}
