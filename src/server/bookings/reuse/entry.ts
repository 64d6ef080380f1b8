/** Reuse Booking (RU): chassis the customer already holds, booked again. */
import { POOL_CANCEL } from '../pool/entry';
import { type BookingType, facts } from '../registry';
import { flowBooker } from '../submission';
import { bookReuse, reuseVerdicts } from './booker';

export const reuseBooking: BookingType = {
  ...facts('RU'),
  booker: { name: 'reuseBooking', book: flowBooker(bookReuse) },
  chassisCheck: reuseVerdicts,
  cancel: POOL_CANCEL,
  editable: null,
};
