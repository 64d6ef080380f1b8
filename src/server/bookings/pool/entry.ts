/** Pool Booking (PB, booked by the pool and inventory flows) and Daily Lease Booking (DL). */
import { Entity, Permission } from '../../../domain/permissions';
import { type Abilities, type BookingType, facts, need } from '../registry';
import { flowBooker } from '../submission';
import { bookCustomerUnits } from './book-units';

/** Who cancels an order of units drawn on a pool: the pool booking bits (reuse shares them). */
export const POOL_CANCEL: Abilities = {
  staff: need(Entity.InternalPoolBooking, Permission.Update),
  customer: need(Entity.CustomerPoolBooking, Permission.Update),
};

const pool = facts('PB');
const dailyLease = facts('DL');

export const poolBooking: BookingType = {
  ...pool,
  booker: { name: 'poolBooking', book: flowBooker(bookCustomerUnits(pool)) },
  cancel: POOL_CANCEL,
  // docs/decisions.md "Engine v2 and reposition": changed by cancelling and booking again.
  editable: null,
};

export const dailyLeaseBooking: BookingType = {
  ...dailyLease,
  booker: { name: 'dailyLeaseBooking', book: flowBooker(bookCustomerUnits(dailyLease)) },
  cancel: POOL_CANCEL,
  editable: null,
};
