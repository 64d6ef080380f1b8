/**
 * Issue 31's speed: the webhook trigger of audit_log runs once per insert statement, not once per
 * row. A gate batch writes one trail row per unit it moves (about 50,000 for 100,000 events), and
 * each row ran the function, which with no subscription active only looked that up and returned:
 * now one statement asks once. With a subscription, the rows are taken in the order they were
 * written and each is handled exactly as migration 0072's function handled it, and a gate return's
 * row as migration 0061's did (folded in here, so one trigger still handles each row in turn), so
 * deliveries are enqueued in the same order with the same content.
 */
export const statements: readonly string[] = [
  'drop trigger webhook_enqueue on audit_log',
  'drop function webhook_enqueue()',
  'drop trigger webhook_enqueue_gate_return on audit_log',
  'drop function webhook_enqueue_gate_return()',
  `create function webhook_enqueue() returns trigger language plpgsql as $$
  declare
    a record;
    ord record;
    events text[];
    touched integer[];
  begin
    -- The seed and bulk loads write thousands of audit rows with no subscription to hear them.
    if not exists (select 1 from webhook_subscriptions where active) then return null; end if;
    for a in select * from written_rows order by audit_id loop
      events := '{}';
      touched := '{}';
      if a.entity_type = 'booking_order' then
        select o.booking_order_id, o.customer_id, o.responsible_party_id, o.motor_carrier_id,
               o.status_code, t.redelivery, t.on_dashboard
          into ord from booking_orders o join booking_order_types t on t.code = o.booking_order_type_code
          where o.booking_order_id = a.entity_id::integer;
        if not found then continue; end if;
        -- SPEC §5: IR, MI and RD are never a customer's order on the dashboard.
        if ord.on_dashboard then
          events := array[case a.action
            when 'created' then 'order.created'
            when 'accepted' then 'order.accepted'
            when 'rejected' then 'order.rejected'
            when 'cancelled' then 'order.cancelled'
            else 'order.changed' end];
          if ord.redelivery and a.action in ('created', 'accepted')
             and ord.status_code is distinct from 'PN' then
            events := events || 'redelivery.confirmed'::text;
          end if;
          insert into webhook_deliveries (subscription_id, event, booking_order_id, occurred_at)
            select s.subscription_id, e.event, ord.booking_order_id, a.changed_at
            from unnest(events) with ordinality as e(event, n)
            join webhook_subscriptions s on s.active and e.event = any(s.events)
             and s.customer_id in (ord.customer_id, ord.responsible_party_id, ord.motor_carrier_id)
            order by s.subscription_id, e.n;
        end if;
        -- A validation changes no units; every other order change may.
        if a.action <> 'validated' then
          select coalesce(array_agg(distinct b.location_id), '{}') into touched
            from bookings b where b.booking_order_id = ord.booking_order_id;
        end if;
      elsif a.entity_type = 'internal_reservation' then
        select coalesce(array_agg(r.location_id), '{}') into touched
          from internal_reservations r where r.reservation_id = a.entity_id::integer;
      elsif a.entity_type = 'manual_inventory' then
        select coalesce(array_agg(m.location_id), '{}') into touched
          from manual_inventory_orders m where m.mi_order_id = a.entity_id::integer;
      elsif a.entity_type = 'gate_return' then
        -- Issue 31: an in-gate no redelivery names still makes units available where it came in.
        select coalesce(array_agg(value::integer), '{}') into touched
          from jsonb_array_elements_text(a.details -> 'LocationIds');
      end if;
      if cardinality(touched) > 0 then
        insert into webhook_deliveries (subscription_id, event, location_ids, occurred_at)
          select s.subscription_id, 'availability.changed',
                 array(select unnest(s.location_ids) intersect select unnest(touched) order by 1), a.changed_at
          from webhook_subscriptions s
          where s.active and 'availability.changed' = any(s.events) and s.location_ids && touched
          order by s.subscription_id;
      end if;
    end loop;
    return null;
  end $$`,
  `create trigger webhook_enqueue after insert on audit_log
     referencing new table as written_rows for each statement execute function webhook_enqueue()`,
];
