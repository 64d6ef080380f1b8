/**
 * Issue 27: every order has a market, taken from its locations (booking-orders.ts orderMarket).
 * Reuse orders whose chassis came from several markets, and every term lease redelivery, were
 * stored without one, so the dashboard's Market filter, the export and the detail missed them.
 * - The orders already stored without a market, or with one none of their locations is in, get the
 *   market of their first booking's location.
 * - A dashboard row carries the market of its own booking's location: an order spanning markets is
 *   found under each market it has bookings in. The triggers of migration 0022 are redefined with
 *   that one change, and the read model is rebuilt in this migration's transaction.
 */

const HIDDEN = `('IR', 'MI', 'RD')`;

const insertRows = (where: string) => `
  insert into dashboard_rows (party_id, booking_id, booking_order_id, booking_order_type_code, status_code,
    customer_id, market_code, location_id, equipment_category_code, created_at, updated_at,
    booking_code, units_requested_count, order_status_code, booking_statuses)
  select p.party_id, b.booking_id, o.booking_order_id, o.booking_order_type_code,
    case when o.status_code is null then null else b.status_code end,
    o.customer_id, l.market_code, b.location_id, b.equipment_category_code, b.created_at, o.updated_at,
    b.booking_code, b.units_requested_count, o.status_code,
    array(select s.status_code from bookings s where s.booking_order_id = o.booking_order_id order by s.booking_id)
  from booking_orders o
  join bookings b on b.booking_order_id = o.booking_order_id
  join locations l on l.location_id = b.location_id
  cross join lateral (
    select distinct x from unnest(array[0, o.customer_id, o.responsible_party_id, o.motor_carrier_id]) x
    where x is not null
  ) p(party_id)
  where o.booking_order_type_code not in ${HIDDEN} ${where}`;

const triggerFunction = (name: string, changedOrders: string) => `
  create or replace function ${name}() returns trigger language plpgsql as $$
  begin
    delete from dashboard_rows where booking_order_id in (${changedOrders});
    ${insertRows(`and o.booking_order_id in (${changedOrders})`)};
    return null;
  end $$`;

const newOrders = 'select booking_order_id from new_rows';
const oldOrders = 'select booking_order_id from old_rows';
const bothOrders = `${oldOrders} union select booking_order_id from new_rows`;

export const statements: readonly string[] = [
  `update booking_orders o set market_code = (
     select l.market_code from bookings b join locations l on l.location_id = b.location_id
     where b.booking_order_id = o.booking_order_id order by b.booking_id limit 1)
   where exists (select 1 from bookings b where b.booking_order_id = o.booking_order_id)
     and (o.market_code is null or not exists (
       select 1 from bookings b join locations l on l.location_id = b.location_id
       where b.booking_order_id = o.booking_order_id and l.market_code = o.market_code))`,
  triggerFunction('dashboard_rows_orders_updated', newOrders),
  triggerFunction('dashboard_rows_bookings_inserted', newOrders),
  triggerFunction('dashboard_rows_bookings_updated', bothOrders),
  triggerFunction('dashboard_rows_bookings_deleted', oldOrders),
  'truncate dashboard_rows',
  insertRows(''),
  'analyze dashboard_rows',
];
