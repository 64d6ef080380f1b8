/** Editing a term lease order (SPEC §4 Term lease booking, edit mode): the type's updater. */

import { TERM_LEASE_ORDER_TYPE, visibleContract } from '../../domain/term-lease-contracts';
import { insertBookings, insertPendingRequest, PendingReason } from '../booking-orders';
import type { Updater } from '../submission';
import {
  type BookedItem,
  checkedContractLines,
  checkQuantities,
  lockLocations,
  newBooking,
  overAvailability,
  refuse,
  type TermLeaseData,
} from './booker';
import { reconcileFees } from './fees';
import { CANCELLABLE } from './orders';

/**
 * Editing a term lease order (SPEC §4 Term lease booking, edit mode), inside the update frame's
 * transaction (order-update.ts: customer and order locked, Version compared): per booked item,
 * CancelBooking cancels an open booking and un-ticking it on a cancelled one un-cancels it; a
 * changed count changes the booking; IsSwapBooking with another location moves the same number of
 * units there (the old booking cancelled, a new one booked, in this one transaction); items without
 * BookingId are new bookings. Existing bookings are never dropped: they are cancelled. Then the
 * line quantities, availability (new units only) and the fees (reconcileFees) are settled.
 */
export const updateTermLease: Updater<TermLeaseData> = async (trx, request, { clock }) => {
  const { data } = request;
  const orderId = request.orderId;
  const order = await trx
    .selectFrom('booking_orders')
    .select(['contract_id', 'status_code', 'contact_name', 'email_addresses', 'send_external_notification'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.contract_id !== data.Contract.ContractId)
    throw refuse(
      'Contract.ContractId',
      'The contract of a booked term lease order cannot change: cancel this order and book on the other contract.',
      'CONTRACT_FIXED',
    );
  const contract = await visibleContract(trx, request.viewer, data.Contract.ContractId);
  const lines = await checkedContractLines(trx, request.viewer, contract, data, orderId);

  const existing = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('booking_order_id', '=', orderId)
    .orderBy('booking_id')
    .forUpdate()
    .execute();
  const byId = new Map(existing.map((b) => [b.booking_id, b]));
  const sent = data.LineItems.flatMap((i) => i.BookedItems.filter((b) => b.BookingId !== undefined));
  for (const b of sent)
    if (!byId.has(b.BookingId as number))
      throw refuse(
        'LineItems',
        `Booking ${b.BookingId} is not a booking of this order: reload the order and try again.`,
        'BOOKING_NOT_ORDERS',
      );
  const missing = existing.filter((e) => !sent.some((b) => b.BookingId === e.booking_id));
  if (missing.length > 0)
    throw refuse(
      'LineItems',
      `Booking ${missing[0]?.booking_code ?? missing[0]?.booking_id} cannot be removed from a booked order: tick Cancel booking instead.`,
      'BOOKING_REMOVED',
    );

  // What this order held per line before the edit, so a line the edit does not add to may stay over.
  const before = new Map<number, number>();
  for (const item of data.LineItems)
    before.set(
      item.EquipmentLineID,
      item.BookedItems.filter((b) => b.BookingId !== undefined)
        .map((b) => byId.get(b.BookingId as number))
        .filter((e) => e && e.status_code !== 'CN' && e.status_code !== 'EX')
        .reduce((sum, e) => sum + (e?.units_requested_count ?? 0), 0),
    );
  await checkQuantities(trx, data, lines, orderId, before);

  const touched = data.LineItems.flatMap((i) => i.BookedItems.map((b) => b.LocationId));
  await lockLocations(trx, [...touched, ...existing.map((e) => e.location_id)]);
  // New units: a new item, an increase, an un-cancel, or a swap's units at their new location.
  const extra = (_line: number, b: BookedItem): number => {
    const e = b.BookingId !== undefined ? byId.get(b.BookingId) : undefined;
    if (!e) return b.UnitsRequestedCount;
    if (b.IsSwapBooking && b.LocationId !== e.location_id) return b.UnitsRequestedCount;
    if (e.status_code === 'CN') return b.UnitsRequestedCount;
    return Math.max(0, b.UnitsRequestedCount - e.units_requested_count);
  };
  const { over } = await overAvailability(trx, request, data, contract, lines, extra, orderId);

  const now = clock();
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  const newBookings: { line: number; b: BookedItem }[] = [];
  const pendingOrOpen = over || order.status_code === 'PN' ? 'PN' : 'OP';
  for (const [li, item] of data.LineItems.entries()) {
    for (const [bi, b] of item.BookedItems.entries()) {
      const field = `LineItems.${li}.BookedItems.${bi}`;
      const e = b.BookingId !== undefined ? byId.get(b.BookingId) : undefined;
      if (!e) {
        if (!b.CancelBooking) newBookings.push({ line: item.EquipmentLineID, b });
        continue;
      }
      const code = e.booking_code ?? String(e.booking_id);
      if (b.CancelBooking) {
        if (e.status_code === 'CN') continue;
        if (!CANCELLABLE.includes(e.status_code))
          throw refuse(
            `${field}.CancelBooking`,
            `Booking ${code} is ${e.status_code === 'FF' ? 'fulfilled' : 'closed'}: it can no longer be cancelled.`,
            'NOT_CANCELLABLE',
          );
        await trx
          .updateTable('bookings')
          .set({ status_code: 'CN', updated_at: now })
          .where('booking_id', '=', e.booking_id)
          .execute();
        changes.push({ field: `Booking ${code}.CancelBooking`, before: false, after: true });
        continue;
      }
      if (b.IsSwapBooking && b.LocationId !== e.location_id) {
        if (!CANCELLABLE.includes(e.status_code))
          throw refuse(
            `${field}.LocationId`,
            `Booking ${code} is no longer open: only an open booking can be swapped.`,
            'NOT_SWAPPABLE',
          );
        if (b.UnitsRequestedCount !== e.units_requested_count)
          throw refuse(
            `${field}.UnitsRequestedCount`,
            `A swap moves the same number of units: booking ${code} has ${e.units_requested_count}.`,
            'SWAP_COUNT',
          );
        await trx
          .updateTable('bookings')
          .set({ status_code: 'CN', updated_at: now })
          .where('booking_id', '=', e.booking_id)
          .execute();
        newBookings.push({ line: item.EquipmentLineID, b });
        changes.push({ field: `Booking ${code}.LocationId`, before: e.location_id, after: b.LocationId });
        continue;
      }
      if (b.LocationId !== e.location_id)
        throw refuse(
          `${field}.LocationId`,
          `Booking ${code} stays at its location: tick Swap to move its units to another location.`,
          'LOCATION_FIXED',
        );
      if (e.status_code === 'CN') {
        // Un-cancel: the booking is open again with the count asked.
        await trx
          .updateTable('bookings')
          .set({ status_code: pendingOrOpen, units_requested_count: b.UnitsRequestedCount, updated_at: now })
          .where('booking_id', '=', e.booking_id)
          .execute();
        changes.push({ field: `Booking ${code}.CancelBooking`, before: true, after: false });
        continue;
      }
      if (b.UnitsRequestedCount !== e.units_requested_count) {
        if (!CANCELLABLE.includes(e.status_code))
          throw refuse(
            `${field}.UnitsRequestedCount`,
            `Booking ${code} is no longer open: its count cannot change.`,
            'NOT_EDITABLE',
          );
        if (b.UnitsRequestedCount < e.units_fulfilled_count)
          throw refuse(
            `${field}.UnitsRequestedCount`,
            `Booking ${code} already has ${e.units_fulfilled_count} units picked up: book at least that many.`,
            'BELOW_FULFILLED',
          );
        await trx
          .updateTable('bookings')
          .set({ units_requested_count: b.UnitsRequestedCount, updated_at: now })
          .where('booking_id', '=', e.booking_id)
          .execute();
        changes.push({
          field: `Booking ${code}.UnitsRequestedCount`,
          before: e.units_requested_count,
          after: b.UnitsRequestedCount,
        });
      }
    }
  }
  if (newBookings.length > 0) {
    const rows = await insertBookings(
      trx,
      orderId,
      TERM_LEASE_ORDER_TYPE,
      pendingOrOpen,
      newBookings.map((item) => newBooking(lines, item)),
    );
    for (const r of rows)
      changes.push({
        field: 'LineItems',
        before: null,
        after: { location: r.location_id, units: r.units_requested_count },
      });
  }
  if (over && order.status_code !== 'PN') {
    await trx
      .updateTable('booking_orders')
      .set({ status_code: 'PN' })
      .where('booking_order_id', '=', orderId)
      .execute();
    await insertPendingRequest(trx, orderId, PendingReason.overAvailability);
  }
  const contact = data.Contact;
  const contactBefore = {
    ContactName: order.contact_name,
    EmailAddresses: order.email_addresses,
    SendExternalNotification: order.send_external_notification,
  };
  for (const key of ['ContactName', 'EmailAddresses', 'SendExternalNotification'] as const) {
    const after = key === 'SendExternalNotification' ? contact[key] === true : contact[key];
    if (after !== contactBefore[key])
      changes.push({ field: `Contact.${key}`, before: contactBefore[key], after });
  }
  if (changes.some((c) => c.field.startsWith('Contact.')))
    await trx
      .updateTable('booking_orders')
      .set({
        contact_name: contact.ContactName,
        email_addresses: contact.EmailAddresses,
        send_external_notification: contact.SendExternalNotification === true,
      })
      .where('booking_order_id', '=', orderId)
      .execute();
  for (const fee of await reconcileFees(trx, orderId))
    changes.push({ field: 'Fees', before: null, after: fee });
  return { changes };
};
