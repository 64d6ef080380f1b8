/**
 * What the hub says about a change: an order's change is its dashboard rows as they are now
 * (orderChangeMessage); an `inventory` change (an internal reservation or a manual count) belongs
 * to no order and concerns staff only — the availability screens read the numbers again. Bookings,
 * cancels and acceptances reach those screens as the order changes they are.
 */
import type { MessageFor } from '../hub/hub';
import { orderChangeMessage } from './dashboard-rows';

export const hubMessageFor: MessageFor = async (db, id, change) =>
  change === 'inventory'
    ? {
        partyIds: [],
        message: {
          Change: 'inventory',
          BookingOrderId: 0,
          StatusCode: null,
          ChangedAt: new Date().toISOString(),
          Rows: [],
        },
      }
    : orderChangeMessage(db, id, change);
