/** Pool Redelivery (PR): pool chassis on hire, listed for return. */
import { Entity, Permission } from '../../../domain/permissions';
import { type BookingType, facts, need } from '../registry';
import { flowBooker } from '../submission';
import { bookPoolRedelivery, poolRedeliveryVerdicts } from './booker';
import { poolRedeliveryRoutes } from './routes';

export const poolRedelivery: BookingType = {
  ...facts('PR'),
  booker: { name: 'poolRedelivery', book: flowBooker(bookPoolRedelivery) },
  chassisCheck: poolRedeliveryVerdicts,
  cancel: {
    staff: need(Entity.PoolRedelivery, Permission.Update),
    customer: need(Entity.PoolRedelivery, Permission.Update),
  },
  // docs/decisions.md "Redeliveries (issue 17)": changed by cancelling and listing again.
  editable: null,
  routes: poolRedeliveryRoutes,
};
