/**
 * The bookers a flow file may name in `submit.booker` (docs/flows.md). A new booking type that
 * books something no booker books adds its domain function here, in one line. The server refuses
 * to start when a flow names a booker that is not in this list (src/server/flows.ts).
 */
import { bookCustomerUnits } from './customer-booking';
import { bookReuse } from './reuse-booking';
import type { Booker } from './submission';

export const bookers: Readonly<Record<string, Booker>> = {
  poolBooking: bookCustomerUnits('pool'),
  dailyLeaseBooking: bookCustomerUnits('dailyLease'),
  reuseBooking: bookReuse,
};
