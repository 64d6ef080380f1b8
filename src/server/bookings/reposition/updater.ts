/**
 * Editing a reposition (SPEC §4 "Reposition", edit mode), inside the update frame's transaction
 * (order-update.ts): a destination's booking cancelled (CancelBooking) or its redelivery dropped
 * (CancelRedelivery), quantities up or down (availability re-checked for the increase only), its
 * carrier, comment and release number changed, new destinations added, the contact changed. The
 * origin, org, size, class and Extendable are the order's identity: they cannot change once booked
 * (docs/decisions.md) — the user cancels and books again.
 */
import type { Kysely } from 'kysely';
import type { RepositionBookingData } from '../../../flows/flow-data.generated';
import type { Database } from '../../db/types';
import { insertBookings, insertPendingRequest, PendingReason } from '../booking-orders';
import { SubmissionRefused, type UpdateOutcome, type Updater } from '../submission';
import {
  externalParties,
  lockOrigin,
  newDestination,
  overAvailable,
  REPOSITION_ORDER_TYPE,
  totalUnits,
} from './booker';
import { checkReposition, type RepositionOrder, repositionDetails } from './checks';

type Change = UpdateOutcome['changes'][number];
type BookingRow = Awaited<ReturnType<typeof bookingsOf>>[number];

const OPEN = ['OP', 'PN'];

const bookingsOf = (trx: Kysely<Database>, orderId: number) =>
  trx
    .selectFrom('bookings')
    .selectAll()
    .where('booking_order_id', '=', orderId)
    .orderBy('booking_id')
    .forUpdate()
    .execute();

const refuse = (field: string, message: string, code: string) =>
  SubmissionRefused.fromErrors([{ field, message }], code);

/** A destination's columns as the edit would leave them. */
function wanted(order: RepositionOrder) {
  const redelivery = order.WithRedelivery === true && !order.CancelRedelivery;
  return {
    to_location_id: order.ToLocationId,
    units_requested_count: order.UnitsRequestedCount,
    motor_carrier_id: order.MotorCarrierId,
    booking_comment: order.BookingComment ?? null,
    rail_terminal_release_number: order.RailTerminalReleaseNumber ?? null,
    with_redelivery: redelivery,
    redelivery_requested_count: redelivery ? (order.RedeliveryRequestedCount ?? 0) : 0,
  };
}

/** The header may not move the order: compared with what the order was booked with. */
function refuseMovedHeader(data: RepositionBookingData, details: Record<string, unknown>, first: BookingRow) {
  const moved = [
    ['InventoryOrgCode', details.InventoryOrgCode, data.Header.InventoryOrgCode],
    ['FromLocationId', details.FromLocationId, data.Header.FromLocationId],
    ['Extendable', details.Extendable, data.Header.Extendable],
    ['EquipmentSize', first.equipment_category_code, data.Header.EquipmentSize],
    ['EquipmentClass', first.equipment_class_code, data.Header.EquipmentClass],
  ].filter(([, before, after]) => before !== after);
  if (moved.length > 0)
    throw SubmissionRefused.fromErrors(
      moved.map(([field]) => ({
        field: `Header.${field}`,
        message:
          'The origin, inventory org, equipment size, class and Extendable of a booked reposition cannot change: cancel this order and book a new one.',
      })),
      'REPOSITION_HEADER_FIXED',
    );
}

