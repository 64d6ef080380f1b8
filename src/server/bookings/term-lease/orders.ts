/**
 * What the term lease screen reads (the contract for its form and its availability, an order as it
 * reloads it) and an order's cancel (SPEC §4 Term lease booking).
 */

import { type Kysely, sql } from 'kysely';
import { OPEN_ORDER_STATUSES } from '../../../domain/term-lease';
import type { Database } from '../../db/types';
import { queueEndedMail } from '../../domain/booking-notification';
import { scopeOf, visibleOrders } from '../../domain/dashboard-rows';
import {
  actorOf,
  bookingField,
  type OrderChanges,
  recordOrderChange,
  STATUS_FIELD,
} from '../../domain/order-audit';
import {
  contractInfo,
  contractLines,
  TERM_LEASE_ORDER_TYPE,
  visibleContract,
} from '../../domain/term-lease-contracts';
import type { Viewer } from '../../domain/viewer';
import { AppError, notFound } from '../../errors';
import type { MailDispatch } from '../../mail/outbox';
import { type BookedItem, selectedQuantity, termAvailable } from './booker';
import { orderFees, reconcileFees } from './fees';

type Db = Kysely<Database>;

/** A booking the customer or staff may still cancel: open, or pending review. */
export const CANCELLABLE = ['OP', 'PN'];

/** The order as the term lease screen reloads it (GET /open/{orderId}/{statuses}). */
export async function openTermLeaseOrder(
  db: Db,
  viewer: Viewer,
  orderId: number,
  statuses: readonly string[],
) {
  const order = await db
    .selectFrom('booking_orders as o')
    .leftJoin('term_lease_contracts as c', 'c.contract_id', 'o.contract_id')
    .select([
      'o.booking_order_id',
      'o.booking_order_type_code',
      'o.status_code',
      'o.version',
      'o.contract_id',
      'c.contract_number',
      'o.contact_name',
      'o.email_addresses',
      'o.send_external_notification',
    ])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders(scopeOf(viewer)))
    .executeTakeFirst();
  if (!order || order.booking_order_type_code !== TERM_LEASE_ORDER_TYPE)
    throw notFound(`There is no term lease order ${orderId} of yours.`);
  const bookings = await db
    .selectFrom('bookings as b')
    .innerJoin('locations as l', 'l.location_id', 'b.location_id')
    .select([
      'b.booking_id',
      'b.booking_code',
      'b.status_code',
      'b.location_id',
      'l.location_name',
      'b.equipment_category_code',
      'b.equipment_class_code',
      'b.units_requested_count',
      'b.units_fulfilled_count',
      'b.equipment_line_id',
    ])
    .where('b.booking_order_id', '=', orderId)
    .where('b.status_code', 'in', [...statuses])
    .orderBy('b.booking_id')
    .execute();
  return {
    BookingOrderId: order.booking_order_id,
    BookingOrderTypeCode: order.booking_order_type_code,
    StatusCode: order.status_code,
    Version: order.version,
    ContractId: order.contract_id,
    ContractNumber: order.contract_number,
    ContactName: order.contact_name,
    EmailAddresses: order.email_addresses,
    SendExternalNotification: order.send_external_notification,
    Bookings: bookings.map((b) => ({
      BookingId: b.booking_id,
      BookingCode: b.booking_code,
      BookingStatusCode: b.status_code,
      LocationId: b.location_id,
      LocationName: b.location_name,
      EquipmentSize: b.equipment_category_code,
      EquipmentClass: b.equipment_class_code,
      UnitsRequestedCount: b.units_requested_count,
      UnitsFulfilledCount: b.units_fulfilled_count,
      EquipmentLineID: b.equipment_line_id,
    })),
    Fees: await orderFees(db, orderId),
  };
}

/**
 * Cancel order (SPEC §7 POST /cancelLongTermOrder, §5 asked first by the screen). One transaction:
 * the order row locked; an open booking nothing was picked up on becomes CN, one partly picked up
 * CL; a fulfilled booking is closed (CL) when the "term close of fulfilled booking" flag is on, and
 * refuses the cancel (409) when it is off; pending requests are withdrawn; the fees follow the
 * bookings (reconcileFees); the audit trail records who and when; the order mail saying so, to the
 * contact and the AdditionalEmails, is written in the same transaction and the mail outbox nudged
 * after the commit. Answers the order as it now is (SPEC §9's open-order statuses).
 */
