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

/**
 * Draws `count` ids from the bookings identity, as columns any statement can return: an order's
 * insert returns its bookings' ids with it (issue 30 §1: one round trip fewer per booking).
 */
export const reservedBookingIdColumns = (count: number) =>
  [
    sql<number[]>`array(select nextval(pg_get_serial_sequence('bookings', 'booking_id'))::integer
      from generate_series(1, ${count}))`.as('booking_ids'),
    sql<string>`to_char(now() at time zone 'UTC', 'YY')`.as('yy'),
  ] as const;

export const reservedBookingIds = (columns: { booking_ids: number[]; yy: string }): ReservedBookingId[] =>
  columns.booking_ids.map((bookingId) => ({ bookingId, year2: columns.yy }));

/** Draws `count` ids from the bookings identity; rows inserted with them never collide. */
export async function reserveBookingIds(db: Kysely<Database>, count: number): Promise<ReservedBookingId[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ booking_ids: number[]; yy: string }>`
    select ${sql.join(reservedBookingIdColumns(count))}`.execute(db);
  return reservedBookingIds(rows[0] as { booking_ids: number[]; yy: string });
}