export const updateReposition: Updater<RepositionBookingData> = async (trx, request, { clock }) => {
  const { data } = request;
  const orderId = request.orderId;
  const order = await trx
    .selectFrom('booking_orders')
    .select(['status_code', 'details', 'contact_name', 'email_addresses', 'send_external_notification'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const details = (
    typeof order.details === 'string' ? JSON.parse(order.details) : (order.details ?? {})
  ) as Record<string, unknown>;
  await lockOrigin(trx, data.Header.FromLocationId);
  const bookings = await bookingsOf(trx, orderId);
  const first = bookings[0];
  if (!first) throw new Error(`reposition order ${orderId} has no bookings`);
  refuseMovedHeader(data, details, first);

  const byId = new Map(bookings.map((b) => [b.booking_id, b]));
  const listed = new Set<number>();
  const changes: Change[] = [];
  const rows = data.Orders.map((o, index) => ({ order: o, index }));
  for (const { order: o, index } of rows) {
    if (o.RepositionBookingId === undefined) continue;
    if (!byId.has(o.RepositionBookingId) || listed.has(o.RepositionBookingId))
      throw refuse(
        `Orders.${index}.RepositionBookingId`,
        `Booking ${o.RepositionBookingId} is not a destination of order ${orderId} (or is listed twice): reload the order.`,
        'UNKNOWN_BOOKING',
      );
    listed.add(o.RepositionBookingId);
  }
  const missing = bookings.filter((b) => OPEN.includes(b.status_code) && !listed.has(b.booking_id));
  if (missing.length > 0)
    throw refuse(
      'Orders',
      `Destination bookings ${missing.map((b) => b.booking_code ?? b.booking_id).join(', ')} are missing from the edit: send them back, with CancelBooking to cancel one.`,
      'MISSING_BOOKING',
    );

  // Destinations and carriers kept as booked are not checked again: they were when booked, and a
  // location closed since must not block an edit of the order's other lines.
  const toCheck = rows.filter(({ order: o }) => {
    if (o.CancelBooking) return false;
    const b = o.RepositionBookingId === undefined ? undefined : byId.get(o.RepositionBookingId);
    return !b || b.to_location_id !== o.ToLocationId || b.motor_carrier_id !== o.MotorCarrierId;
  });
  await checkReposition(trx, data.Header, toCheck);

  let increase = 0;
  const added: RepositionOrder[] = [];
  for (const { order: o, index } of rows) {
    const b = o.RepositionBookingId === undefined ? undefined : byId.get(o.RepositionBookingId);
    if (!b) {
      if (!o.CancelBooking) {
        added.push(o);
        increase += o.UnitsRequestedCount;
        changes.push({ field: `Orders.${index}`, before: null, after: wanted(o) });
      }
      continue;
    }
    const label = `Orders.${index}`;
    // The trail names the booking by its number (order-audit.ts); refusals name the form's row.
    const booked = `Booking ${b.booking_code ?? `#${b.booking_id}`}`;
    if (!OPEN.includes(b.status_code)) {
      const same = Object.entries(wanted(o)).every(([k, v]) => (b as Record<string, unknown>)[k] === v);
      if (!same || o.CancelBooking)
        throw refuse(
          label,
          `Booking ${b.booking_code ?? b.booking_id} is no longer open: it cannot change.`,
          'BOOKING_ENDED',
        );
      continue;
    }
    if (o.CancelBooking) {
      const status = b.units_fulfilled_count > 0 ? 'CL' : 'CN';
      await trx
        .updateTable('bookings')
        .set({ status_code: status, updated_at: clock() })
        .where('booking_id', '=', b.booking_id)
        .execute();
      changes.push({ field: `${booked}.BookingStatusCode`, before: b.status_code, after: status });
      continue;
    }
    const next = wanted(o);
    if (next.units_requested_count < b.units_fulfilled_count)
      throw refuse(
        `${label}.UnitsRequestedCount`,
        `${b.units_fulfilled_count} units of booking ${b.booking_code ?? b.booking_id} are already picked up: request at least that many.`,
        'BELOW_FULFILLED',
      );
    const diff = Object.entries(next).filter(([k, v]) => (b as Record<string, unknown>)[k] !== v);
    if (diff.length === 0) continue;
    increase += Math.max(0, next.units_requested_count - b.units_requested_count);
    await trx
      .updateTable('bookings')
      .set({ ...next, updated_at: clock() })
      .where('booking_id', '=', b.booking_id)
      .execute();
    for (const [k, v] of diff)
      changes.push({ field: `${booked}.${k}`, before: (b as Record<string, unknown>)[k], after: v });
  }

  // Availability for what is added only: a decrease or a cancel never asks.
  // Ended bookings (cancelled, fulfilled) come back with the order but hold nothing any more.
  const holding = {
    ...data,
    Orders: data.Orders.filter((o) => {
      const b = o.RepositionBookingId === undefined ? undefined : byId.get(o.RepositionBookingId);
      return !b || OPEN.includes(b.status_code);
    }),
  };
  const over =
    increase > 0 && (await overAvailable(trx, request, holding, totalUnits(holding.Orders), orderId)).over;
  const pending = over || order.status_code === 'PN';
  if (added.length > 0)
    await insertBookings(
      trx,
      orderId,
      REPOSITION_ORDER_TYPE,
      pending ? 'PN' : 'OP',
      added.map((o) => newDestination(data.Header, o)),
    );
  if (over && order.status_code !== 'PN')
    await insertPendingRequest(trx, orderId, PendingReason.overAvailability);
  if (over) changes.push({ field: 'overAvailableAgreed', before: null, after: true });

  const header = {
    contact_name: data.Contact.ContactName,
    email_addresses: data.Contact.EmailAddresses,
    send_external_notification: data.Contact.SendToExternalParties === true,
  };
  const nextDetails = repositionDetails(data.Header, data.Contact);
  for (const [k, v] of Object.entries(header))
    if ((order as Record<string, unknown>)[k] !== v)
      changes.push({ field: `Contact.${k}`, before: (order as Record<string, unknown>)[k], after: v });
  for (const [k, v] of Object.entries(nextDetails))
    if ((details[k] ?? null) !== v)
      changes.push({ field: `Details.${k}`, before: details[k] ?? null, after: v });
  await trx
    .updateTable('booking_orders')
    .set({ ...header, details: JSON.stringify(nextDetails), ...(over ? { status_code: 'PN' } : {}) })
    .where('booking_order_id', '=', orderId)
    .execute();
  return { changes, alsoNotify: externalParties(data.Contact) };
};
