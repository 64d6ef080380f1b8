/**
 * Issue 15: the dashboard's read model holds only the orders the dashboard shows. Migration 0016
 * kept the hidden types (IR, MI, RD: SPEC §5) and filtered them in every index scan; they were a
 * fifth of the rows a broad staff search stepped over, and the filter cost as much again, so a
 * count of 9,000 rows took 2.8 ms instead of 1.5. The triggers now leave them out, and the rows
 * already there go. The list is the code's DASHBOARD_HIDDEN_ORDER_TYPES as of this migration;
 * tests/api/dashboard-read-model.test.ts fails if the two part.
 */

const HIDDEN = `('IR', 'MI', 'RD')`;

/** Migration 0016's rebuild of the changed orders' rows, for the orders the dashboard shows. */
const triggerFunction = (name: string, changedOrders: string) => `
  create or replace function ${name}() returns trigger language plpgsql as $$
  begin
    delete from dashboard_rows where booking_order_id in (${changedOrders});
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
    where o.booking_order_id in (${changedOrders}) and o.booking_order_type_code not in ${HIDDEN};
    return null;
  end $$`;

const newOrders = 'select booking_order_id from new_rows';
const oldOrders = 'select booking_order_id from old_rows';
const bothOrders = `${oldOrders} union select booking_order_id from new_rows`;

export const statements: readonly string[] = [
  triggerFunction('dashboard_rows_orders_updated', newOrders),
  triggerFunction('dashboard_rows_bookings_inserted', newOrders),
  triggerFunction('dashboard_rows_bookings_updated', bothOrders),
  triggerFunction('dashboard_rows_bookings_deleted', oldOrders),
  `delete from dashboard_rows where booking_order_type_code in ${HIDDEN}`,
  'analyze dashboard_rows',
];
