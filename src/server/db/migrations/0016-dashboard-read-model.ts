/**
 * Issue 15: the dashboard's read model. One row per booking for each party that may see it —
 * party 0 for staff (every order), and the order's customer, responsible party and motor carrier —
 * holding just what a search filters and sorts on. A search then reads one party's rows from an
 * index in the order it shows them, and counts them from an index alone, instead of OR-ing three
 * party columns over joined tables. Statement-level triggers on bookings and booking_orders rebuild
 * the rows of every order a statement touched, in that statement's transaction, so every write path
 * (and a bulk seed) keeps the model right without knowing it exists.
 */

/** Inserts the rows of the orders `where` picks (every order when empty). */
const insertRows = (where: string) => `
  insert into dashboard_rows (party_id, booking_id, booking_order_id, booking_order_type_code, status_code,
    customer_id, market_code, location_id, equipment_category_code, created_at, updated_at)
  select p.party_id, b.booking_id, o.booking_order_id, o.booking_order_type_code,
    case when o.status_code is null then null else b.status_code end,
    o.customer_id, o.market_code, b.location_id, b.equipment_category_code, b.created_at, o.updated_at
  from booking_orders o
  join bookings b on b.booking_order_id = o.booking_order_id
  cross join lateral (
    select distinct x from unnest(array[0, o.customer_id, o.responsible_party_id, o.motor_carrier_id]) x
    where x is not null
  ) p(party_id)
  ${where}`;

/** The rows of the orders a trigger's transition tables name, built again. */
const rebuild = (changedOrders: string) => `
  delete from dashboard_rows where booking_order_id in (${changedOrders});
  ${insertRows(`where o.booking_order_id in (${changedOrders})`)};`;

const triggerFunction = (name: string, changedOrders: string) => `
  create function ${name}() returns trigger language plpgsql as $$
  begin
    ${rebuild(changedOrders)}
    return null;
  end $$`;

const newOrders = 'select booking_order_id from new_rows';
const oldOrders = 'select booking_order_id from old_rows';
const bothOrders = `${oldOrders} union select booking_order_id from new_rows`;

export const statements: readonly string[] = [
  `create table dashboard_rows (
    party_id integer not null,
    booking_id integer not null,
    booking_order_id integer not null,
    booking_order_type_code text not null,
    status_code text,
    customer_id integer not null,
    market_code text,
    location_id integer not null,
    equipment_category_code text not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (booking_id, party_id)
  )`,
  `create index dashboard_rows_order_idx on dashboard_rows (booking_order_id)`,
  // Every search is one party's rows newest first; the type rides along so hidden types are
  // filtered inside the index (an index-only count).
  `create index dashboard_rows_party_created_idx on dashboard_rows
     (party_id, created_at desc, booking_id desc) include (booking_order_type_code, status_code)`,
  `create index dashboard_rows_party_status_idx on dashboard_rows
     (party_id, status_code, created_at desc, booking_id desc) include (booking_order_type_code)`,
  `create index dashboard_rows_party_updated_idx on dashboard_rows
     (party_id, updated_at desc) include (booking_order_type_code, status_code)`,
  // Staff narrow every order by market, location or customer; a party's own rows are few enough
  // to filter on the way.
  `create index dashboard_rows_staff_market_idx on dashboard_rows
     (market_code, status_code, created_at desc, booking_id desc) include (booking_order_type_code)
     where party_id = 0`,
  `create index dashboard_rows_staff_location_idx on dashboard_rows
     (location_id, equipment_category_code, created_at desc, booking_id desc)
     include (booking_order_type_code, status_code) where party_id = 0`,
  `create index dashboard_rows_staff_customer_idx on dashboard_rows
     (customer_id, created_at desc, booking_id desc) include (booking_order_type_code, status_code)
     where party_id = 0`,
  triggerFunction('dashboard_rows_orders_updated', newOrders),
  triggerFunction('dashboard_rows_bookings_inserted', newOrders),
  triggerFunction('dashboard_rows_bookings_updated', bothOrders),
  triggerFunction('dashboard_rows_bookings_deleted', oldOrders),
  `create function dashboard_rows_bookings_truncated() returns trigger language plpgsql as $$
  begin
    delete from dashboard_rows;
    return null;
  end $$`,
  `create trigger dashboard_rows_orders_updated after update on booking_orders
     referencing new table as new_rows for each statement execute function dashboard_rows_orders_updated()`,
  `create trigger dashboard_rows_bookings_inserted after insert on bookings
     referencing new table as new_rows for each statement execute function dashboard_rows_bookings_inserted()`,
  `create trigger dashboard_rows_bookings_updated after update on bookings
     referencing old table as old_rows new table as new_rows
     for each statement execute function dashboard_rows_bookings_updated()`,
  `create trigger dashboard_rows_bookings_deleted after delete on bookings
     referencing old table as old_rows for each statement execute function dashboard_rows_bookings_deleted()`,
  `create trigger dashboard_rows_bookings_truncated after truncate on bookings
     for each statement execute function dashboard_rows_bookings_truncated()`,
  // The orders already there.
  insertRows(''),
  'analyze dashboard_rows',
];
