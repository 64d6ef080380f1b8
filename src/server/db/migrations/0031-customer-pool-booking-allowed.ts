/**
 * Issue 27 / SPEC §9 "Pool booking allowed filter (All 0, Yes 1, No 2)": whether a customer may
 * make pool bookings, so staff's customer pickers can filter by it and the pool booker can refuse
 * a customer who may not. Every customer stored so far may (they could before).
 */
export const statements: readonly string[] = [
  'alter table customers add column pool_booking_allowed boolean not null default true',
];
