/**
 * The product's booking types: one entry per order type, each from its own folder. A new type adds
 * its folder (booker, updater, routes, entry) and one line here; everything else derives its list
 * from the registry.
 */
import { dailyLeaseBooking, poolBooking } from './pool/entry';
import { poolRedelivery } from './pool-redelivery/entry';
import { type BookingType, type BookingTypes, registryOf } from './registry';
import { repositionBooking } from './reposition/entry';
import { reuseBooking } from './reuse/entry';
import { termLeaseBooking } from './term-lease/entry';
import { termLeaseRedelivery } from './term-lease-redelivery/entry';

export const PRODUCT_BOOKING_TYPES: readonly BookingType[] = [
  poolBooking,
  dailyLeaseBooking,
  reuseBooking,
  repositionBooking,
  termLeaseBooking,
  poolRedelivery,
  termLeaseRedelivery,
];

/** The product's types plus a test's fixture types (tests/fixtures/booking-types). */
export const bookingTypeRegistry = (extra: readonly BookingType[] = []): BookingTypes =>
  registryOf([...PRODUCT_BOOKING_TYPES, ...extra]);
