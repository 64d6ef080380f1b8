/** Reposition Booking (RP): units moved from one yard to another. */
import { Entity, Permission } from '../../../domain/permissions';
import { type BookingType, facts, need } from '../registry';
import { bookReposition } from './booker';
import { repositionRoutes } from './routes';
import { updateReposition } from './updater';

export const repositionBooking: BookingType = {
  ...facts('RP'),
  booker: { name: 'repositionBooking', book: bookReposition },
  updater: { name: 'repositionBooking', update: updateReposition },
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
