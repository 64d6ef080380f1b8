/**
 * An order type's booking_order_types row: its name and the traits the database's own SQL reads
 * (migration 0072's webhook trigger, 0074's pool yards that availability counts), from the type's facts (src/domain/booking-type-facts.ts).
 */
import type { BookingTypeFacts } from '../../domain/booking-type-facts';

export const typeRow = (f: BookingTypeFacts) => ({
  code: f.orderType,
  name: f.name,
  redelivery: f.redelivery,
  on_dashboard: f.onDashboard,
  pool_yards: f.pool?.yards ?? null,
});
