/**
 * Booking numbers: the order type, the two-digit year and the booking id, e.g. PB26000123 (the
 * format of the demo data). The id is drawn from the bookings identity first, so number and id
 * always agree; staff accepting a pending booking give it its number the same way.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';

export const bookingCode = (orderType: string, year2: string, bookingId: number): string =>
  `${orderType}${year2}${String(bookingId).padStart(6, '0')}`;

export interface ReservedBookingId {
  bookingId: number;
  /** The current year, two digits, by the database's clock (UTC). */
  year2: string;
}

/** Draws `count` ids from the bookings identity; rows inserted with them never collide. */
export async function reserveBookingIds(db: Kysely<Database>, count: number): Promise<ReservedBookingId[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number; yy: string }>`
    select nextval(pg_get_serial_sequence('bookings', 'booking_id'))::integer as id,
      to_char(now() at time zone 'UTC', 'YY') as yy
    from generate_series(1, ${count})`.execute(db);
  return rows.map((r) => ({ bookingId: r.id, year2: r.yy }));
}
