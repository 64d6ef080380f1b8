import { TERM_REDELIVERY_MESSAGES } from '../../../domain/term-lease-redelivery';
import { claimChassis } from '../../domain/chassis-holds';
import { insertBookings, type NewBooking } from '../booking-orders';
import { requestFingerprint } from '../booking-transaction';
import { SubmissionRefused, type Updater } from '../submission';
import {
  checkedLines,
  orderDetails,
  plannedBookings,
  SWAP_REPLACEMENT,
  type TermRedeliveryData,
} from './lines';
import { OPEN, TERM_REDELIVERY_ORDER_TYPE } from './search';

/** Which booking of an order a planned one is: the same line, location and kind (returned or replacement). */
const bookingKey = (line: number | null, location: number, comment: string | null) =>
  `${line}:${location}:${comment === SWAP_REPLACEMENT ? 'replacement' : 'returned'}`;

/**
 * POST /updatelongtermredelivery (edit mode), inside the update frame's transaction (order-update.ts:
 * customer and order locked, Version compared, editability checked). The edited lines pass every
 * check a new redelivery passes (SPEC §4 on the server's flags, the acknowledgements); then the
 * order's open bookings are moved to match them: a booking of the same line, location and kind
 * keeps its number and gets the chassis now planned there; a planned booking without one is added;
 * an open booking no longer planned is cancelled. A chassis taken off the order is free to list
 * again. Bookings no longer open (fulfilled, closed, cancelled) are left as they are. Any refusal
 * rolls the whole edit back.
 */