export async function cancelTermLeaseOrder(
  deps: { db: Db; mail: MailDispatch },
  viewer: Viewer,
  body: { BookingOrderId: number; AdditionalEmails?: string },
  closeFulfilled: boolean,
  now: Date,
) {
  const { db } = deps;
  const additional = body.AdditionalEmails?.trim() ?? '';
  const { isEmailList } = await import('../../../rules/operators');
  if (additional !== '' && !isEmailList(additional))
    throw new AppError(400, 'Invalid email address', 'INVALID_EMAIL');
  const orderId = body.BookingOrderId;
  const after = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('booking_orders as o')
      .select(['o.booking_order_type_code', 'o.status_code', 'o.contact_name', 'o.email_addresses'])
      .where('o.booking_order_id', '=', orderId)
      .where(visibleOrders(scopeOf(viewer)))
      .forUpdate()
      .executeTakeFirst();
    if (!order || order.booking_order_type_code !== TERM_LEASE_ORDER_TYPE)
      throw notFound(`There is no term lease order ${orderId} of yours.`);
    if (order.status_code === 'CN' || order.status_code === 'CL')
      throw new AppError(
        409,
        `This order is already ${order.status_code === 'CN' ? 'cancelled' : 'closed'}.`,
        'NOT_CANCELLABLE',
      );
    const bookings = await trx
      .selectFrom('bookings')
      .select(['booking_id', 'booking_code', 'status_code', 'units_fulfilled_count'])
      .where('booking_order_id', '=', orderId)
      .forUpdate()
      .execute();
    if (!closeFulfilled && bookings.some((b) => b.status_code === 'FF'))
      throw new AppError(
        409,
        'Some bookings of this order are fulfilled, and fulfilled bookings cannot be closed from here: cancel the open bookings one by one with Edit.',
        'NOT_CANCELLABLE',
      );
    let closed = false;
    const bookingChanges: OrderChanges = {};
    for (const b of bookings) {
      const to =
        b.status_code === 'FF'
          ? 'CL'
          : CANCELLABLE.includes(b.status_code)
            ? b.units_fulfilled_count > 0
              ? 'CL'
              : 'CN'
            : null;
      if (to === 'CL' || b.status_code === 'CL') closed = true;
      if (to) {
        await trx
          .updateTable('bookings')
          .set({ status_code: to, updated_at: now })
          .where('booking_id', '=', b.booking_id)
          .execute();
        if (to !== b.status_code)
          bookingChanges[bookingField(b, STATUS_FIELD)] = { old: b.status_code, new: to };
      }
    }
    const status = closed ? 'CL' : 'CN';
    await trx
      .updateTable('booking_orders')
      .set({ status_code: status, updated_by: viewer.userId, updated_at: now, version: sql`version + 1` })
      .where('booking_order_id', '=', orderId)
      .execute();
    await trx
      .updateTable('pending_requests')
      .set({ status: 'REJECTED', decided_by: viewer.userId, decided_at: now })
      .where('booking_order_id', '=', orderId)
      .where('status', 'in', ['PENDING', 'VALIDATED'])
      .execute();
    const fees = await reconcileFees(trx, orderId);
    await recordOrderChange(trx, {
      actor: actorOf(viewer),
      orderId,
      action: 'cancelled',
      at: now,
      changes: { [STATUS_FIELD]: { old: order.status_code, new: status }, ...bookingChanges },
      facts: { fees, ...(additional ? { additionalEmails: additional } : {}) },
    });
    const ended = await openTermLeaseOrder(trx, viewer, orderId, OPEN_ORDER_STATUSES);
    await queueEndedMail({ trx, db }, ended, {
      ContactName: order.contact_name ?? '',
      EmailAddresses: `${order.email_addresses ?? ''};${additional}`,
    });
    return ended;
  });
  deps.mail.nudge();
  return after;
}

/** The order being edited, when the viewer may see it and it is a TL order on the contract. */
async function orderOnContract(db: Db, viewer: Viewer, orderId: number, contractId: number): Promise<void> {
  const order = await db
    .selectFrom('booking_orders as o')
    .select(['o.contract_id', 'o.booking_order_type_code'])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders(scopeOf(viewer)))
    .executeTakeFirst();
  if (!order || order.booking_order_type_code !== TERM_LEASE_ORDER_TYPE)
    throw notFound(`There is no term lease order ${orderId} of yours.`);
  if (order.contract_id !== contractId)
    throw new AppError(
      400,
      `Order ${orderId} was booked on another contract: open it again from the dashboard.`,
      'WRONG_CONTRACT',
    );
}

