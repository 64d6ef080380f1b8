/**
 * Issue 31, speed: a 322 interchange of 100,000 gate events is applied in a few set-based
 * statements (gate-state.ts), and PostgreSQL checks a foreign key row by row, one lookup per row
 * and key. On the gate's own columns those checks cost more than the rest of the insert: about
 * 5 s of the 100,000 gate_events rows on the bench (bench/README.md, issue 31) and one more lookup per
 * chassis moved for each of its on-hire columns. The batch writes those columns only with ids it
 * has just read under lock in the same transaction, and no chassis, booking, location or API key
 * is ever deleted (keys are revoked, not removed), so the checks never catch anything the batch
 * does not already guarantee. The portal's own references (a chassis' location and customer, a
 * reviewer, the audit trail's key) keep theirs. docs/decisions.md, issue 31, "Gate references".
 */
export const statements: readonly string[] = [
  'alter table gate_events drop constraint if exists gate_events_location_id_fkey',
  'alter table gate_events drop constraint if exists gate_events_chassis_master_id_fkey',
  'alter table gate_events drop constraint if exists gate_events_booking_id_fkey',
  'alter table gate_events drop constraint if exists gate_events_api_key_id_fkey',
  'alter table chassis drop constraint if exists chassis_on_hire_booking_id_fkey',
  'alter table chassis drop constraint if exists chassis_on_hire_location_id_fkey',
];
