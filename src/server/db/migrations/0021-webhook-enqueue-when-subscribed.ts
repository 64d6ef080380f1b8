/**
 * Issue 18: the webhook trigger of migration 0020 returns at once while no subscription is active,
 * so the seed's and bulk loads' thousands of audit rows (issue 15's scale) do not each look up their
 * order, bookings and subscriptions for nobody. Otherwise the same function.
 */
export const statements: readonly string[] = [
  `create or replace function webhook_enqueue() returns trigger language plpgsql as $$
  declare
    ord record;
    events text[] := '{}';
    touched integer[] := '{}';
  begin
    -- The seed and bulk loads write thousands of audit rows with no subscription to hear them.
    if not exists (select 1 from webhook_subscriptions where active) then return null; end if;
    if new.entity_type = 'booking_order' then
      select o.booking_order_id, o.customer_id, o.responsible_party_id, o.motor_carrier_id,
             o.booking_order_type_code, o.status_code
        into ord from booking_orders o where o.booking_order_id = new.entity_id::integer;
      if not found then return null; end if;
      -- SPEC §5: IR, MI and RD are never a customer's order on the dashboard.
      if ord.booking_order_type_code not in ('IR', 'MI', 'RD') then
        events := array[case new.action
          when 'created' then 'order.created'
          when 'accepted' then 'order.accepted'
          when 'rejected' then 'order.rejected'
          when 'cancelled' then 'order.cancelled'
          else 'order.changed' end];
        if ord.booking_order_type_code in ('TR', 'PR') and new.action in ('created', 'accepted')
           and ord.status_code is distinct from 'PN' then
          events := events || 'redelivery.confirmed'::text;
        end if;
        insert into webhook_deliveries (subscription_id, event, booking_order_id, occurred_at)
          select s.subscription_id, e.event, ord.booking_order_id, new.changed_at
          from unnest(events) with ordinality as e(event, n)
          join webhook_subscriptions s on s.active and e.event = any(s.events)
           and s.customer_id in (ord.customer_id, ord.responsible_party_id, ord.motor_carrier_id)
          order by s.subscription_id, e.n;
      end if;
      -- A validation changes no units; every other order change may.
      if new.action <> 'validated' then
        select coalesce(array_agg(distinct b.location_id), '{}') into touched
          from bookings b where b.booking_order_id = ord.booking_order_id;
      end if;
    elsif new.entity_type = 'internal_reservation' then
      select coalesce(array_agg(r.location_id), '{}') into touched
        from internal_reservations r where r.reservation_id = new.entity_id::integer;
    elsif new.entity_type = 'manual_inventory' then
      select coalesce(array_agg(m.location_id), '{}') into touched
        from manual_inventory_orders m where m.mi_order_id = new.entity_id::integer;
    end if;
    if cardinality(touched) > 0 then
      insert into webhook_deliveries (subscription_id, event, location_ids, occurred_at)
        select s.subscription_id, 'availability.changed',
               array(select unnest(s.location_ids) intersect select unnest(touched) order by 1), new.changed_at
        from webhook_subscriptions s
        where s.active and 'availability.changed' = any(s.events) and s.location_ids && touched
        order by s.subscription_id;
    end if;
    return null;
  end $$`,
];