/**
 * The contract as the form takes it (the step action): its details, one line item per contract
 * line with the edited order's bookings on it, the order's saved fees and the locations whose fees
 * are locked.
 */
export async function contractForForm(db: Db, viewer: Viewer, contractId: number, orderId?: number) {
  const info = await contractInfo(db, viewer, contractId, new Date(), orderId);
  if (orderId !== undefined) await orderOnContract(db, viewer, orderId, contractId);
  const bookings =
    orderId === undefined
      ? []
      : await db
          .selectFrom('bookings as b')
          .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
          .innerJoin('term_lease_contract_lines as l', (j) => j.on('l.contract_id', '=', contractId))
          .select([
            'b.booking_id',
            'b.booking_code',
            'b.status_code',
            'b.location_id',
            'b.units_requested_count',
            'l.equipment_line_id',
          ])
          .where('b.booking_order_id', '=', orderId)
          .where(sql<boolean>`(b.equipment_line_id = l.equipment_line_id or (b.equipment_line_id is null
            and b.equipment_category_code = l.equipment_category_code
            and b.equipment_class_code = l.equipment_class_code and b.extendable = l.extendable))`)
          .orderBy('b.booking_id')
          .execute();
  const fees = orderId === undefined ? [] : await orderFees(db, orderId);
  const lineItems = info.Lines.map((line) => {
    const items: BookedItem[] = bookings
      .filter((b) => b.equipment_line_id === line.EquipmentLineID)
      .map((b) => ({
        BookingId: b.booking_id,
        LocationId: b.location_id,
        OriginalLocationId: b.location_id,
        BookingCode: b.booking_code,
        BookingStatusCode: b.status_code,
        UnitsRequestedCount: b.units_requested_count,
        OriginalUnitsRequestedCount: b.units_requested_count,
        CancelBooking: b.status_code === 'CN',
        ...(orderId !== undefined ? { BookingOrderId: orderId } : {}),
      }));
    const selected = selectedQuantity(items);
    const taken = new Set(items.filter((i) => !i.CancelBooking).map((i) => i.LocationId));
    return {
      EquipmentLineID: line.EquipmentLineID,
      EquipmentSize: line.EquipmentSize,
      EquipmentClass: line.EquipmentClass,
      MarketCode: line.MarketCode,
      Quantity: line.Quantity,
      DailyRate: line.DailyRate,
      AdditionalOnHireAllowed: line.AdditionalOnHireAllowed,
      BookedQuantity: line.BookedQuantity,
      SelectedQuantity: selected,
      OrigSelectedQuantity: selected,
      Locations: line.Locations,
      AvailableLocations: line.Locations.filter((l) => !taken.has(l)),
      IsCollapsed: false,
      BookedItems: items,
    };
  });
  return {
    ContractNumber: info.ContractNumber,
    EffectiveDate: info.EffectiveDate,
    EffectiveTo: info.EffectiveTo,
    ContractStatus: info.ContractStatus,
    Bookable: info.Bookable,
    NotBookableReason: info.NotBookableReason,
    LineItems: lineItems,
    BookingFees: fees,
    LockedFeeLocations: [...new Set(fees.filter((f) => f.LockedForEdit).map((f) => f.feeLocation as number))],
  };
}

/** POST /checkavailability: units available per line and location of the contract, with the time. */
export async function contractAvailability(db: Db, viewer: Viewer, contractId: number, orderId?: number) {
  const contract = await visibleContract(db, viewer, contractId);
  if (orderId !== undefined) await orderOnContract(db, viewer, orderId, contractId);
  const lines = await contractLines(db, contract, orderId);
  const rows: { EquipmentLineID: number; LocationId: number; Available: number }[] = [];
  for (const line of lines) {
    const counts = await termAvailable(db, contract.inventory_org_code, line, line.Locations, orderId);
    for (const loc of line.Locations)
      rows.push({ EquipmentLineID: line.EquipmentLineID, LocationId: loc, Available: counts.get(loc) ?? 0 });
  }
  return { ContractId: contractId, Availability: rows, CheckedAt: new Date().toISOString() };
}
