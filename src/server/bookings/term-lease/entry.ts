/** Term Lease Booking (TL): units booked under a term lease contract, with its fees. */
import { Entity, Permission } from '../../../domain/permissions';
import { type BookingType, facts, need } from '../registry';
import { flowBooker, flowUpdater } from '../submission';
import { bookTermLease } from './booker';
import { termLeaseRoutes } from './routes';
import { updateTermLease } from './updater';

export const termLeaseBooking: BookingType = {
  ...facts('TL'),
  booker: { name: 'termLeaseBooking', book: flowBooker(bookTermLease) },
  updater: { name: 'termLeaseBooking', update: flowUpdater(updateTermLease) },
  // Cancelled on its own screen (POST /api/longtermbooking/cancelLongTermOrder, SPEC §7): its fees
  // and the "term close of fulfilled booking" flag go with it.
  cancel: null,
  editable: {
    staff: need(Entity.TermLeaseBooking, Permission.Update),
    customer: need(Entity.TermLeaseBooking, Permission.Update, Permission.Create),
    statuses: ['OP', 'PN'],
  },
  routes: termLeaseRoutes,
};
