/**
 * Reposition booking (RP, SPEC §3/§4): units of one size and class move from an origin to one or
 * more destinations, one booking per destination (location_id = origin, to_location_id =
 * destination). Confirmed at once with booking numbers, unless the total passes what the origin has:
 * then, once the user has answered the over-available question, the order waits for Customer
 * Support (OVER_AVAIL) and the audit entry records that the user agreed.
 */
import type { Kysely } from 'kysely';
import type { RepositionBookingData } from '../../../flows/flow-data.generated';
import type { Database } from '../../db/types';
import { contactAddresses } from '../../domain/booking-notification';
import { actorOf } from '../../domain/order-audit';
import { insertOrder, type NewBooking, PendingReason } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import { type Booker, type BookingRequest, SubmissionRefused } from '../submission';
import { repositionAvailable, sourceOf } from './availability';
import { checkReposition, type RepositionHeader, type RepositionOrder, repositionDetails } from './checks';

export const REPOSITION_ORDER_TYPE = 'RP';

/** Sum of the units of the destinations not being cancelled. */
export const totalUnits = (orders: readonly RepositionOrder[]): number =>
  orders.filter((o) => !o.CancelBooking).reduce((sum, o) => sum + o.UnitsRequestedCount, 0);

/** A new destination's booking. */
export const newDestination = (header: RepositionHeader, order: RepositionOrder): NewBooking => ({
  locationId: header.FromLocationId,
  toLocationId: order.ToLocationId,
  category: header.EquipmentSize,
  equipmentClass: header.EquipmentClass,
  extendable: header.Extendable === 'Yes',
  units: order.UnitsRequestedCount,
  motorCarrierId: order.MotorCarrierId,
  bookingComment: order.BookingComment ?? null,
  railTerminalReleaseNumber: order.RailTerminalReleaseNumber ?? null,
  withRedelivery: order.WithRedelivery === true && !order.CancelRedelivery,
  redeliveryRequestedCount:
    order.WithRedelivery && !order.CancelRedelivery ? (order.RedeliveryRequestedCount ?? 0) : 0,
});

/**
 * Whether `wanted` more units pass what the origin has. Over it, the user must have answered the
 * flow's over-available question — asked again here with the server's figure, since the one the
 * form showed may be stale; answered, the caller books it for review.
 */
export async function overAvailable(
  trx: Kysely<Database>,
  request: Pick<BookingRequest, 'unanswered'>,
  data: RepositionBookingData,
  wanted: number,
  excludeOrderId?: number,
): Promise<{ over: boolean; available: number }> {
  const available = await repositionAvailable(trx, sourceOf(data.Header, excludeOrderId));
  if (wanted <= available) return { over: false, available };
  const asked = request.unanswered({ ...data, Header: { ...data.Header, AvailableQuantity: available } });
  if (asked.length > 0) throw SubmissionRefused.asking(asked);
  return { over: true, available };
}

/** Locks the origin row: two repositions from one origin check its availability one after the other. */
export const lockOrigin = (trx: Kysely<Database>, locationId: number) =>
  trx
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', '=', locationId)
    .forNoKeyUpdate()
    .execute();

/** SPEC §3: with SendToExternalParties, the external parties are told too. */
export const externalParties = (contact: RepositionBookingData['Contact']): string[] =>
  contact.SendToExternalParties ? contactAddresses(contact.notifyExternalParties ?? '') : [];

export const bookReposition: Booker<RepositionBookingData> = async (deps, request) => {
  const { data } = request;
  const rows = data.Orders.map((order, index) => ({ order, index })).filter((r) => !r.order.CancelBooking);
  if (data.Orders.some((o) => o.RepositionBookingId !== undefined))
    throw SubmissionRefused.fromErrors(
      [
        {
          field: 'Orders',
          message: 'A new reposition cannot name existing bookings: open the order with Edit to change them.',
        },
      ],
      'EXISTING_BOOKING',
    );
  return bookOnce(
    deps,
    request,
    REPOSITION_ORDER_TYPE,
    data.Header.CustomerId,
    async (trx, customer) => {
      const { marketCode } = await checkReposition(trx, data.Header, rows);
      await lockOrigin(trx, data.Header.FromLocationId);
      const total = totalUnits(data.Orders);
      const { over, available } = await overAvailable(trx, request, data, total);
      return insertOrder(trx, {
        orderType: REPOSITION_ORDER_TYPE,
        customerId: customer.customerId,
        marketCode,
        contact: data.Contact,
        details: repositionDetails(data.Header, data.Contact),
        idempotency: idempotencyOf(request),
        actor: actorOf(request.viewer),
        pending: over ? PendingReason.overAvailability : null,
        bookings: rows.map((r) => newDestination(data.Header, r.order)),
        audit: { available, ...(over ? { overAvailableAgreed: true } : {}) },
      });
    },
    externalParties(data.Contact),
  );
};
