/**
 * The dashboard's rows (one per booking of an order) and who may see them: the one query every
 * dashboard answer starts from — search, export, Excel, detail and the hub's messages.
 */
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { bookingStatusName, DASHBOARD_HIDDEN_ORDER_TYPES } from '../../domain/status-codes';
import type { DashboardRow, OrderChange, OrderChangeMessage } from '../../schemas/dashboard';
import type { Database } from '../db/types';
import type { Viewer } from './viewer';

type RowTables = Database & {
  b: Database['bookings'];
  o: Database['booking_orders'];
  c: Database['customers'];
  l: Database['locations'];
  t: Database['booking_order_types'];
};
export type RowQuery = SelectQueryBuilder<RowTables, 'b' | 'o' | 'c' | 'l' | 't', Record<string, never>>;

/** Who may see an order: staff see all; a customer sees the orders of every party it plays. */
export type DashboardScope = { kind: 'all' } | { kind: 'parties'; customerId: number };

export const scopeOf = (viewer: Viewer): DashboardScope =>
  viewer.isInternal ? { kind: 'all' } : { kind: 'parties', customerId: viewer.customerId ?? -1 };

/**
 * An order is on the dashboard unless its type is one SPEC §5 hides (IR, MI, RD) — so a booking
 * type added to the registry shows with no list to update — and when the scope covers it.
 * Written against the alias `o` for booking_orders, which every dashboard query uses.
 */
export function visibleOrders(scope: DashboardScope): RawBuilder<boolean> {
  const typed = sql<boolean>`o.booking_order_type_code not in (${sql.join(DASHBOARD_HIDDEN_ORDER_TYPES)})`;
  if (scope.kind === 'all') return typed;
  const id = scope.customerId;
  return sql<boolean>`(${typed} and (o.customer_id = ${id} or o.responsible_party_id = ${id} or o.motor_carrier_id = ${id}))`;
}

/** Bookings with their order, customer, location and type: the FROM of every row query. */
export function rowSource(db: Kysely<Database>, scope: DashboardScope): RowQuery {
  return db
    .selectFrom('bookings as b')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
    .innerJoin('customers as c', 'c.customer_id', 'o.customer_id')
    .innerJoin('locations as l', 'l.location_id', 'b.location_id')
    .innerJoin('booking_order_types as t', 't.code', 'o.booking_order_type_code')
    .where(visibleOrders(scope)) as unknown as RowQuery;
}

/** The columns of a row; an order with no status yet shows its bookings as "New" (SPEC §3). */
export const selectRowColumns = (query: RowQuery) =>
  query.select([
    'o.booking_order_id',
    'b.booking_id',
    'b.booking_code',
    'o.booking_order_type_code',
    't.name as type_name',
    'c.customer_id',
    sql<string>`c.customer_name || ' (' || c.scac || ')'`.as('customer_name_with_scac'),
    'b.location_id',
    'l.location_name',
    'o.market_code',
    'b.equipment_category_code',
    'b.units_requested_count',
    sql<string | null>`case when o.status_code is null then null else b.status_code end`.as('status_code'),
    'b.created_at',
    'o.updated_at',
  ]);

/**
 * Newest first; the booking id breaks ties so pages never overlap. For one customer's parties the
 * sort key is an expression no index provides: otherwise, with a LIMIT, PostgreSQL likes to walk a
 * whole status or date index hoping to meet the customer's rows soon (a second at a million orders),
 * where reading the customer's own few thousand orders and sorting them is bounded and quick.
 */
export const newestFirst = <Q extends RowQuery>(query: Q, scope: DashboardScope): Q =>
  (scope.kind === 'all'
    ? query.orderBy('b.created_at', 'desc')
    : query.orderBy(sql`b.created_at + interval '0 seconds'`, 'desc')
  ).orderBy('b.booking_id', 'desc') as Q;

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
    selectRowColumns(rowSource(db, all).where('o.booking_order_id', '=', orderId)),
    all,
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
