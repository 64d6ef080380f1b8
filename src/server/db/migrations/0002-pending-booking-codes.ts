/**
 * A pending booking has no booking number yet: SPEC §4 "Bookings may be pending review by Customer
 * Support and receive a booking number once confirmed". The unique constraint stays; PostgreSQL
 * lets any number of rows hold null in a unique column.
 */
export const statements: readonly string[] = [`alter table bookings alter column booking_code drop not null`];
