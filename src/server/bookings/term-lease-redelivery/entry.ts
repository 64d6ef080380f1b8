/** Term Lease Redelivery (TR): chassis under a contract returned, with swaps and overrides per line. */
import { Entity, Permission } from '../../../domain/permissions';
import { type BookingType, facts, need } from '../registry';
import { flowBooker, flowUpdater } from '../submission';
import { bookTermLeaseRedelivery } from './booker';
import { termLeaseRedeliveryRoutes } from './routes';
import { updateTermLeaseRedelivery } from './updater';

export const termLeaseRedelivery: BookingType = {
  ...facts('TR'),
  booker: { name: 'termLeaseRedelivery', book: flowBooker(bookTermLeaseRedelivery) },
  updater: { name: 'termLeaseRedelivery', update: flowUpdater(updateTermLeaseRedelivery) },
  cancel: {
    staff: need(Entity.TermLeaseRedelivery, Permission.Update),
    customer: need(Entity.TermLeaseRedelivery, Permission.Update),
  },
  // While a booking is still on its way back (docs/decisions.md "Redeliveries (issue 17)").
  editable: {
    staff: need(Entity.TermLeaseRedelivery, Permission.Update),
    customer: need(Entity.TermLeaseRedelivery, Permission.Update, Permission.Create),
    statuses: ['OP', 'PN'],
  },
  routes: termLeaseRedeliveryRoutes,
};
