/**
 * Issue 26: the webhook trigger reads which order types are redeliveries (redelivery.confirmed) and
 * which are shown on the dashboard (order events) from booking_order_types, instead of the literals
 * ('TR', 'PR') and ('IR', 'MI', 'RD') of migrations 0020 and 0021. The columns are filled here from
 * the booking-type facts (src/domain/booking-type-facts.ts) as they are today; the server writes
 * them again from the facts at every start (registerBookingTypes), and the seed with its rows, so a
 * type added later needs no migration. Otherwise 0021's function.
 */
import { BOOKING_TYPE_FACTS, type BookingTypeFacts } from '../../../domain/booking-type-facts';

const codes = (test: (f: BookingTypeFacts) => boolean) =>
  BOOKING_TYPE_FACTS.filter((f: BookingTypeFacts) => test(f))
    .map((f) => `'${f.orderType}'`)
    .join(', ');

export const statements: readonly string[] = [
  `alter table booking_order_types
     add column redelivery boolean not null default false,
     add column on_dashboard boolean not null default true`,
  `update booking_order_types set
     redelivery = code in (${codes((f) => f.redelivery)}),
     on_dashboard = code not in (${codes((f) => !f.onDashboard)})`,
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
             o.status_code, t.redelivery, t.on_dashboard
        into ord from booking_orders o join booking_order_types t on t.code = o.booking_order_type_code
        where o.booking_order_id = new.entity_id::integer;
      if not found then return null; end if;
      -- SPEC §5: IR, MI and RD are never a customer's order on the dashboard.
      if ord.on_dashboard then
        events := array[case new.action
          when 'created' then 'order.created'
          when 'accepted' then 'order.accepted'
          when 'rejected' then 'order.rejected'
          when 'cancelled' then 'order.cancelled'
          else 'order.changed' end];
        if ord.redelivery and new.action in ('created', 'accepted')
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
