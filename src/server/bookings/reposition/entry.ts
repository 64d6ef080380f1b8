/** Reposition Booking (RP): units moved from one yard to another. */
import { Entity, Permission } from '../../../domain/permissions';
import { type BookingType, facts, need } from '../registry';
import { flowBooker, flowUpdater } from '../submission';
import { bookReposition } from './booker';
import { repositionRoutes } from './routes';
import { updateReposition } from './updater';

export const repositionBooking: BookingType = {
  ...facts('RP'),
  booker: { name: 'repositionBooking', book: flowBooker(bookReposition) },
  updater: { name: 'repositionBooking', update: flowUpdater(updateReposition) },
  cancel: {
    staff: need(Entity.RepositionBooking, Permission.Update),
    customer: need(Entity.RepositionBooking, Permission.Update),
  },
  editable: {
    staff: need(Entity.RepositionBooking, Permission.Update),
    customer: need(Entity.RepositionBooking, Permission.Update, Permission.Create),
    statuses: ['OP', 'PN'],
  },
  routes: repositionRoutes,
};
