/**
 * Issue 31: a gate's in-gate that no redelivery names still makes units available at its location,
 * so subscribers of availability.changed there must hear it. The batch writes one audit row of
 * entity 'gate_return' naming those locations (details.LocationIds); this trigger, beside
 * migration 0020's, enqueues the deliveries in the same transaction. Returns and pick-ups that
 * fulfil a booking are order changes: 0020's trigger already covers them.
 */
export const statements: readonly string[] = [
  `create function webhook_enqueue_gate_return() returns trigger language plpgsql as $$
  declare
    touched integer[];
  begin
    if not exists (select 1 from webhook_subscriptions where active) then return null; end if;
    select coalesce(array_agg(value::integer), '{}') into touched
      from jsonb_array_elements_text(new.details -> 'LocationIds');
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
  `create trigger webhook_enqueue_gate_return after insert on audit_log
     for each row when (new.entity_type = 'gate_return') execute function webhook_enqueue_gate_return()`,
];
