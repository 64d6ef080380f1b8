/**
 * Engine v2 (issue 10): orders opened in their flows and edited, and the reposition booking.
 * - booking_orders.version: compare-and-set of an edit (a stale one is a 409 ORDER_CHANGED); every
 *   change of the order (edit, cancel) bumps it.
 * - booking_orders.details: the order type's own header fields (reposition: InventoryOrgCode,
 *   FromLocationId, Extendable, RepositionReasonCode, ExternalPartyEmails), read back by the order
 *   document's `Details` so a flow's edit.load can map them without code.
 * - bookings: a reposition destination's motor carrier, comment and redelivery.
 */
export const statements: readonly string[] = [
  `alter table booking_orders add column version integer not null default 1`,
  `alter table booking_orders add column details jsonb`,
  `alter table bookings add column motor_carrier_id integer references customers`,
  `alter table bookings add column booking_comment text`,
  `alter table bookings add column with_redelivery boolean not null default false`,
  `alter table bookings add column redelivery_requested_count integer not null default 0`,
];