export const updateTermLeaseRedelivery: Updater<TermRedeliveryData> = async (trx, request, { clock }) => {
  const { data } = request;
  const orderId = request.orderId;
  if (data.Search.BookingOrderId !== undefined && data.Search.BookingOrderId !== orderId)
    throw SubmissionRefused.fromErrors(
      [{ field: 'Search.BookingOrderId', message: TERM_REDELIVERY_MESSAGES.notThisOrder }],
      'WRONG_ORDER',
    );
  const order = await trx
    .selectFrom('booking_orders')
    .select(['customer_id', 'contact_name', 'email_addresses', 'details', 'contract_id'])
    .where('booking_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const requested = data.Customer?.CustomerId;
  if (requested !== undefined && requested !== order.customer_id)
    throw SubmissionRefused.fromErrors(
      [{ field: 'Customer.CustomerId', message: TERM_REDELIVERY_MESSAGES.customerFixed }],
      'CUSTOMER_FIXED',
    );
  const live = await checkedLines(trx, request.viewer, order.customer_id, request, clock(), orderId);
  const planned = plannedBookings(live);

  const existing = await trx
    .selectFrom('bookings')
    .select([
      'booking_id',
      'booking_code',
      'status_code',
      'location_id',
      'equipment_line_id',
      'booking_comment',
      'units_requested_count',
    ])
    .where('booking_order_id', '=', orderId)
    .orderBy('booking_id')
    .forUpdate()
    .execute();
  const held = await trx
    .selectFrom('booking_chassis as bc')
    .innerJoin('bookings as b', 'b.booking_id', 'bc.booking_id')
    .innerJoin('chassis as c', 'c.chassis_master_id', 'bc.chassis_master_id')
    .select(['bc.booking_id', 'bc.chassis_master_id', 'c.chassis_id'])
    .where('b.booking_order_id', '=', orderId)
    .execute();
  const chassisOf = (bookingId: number) => held.filter((h) => h.booking_id === bookingId);
  const openByKey = new Map(
    existing
      .filter((e) => OPEN.includes(e.status_code))
      .map((e) => [bookingKey(e.equipment_line_id, e.location_id, e.booking_comment), e]),
  );
  const now = clock();
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  const added: NewBooking[] = [];
  const kept = new Set<number>();
  const idsOf = new Map(live.flatMap((l) => l.LineItemDetails.map((d) => [d.ChassisMasterId, d.ChassisId])));
  // The order's own chassis stay its own; any other open booking holding one refuses the edit.
  await claimChassis(
    trx,
    planned.flatMap((p) => p.chassisMasterIds ?? []),
    { orderType: TERM_REDELIVERY_ORDER_TYPE, exceptOrderId: orderId },
  );

  for (const p of planned) {
    const e = openByKey.get(bookingKey(p.equipmentLineId ?? null, p.locationId, p.bookingComment ?? null));
    if (!e) {
      added.push(p);
      continue;
    }
    kept.add(e.booking_id);
    const code = e.booking_code ?? String(e.booking_id);
    const before = chassisOf(e.booking_id).map((h) => h.chassis_master_id);
    const after = p.chassisMasterIds ?? [];
    const gone = before.filter((id) => !after.includes(id));
    const come = after.filter((id) => !before.includes(id));
    if (gone.length > 0)
      await trx
        .deleteFrom('booking_chassis')
        .where('booking_id', '=', e.booking_id)
        .where('chassis_master_id', 'in', gone)
        .execute();
    if (come.length > 0)
      await trx
        .insertInto('booking_chassis')
        .values(come.map((id) => ({ booking_id: e.booking_id, chassis_master_id: id })))
        .execute();
    if (gone.length > 0 || come.length > 0)
      changes.push({
        field: `Booking ${code}.Chassis`,
        before: chassisOf(e.booking_id)
          .map((h) => h.chassis_id)
          .sort(),
        after: after.map((id) => idsOf.get(id) ?? String(id)).sort(),
      });
    const comment = p.bookingComment ?? null;
    if (p.units !== e.units_requested_count || comment !== e.booking_comment) {
      await trx
        .updateTable('bookings')
        .set({ units_requested_count: p.units, booking_comment: comment, updated_at: now })
        .where('booking_id', '=', e.booking_id)
        .execute();
      if (p.units !== e.units_requested_count)
        changes.push({
          field: `Booking ${code}.UnitsRequestedCount`,
          before: e.units_requested_count,
          after: p.units,
        });
      if (comment !== e.booking_comment)
        changes.push({ field: `Booking ${code}.BookingComment`, before: e.booking_comment, after: comment });
    }
  }
  for (const e of openByKey.values()) {
    if (kept.has(e.booking_id)) continue;
    // Its chassis leave the order (free to list again); the booking stays, cancelled.
    await trx.deleteFrom('booking_chassis').where('booking_id', '=', e.booking_id).execute();
    await trx
      .updateTable('bookings')
      .set({ status_code: 'CN', updated_at: now })
      .where('booking_id', '=', e.booking_id)
      .execute();
    changes.push({
      field: `Booking ${e.booking_code ?? e.booking_id}.BookingStatusCode`,
      before: e.status_code,
      after: 'CN',
    });
  }
  if (added.length > 0) {
    const rows = await insertBookings(trx, orderId, TERM_REDELIVERY_ORDER_TYPE, 'OP', added);
    const chassis = added.flatMap((b, i) =>
      (b.chassisMasterIds ?? []).map((id) => ({
        booking_id: rows[i]?.booking_id as number,
        chassis_master_id: id,
      })),
    );
    if (chassis.length > 0) await trx.insertInto('booking_chassis').values(chassis).execute();
    for (const [i, r] of rows.entries())
      changes.push({
        field: 'Bookings',
        before: null,
        after: {
          booking: r.booking_code,
          location: r.location_id,
          units: r.units_requested_count,
          chassis: (added[i]?.chassisMasterIds ?? []).map((id) => idsOf.get(id) ?? String(id)),
        },
      });
  }

  const beforeDetails = typeof order.details === 'string' ? JSON.parse(order.details) : (order.details ?? {});
  const details = orderDetails(data.Search, live);
  const contractIds = [...new Set(live.map((l) => l.ContractId))];
  const contractId = contractIds.length === 1 ? (contractIds[0] as number) : null;
  // The database keeps JSON with its own key order: the same fingerprint is the same Details.
  const detailsChanged = requestFingerprint(beforeDetails) !== requestFingerprint(details);
  if (detailsChanged) changes.push({ field: 'Details', before: beforeDetails, after: details });
  const contact = data.Contact;
  for (const [key, before] of [
    ['ContactName', order.contact_name],
    ['EmailAddresses', order.email_addresses],
  ] as const)
    if (contact[key] !== before) changes.push({ field: `Contact.${key}`, before, after: contact[key] });
  await trx
    .updateTable('booking_orders')
    .set({
      details: JSON.stringify(details),
      contract_id: contractId,
      contact_name: contact.ContactName,
      email_addresses: contact.EmailAddresses,
    })
    .where('booking_order_id', '=', orderId)
    .execute();
  return { changes };
};
