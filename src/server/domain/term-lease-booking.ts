/**
 * Term lease booking (TL, SPEC §3, §4 "Term lease booking"): a customer books units of a contract
 * line out location by location. One booking per booked location of a line (equipment_line_id);
 * the fees that apply per booked location are saved with the order (booking_order_fees). Every
 * submit runs in one transaction that locks the customer (bookOnce), then the contract lines and
 * the locations in id order — so two submits on one line count its booked quantity one after the
 * other and the line's quantity is never passed (docs/decisions.md "Term lease booking (issue 16)").
 */

import { type Kysely, sql } from 'kysely';
import { seesEveryCustomer } from '../../domain/policies';
import { OPEN_ORDER_STATUSES } from '../../domain/term-lease';
import limits from '../../rules/limits.json';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import type { MailDispatch } from '../mail/outbox';
import { queueEndedMail } from './booking-notification';
import { insertBookings, insertOrder, insertPendingRequest, PendingReason } from './booking-orders';
import { bookOnce, idempotencyOf } from './booking-transaction';
import { scopeOf, visibleOrders } from './dashboard-rows';
import { actorOf, bookingField, type OrderChanges, recordOrderChange, STATUS_FIELD } from './order-audit';
import { type Booker, type BookingRequest, SubmissionRefused, type Updater } from './submission';
import {
  assertBookable,
  bookedPerLine,
  type ContractLine,
  type ContractRowLite,
  contractInfo,
  contractLines,
  TERM_LEASE_ORDER_TYPE,
  visibleContract,
} from './term-lease-contracts';
import type { Viewer } from './viewer';

type Db = Kysely<Database>;

export interface BookedItem {
  BookingId?: number;
  LocationId: number;
  OriginalLocationId?: number;
  BookingCode?: string | null;
  BookingStatusCode?: string;
  UnitsRequestedCount: number;
  OriginalUnitsRequestedCount?: number;
  CancelBooking?: boolean;
  IsSwapBooking?: boolean;
  BookingOrderId?: number;
  IsEdit?: boolean;
}

export interface LineItem {
  EquipmentLineID: number;
  BookedItems: BookedItem[];
  [key: string]: unknown;
}

export interface Fee {
  longTermOrderFeeId?: number;
  feeId: number;
  feeAmount?: number;
  feeLocation?: number | null;
  cancelled?: boolean;
  LockedForEdit?: boolean;
  feeDescription?: string;
}

export interface TermLeaseData {
  Contract: {
    ContractId: number;
    BookingFees?: Fee[];
    [key: string]: unknown;
  };
  LineItems: LineItem[];
  Contact: { ContactName: string; EmailAddresses: string; SendExternalNotification?: boolean };
}

/** SPEC §4: the units a line's items request, leaving out those being cancelled. */
export const selectedQuantity = (items: readonly BookedItem[]): number =>
  items.filter((i) => !i.CancelBooking).reduce((sum, i) => sum + i.UnitsRequestedCount, 0);

/**
 * The most units a line may hold across all orders: its quantity, or with additional on-hire
 * allowed that much more by limits.json termLeaseAdditionalOnHirePercent (rounded down).
 */
export const lineAllowance = (line: Pick<ContractLine, 'Quantity' | 'AdditionalOnHireAllowed'>): number =>
  line.AdditionalOnHireAllowed
    ? Math.floor((line.Quantity * (100 + limits.termLeaseAdditionalOnHirePercent)) / 100)
    : line.Quantity;

/** The message of rule term-lease.over-quantity, word for word. */
export const overQuantityMessage = (line: ContractLine, bookedElsewhere: number): string => {
  const allowed = lineAllowance(line);
  return `Contract line ${line.EquipmentLineID} (${line.EquipmentSize}) allows ${allowed} units and ${bookedElsewhere} are booked on other orders: book at most ${Math.max(0, allowed - bookedElsewhere)} here.`;
};

const refuse = (field: string, message: string, code: string) =>
  SubmissionRefused.fromErrors([{ field, message }], code);

/** Locks the contract's lines (id order): submits on one contract count its lines one at a time. */
export async function lockLines(trx: Db, contractId: number): Promise<void> {
  await trx
    .selectFrom('term_lease_contract_lines')
    .select('equipment_line_id')
    .where('contract_id', '=', contractId)
    .orderBy('equipment_line_id')
    .forUpdate()
    .execute();
}

/**
 * Every submitted line must be one of the contract's: a line of another customer's contract (or
 * none at all) is a 404 like the contract itself, so ids do not leak; one of the customer's other
 * contracts is a 400 that says so.
 */
async function linesOfSubmit(
  trx: Db,
  viewer: Viewer,
  contract: ContractRowLite,
  data: TermLeaseData,
  lines: readonly ContractLine[],
): Promise<Map<number, ContractLine>> {
  const byId = new Map(lines.map((l) => [l.EquipmentLineID, l]));
  for (const [index, item] of data.LineItems.entries()) {
    if (byId.has(item.EquipmentLineID)) continue;
    const other = await trx
      .selectFrom('term_lease_contract_lines as l')
      .innerJoin('term_lease_contracts as c', 'c.contract_id', 'l.contract_id')
      .select(['c.customer_id', 'c.contract_number'])
      .where('l.equipment_line_id', '=', item.EquipmentLineID)
      .executeTakeFirst();
    if (!other || (other.customer_id !== contract.customer_id && !seesEveryCustomer(viewer)))
      throw notFound(`There is no contract line ${item.EquipmentLineID} of yours.`);
    throw refuse(
      `LineItems.${index}.EquipmentLineID`,
      `Contract line ${item.EquipmentLineID} belongs to contract ${other.contract_number}, not ${contract.contract_number}: book it on its own contract.`,
      'LINE_NOT_ON_CONTRACT',
    );
  }
  const seen = new Set<number>();
  for (const [index, item] of data.LineItems.entries()) {
    if (seen.has(item.EquipmentLineID))
      throw refuse(
        `LineItems.${index}.EquipmentLineID`,
        `Contract line ${item.EquipmentLineID} is listed more than once: put all its locations under one line.`,
        'REPEATED_LINE',
      );
    seen.add(item.EquipmentLineID);
  }
  return byId;
}

/** Locations on the line, counts of at least 1, one booking per location of a line. */
function checkItems(data: TermLeaseData, lines: ReadonlyMap<number, ContractLine>): void {
  for (const [index, item] of data.LineItems.entries()) {
    const line = lines.get(item.EquipmentLineID) as ContractLine;
    const seen = new Set<number>();
    for (const [j, b] of item.BookedItems.entries()) {
      const field = `LineItems.${index}.BookedItems.${j}`;
      if (!Number.isInteger(b.UnitsRequestedCount) || b.UnitsRequestedCount < 1)
        throw refuse(
          `${field}.UnitsRequestedCount`,
          'Enter a whole number of units, 1 or more.',
          'VALIDATION',
        );
      if (b.UnitsRequestedCount > limits.maxUnitsPerLocation)
        throw refuse(
          `${field}.UnitsRequestedCount`,
          `Contract line ${line.EquipmentLineID}: book at most ${limits.maxUnitsPerLocation} units at one location.`,
          'term-lease.max-units-per-location',
        );
      if (b.CancelBooking) continue;
      if (!line.Locations.includes(b.LocationId))
        throw refuse(
          `${field}.LocationId`,
          `Location ${b.LocationId} is not a location of contract line ${line.EquipmentLineID} (${line.EquipmentSize} in ${line.MarketCode}): choose one of the line's locations.`,
          'LOCATION_NOT_ON_LINE',
        );
      if (seen.has(b.LocationId))
        throw refuse(
          `${field}.LocationId`,
          `Contract line ${line.EquipmentLineID}: location ${b.LocationId} is booked more than once; put all its units in one booking.`,
          'term-lease.repeated-location',
        );
      seen.add(b.LocationId);
    }
  }
}

/** The line's quantity: what this order asks plus what other orders hold, within the allowance. */
async function checkQuantities(
  trx: Db,
  data: TermLeaseData,
  lines: ReadonlyMap<number, ContractLine>,
  excludeOrderId?: number,
  /** Edit: a line this edit does not add units to may stay as it is (it may be over already). */
  before?: ReadonlyMap<number, number>,
): Promise<void> {
  const booked = await bookedPerLine(trx, [...lines.keys()], excludeOrderId);
  for (const [index, item] of data.LineItems.entries()) {
    const line = lines.get(item.EquipmentLineID) as ContractLine;
    const mine = selectedQuantity(item.BookedItems);
    const elsewhere = booked.get(line.EquipmentLineID) ?? 0;
    // Only a line this request adds units to: one already over its quantity may stay as it is.
    if (mine <= (before?.get(line.EquipmentLineID) ?? 0)) continue;
    if (mine + elsewhere > lineAllowance(line))
      throw refuse(`LineItems.${index}`, overQuantityMessage(line, elsewhere), 'term-lease.over-quantity');
  }
}

/**
 * Units of a line's kind available at a location: the contract org's chassis standing there
 * available, less what open (OP) term lease bookings of that kind there still hold.
 */
export async function termAvailable(
  db: Db,
  orgCode: string,
  line: Pick<ContractLine, 'EquipmentSize' | 'EquipmentClass' | 'Extendable'>,
  locationIds: readonly number[],
  excludeOrderId?: number,
): Promise<Map<number, number>> {
  if (locationIds.length === 0) return new Map();
  const stock = await db
    .selectFrom('chassis')
    .select(['location_id', sql<string>`count(*)`.as('n')])
    .where('inventory_org_code', '=', orgCode)
    .where('status', '=', 'AVAILABLE')
    .where('equipment_category_code', '=', line.EquipmentSize)
    .where('equipment_class_code', '=', line.EquipmentClass)
    .where('extendable', '=', line.Extendable)
    .where('location_id', 'in', [...locationIds])
    .groupBy('location_id')
    .execute();
  let held = db
    .selectFrom('bookings as b')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
    .select([
      'b.location_id',
      sql<string>`coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)`.as('n'),
    ])
    .where('o.booking_order_type_code', '=', TERM_LEASE_ORDER_TYPE)
    .where('b.status_code', '=', 'OP')
    .where('b.equipment_category_code', '=', line.EquipmentSize)
    .where('b.equipment_class_code', '=', line.EquipmentClass)
    .where('b.extendable', '=', line.Extendable)
    .where('b.location_id', 'in', [...locationIds]);
  if (excludeOrderId !== undefined) held = held.where('o.booking_order_id', '<>', excludeOrderId);
  const holds = await held.groupBy('b.location_id').execute();
  const out = new Map<number, number>();
  for (const id of locationIds) {
    const s = Number(stock.find((r) => r.location_id === id)?.n ?? 0);
    const h = Number(holds.find((r) => r.location_id === id)?.n ?? 0);
    out.set(id, Math.max(0, s - h));
  }
  return out;
}

/** Locks the booked locations (id order, as the pool booking does). */
export async function lockLocations(trx: Db, ids: readonly number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await trx
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', 'in', sorted)
    .orderBy('location_id')
    .forUpdate()
    .execute();
}

/**
 * Which lines ask more than is available somewhere (new units only: `extra` per line and location).
 * Over it, the user must have answered term-lease.over-available — asked again with the server's
 * figures — and the order waits for Customer Support's review (as the pool booking does).
 */
async function overAvailability(
  trx: Db,
  request: Pick<BookingRequest, 'unanswered'>,
  data: TermLeaseData,
  contract: ContractRowLite,
  lines: ReadonlyMap<number, ContractLine>,
  extra: (line: number, item: BookedItem) => number,
  excludeOrderId?: number,
): Promise<{ over: boolean; available: Record<string, number> }> {
  const overLines = new Set<number>();
  const available: Record<string, number> = {};
  for (const item of data.LineItems) {
    const line = lines.get(item.EquipmentLineID) as ContractLine;
    const wanted = item.BookedItems.filter((b) => !b.CancelBooking && extra(line.EquipmentLineID, b) > 0);
    const counts = await termAvailable(
      trx,
      contract.inventory_org_code,
      line,
      wanted.map((b) => b.LocationId),
      excludeOrderId,
    );
    for (const b of wanted) {
      const have = counts.get(b.LocationId) ?? 0;
      available[`${line.EquipmentLineID}/${b.LocationId}`] = have;
      if (b.UnitsRequestedCount > have) overLines.add(line.EquipmentLineID);
    }
  }
  if (overLines.size === 0) return { over: false, available };
  const asked = request.unanswered({
    ...data,
    LineItems: data.LineItems.map((i) => ({ ...i, OverAvailable: overLines.has(i.EquipmentLineID) })),
  } as unknown as Record<string, unknown>);
  if (asked.length > 0) throw SubmissionRefused.asking(asked);
  return { over: true, available };
}

/** The fee schedule's fees of a booked location: TL fees for everywhere and those of the location. */
export async function feesAt(trx: Db, locationIds: readonly number[]) {
  if (locationIds.length === 0) return [];
  const schedule = await trx
    .selectFrom('fees')
    .select(['fee_id', 'amount', 'location_id', 'booking_order_type_code'])
    .where((eb) =>
      eb.or([
        eb.and([eb('booking_order_type_code', '=', TERM_LEASE_ORDER_TYPE), eb('location_id', 'is', null)]),
        eb.and([
          eb('location_id', 'in', [...locationIds]),
          eb.or([
            eb('booking_order_type_code', '=', TERM_LEASE_ORDER_TYPE),
            eb('booking_order_type_code', 'is', null),
          ]),
        ]),
      ]),
    )
    .orderBy('fee_id')
    .execute();
  return locationIds.flatMap((loc) =>
    schedule
      .filter((f) => f.location_id === null || f.location_id === loc)
      .map((f) => ({ fee_id: f.fee_id, location_id: loc, fee_amount: Number(f.amount) })),
  );
}

/** Fee ids sent back must be the order's (a create has none). */
async function checkFeeIds(trx: Db, data: TermLeaseData, orderId: number | null): Promise<void> {
  const sent = (data.Contract.BookingFees ?? [])
    .map((f) => f.longTermOrderFeeId)
    .filter((id): id is number => id !== undefined);
  if (sent.length === 0) return;
  const own =
    orderId === null
      ? []
      : await trx
          .selectFrom('booking_order_fees')
          .select('long_term_order_fee_id')
          .where('booking_order_id', '=', orderId)
          .execute();
  const ids = new Set(own.map((f) => f.long_term_order_fee_id));
  const stranger = sent.find((id) => !ids.has(id));
  if (stranger !== undefined)
    throw refuse(
      'Contract.BookingFees',
      `Fee ${stranger} is not a fee of this order: reload the order and try again.`,
      'FEE_NOT_ORDERS',
    );
}

/**
 * Brings the order's saved fees in line with its bookings (SPEC §4), per location: a location with
 * an active booking (OP, PN, FF, CL) has its fees, not cancelled (added when new — "fees per booked
 * location"; un-cancelled when a booking there is un-cancelled); one whose bookings are all
 * cancelled has its fees cancelled ("cancelling the last active existing booking"); one with no
 * booking any more has none ("removing a booked item drops new fees"). Fees at a location with a
 * fulfilled or closed booking are locked for edit and never change.
 */
export async function reconcileFees(trx: Db, orderId: number): Promise<string[]> {
  const bookings = await trx
    .selectFrom('bookings')
    .select(['location_id', 'status_code'])
    .where('booking_order_id', '=', orderId)
    .execute();
  const fees = await trx
    .selectFrom('booking_order_fees')
    .selectAll()
    .where('booking_order_id', '=', orderId)
    .execute();
  const locations = [...new Set([...bookings.map((b) => b.location_id), ...fees.map((f) => f.location_id)])];
  const changes: string[] = [];
  const toAdd: number[] = [];
  for (const loc of locations) {
    if (loc === null) continue;
    const here = bookings.filter((b) => b.location_id === loc);
    const saved = fees.filter((f) => f.location_id === loc);
    const locked = here.some((b) => b.status_code === 'FF' || b.status_code === 'CL');
    if (locked) {
      const unlocked = saved.filter((f) => !f.locked_for_edit).map((f) => f.long_term_order_fee_id);
      if (unlocked.length)
        await trx
          .updateTable('booking_order_fees')
          .set({ locked_for_edit: true })
          .where('long_term_order_fee_id', 'in', unlocked)
          .execute();
      continue;
    }
    const active = here.some((b) => b.status_code === 'OP' || b.status_code === 'PN');
    if (here.length === 0) {
      if (saved.length) {
        await trx
          .deleteFrom('booking_order_fees')
          .where(
            'long_term_order_fee_id',
            'in',
            saved.map((f) => f.long_term_order_fee_id),
          )
          .execute();
        changes.push(`fees at ${loc} dropped`);
      }
    } else if (!active) {
      const ids = saved.filter((f) => !f.cancelled).map((f) => f.long_term_order_fee_id);
      if (ids.length) {
        await trx
          .updateTable('booking_order_fees')
          .set({ cancelled: true })
          .where('long_term_order_fee_id', 'in', ids)
          .execute();
        changes.push(`fees at ${loc} cancelled`);
      }
    } else if (saved.length === 0) {
      toAdd.push(loc);
    } else {
      const ids = saved.filter((f) => f.cancelled).map((f) => f.long_term_order_fee_id);
      if (ids.length) {
        await trx
          .updateTable('booking_order_fees')
          .set({ cancelled: false })
          .where('long_term_order_fee_id', 'in', ids)
          .execute();
        changes.push(`fees at ${loc} restored`);
      }
    }
  }
  const rows = await feesAt(trx, toAdd);
  if (rows.length) {
    await trx
      .insertInto('booking_order_fees')
      .values(rows.map((r) => ({ ...r, booking_order_id: orderId })))
      .execute();
    changes.push(...toAdd.map((loc) => `fees at ${loc} added`));
  }
  return changes;
}

export const bookTermLease: Booker = async (deps, request) => {
  const data = request.data as unknown as TermLeaseData;
  const contract = await visibleContract(deps.db, request.viewer, data.Contract.ContractId);
  assertBookable(contract, deps.clock());
  if (data.LineItems.some((i) => i.BookedItems.some((b) => b.BookingId !== undefined)))
    throw refuse(
      'LineItems',
      'A new term lease booking cannot name existing bookings: open the order with Edit to change them.',
      'EXISTING_BOOKING',
    );
  return bookOnce(deps, request, TERM_LEASE_ORDER_TYPE, contract.customer_id, async (trx, customer) => {
    await checkFeeIds(trx, data, null);
    await lockLines(trx, contract.contract_id);
    const lines = await linesOfSubmit(
      trx,
      request.viewer,
      contract,
      data,
      await contractLines(trx, contract),
    );
    checkItems(data, lines);
    const items = data.LineItems.flatMap((i) =>
      i.BookedItems.filter((b) => !b.CancelBooking).map((b) => ({ line: i.EquipmentLineID, b })),
    );
    if (items.length === 0)
      throw refuse(
        'LineItems',
        'Book at least one location on a contract line.',
        'term-lease.at-least-one-location',
      );
    await checkQuantities(trx, data, lines);
    await lockLocations(
      trx,
      items.map((x) => x.b.LocationId),
    );
    const { over, available } = await overAvailability(trx, request, data, contract, lines, () => 1);
    const firstLine = lines.get(items[0]?.line as number) as ContractLine;
    const orderId = await insertOrder(trx, {
      orderType: TERM_LEASE_ORDER_TYPE,
      customerId: customer.customerId,
      marketCode: firstLine.MarketCode,
      contractId: contract.contract_id,
      contact: {
        ContactName: data.Contact.ContactName,
        EmailAddresses: data.Contact.EmailAddresses,
        SendToExternalParties: data.Contact.SendExternalNotification === true,
      },
      details: { ContractId: contract.contract_id, ContractNumber: contract.contract_number },
      idempotency: idempotencyOf(request),
      actor: actorOf(request.viewer),
      pending: over ? PendingReason.overAvailability : null,
      bookings: items.map(({ line, b }) => {
        const l = lines.get(line) as ContractLine;
        return {
          locationId: b.LocationId,
          category: l.EquipmentSize,
          equipmentClass: l.EquipmentClass,
          extendable: l.Extendable,
          units: b.UnitsRequestedCount,
          equipmentLineId: line,
        };
      }),
      audit: {
        contract: contract.contract_number,
        available,
        ...(over ? { overAvailableAgreed: true } : {}),
      },
    });
    await reconcileFees(trx, orderId);
    return orderId;
  });
};

/** The fees of an order, as SPEC §3 names their fields. */
export async function orderFees(db: Db, orderId: number): Promise<Fee[]> {
  const rows = await db
    .selectFrom('booking_order_fees as of')
    .innerJoin('fees as f', 'f.fee_id', 'of.fee_id')
    .select([
      'of.long_term_order_fee_id',
      'of.fee_id',
      'of.fee_amount',
      'of.location_id',
      'of.cancelled',
      'of.locked_for_edit',
      'f.description',
    ])
    .where('of.booking_order_id', '=', orderId)
    .orderBy('of.location_id')
    .orderBy('of.fee_id')
    .execute();
  return rows.map((r) => ({
    longTermOrderFeeId: r.long_term_order_fee_id,
    feeId: r.fee_id,
    feeAmount: Number(r.fee_amount),
    feeLocation: r.location_id,
    cancelled: r.cancelled,
    LockedForEdit: r.locked_for_edit,
    feeDescription: r.description,
  }));
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

const CANCELLABLE = ['OP', 'PN'];

/**
 * Editing a term lease order (SPEC §4 Term lease booking, edit mode), inside the update frame's
 * transaction (order-update.ts: customer and order locked, Version compared): per booked item,
 * CancelBooking cancels an open booking and un-ticking it on a cancelled one un-cancels it; a
 * changed count changes the booking; IsSwapBooking with another location moves the same number of
 * units there (the old booking cancelled, a new one booked, in this one transaction); items without
 * BookingId are new bookings. Existing bookings are never dropped: they are cancelled. Then the
 * line quantities, availability (new units only) and the fees (reconcileFees) are settled.
 */
export const updateTermLease: Updater = async (trx, request, { clock }) => {
  const data = request.data as unknown as TermLeaseData;
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
  await checkFeeIds(trx, data, orderId);
  await lockLines(trx, contract.contract_id);
  const lines = await linesOfSubmit(
    trx,
    request.viewer,
    contract,
    data,
    await contractLines(trx, contract, orderId),
  );
  checkItems(data, lines);

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
      newBookings.map(({ line, b }) => {
        const l = lines.get(line) as ContractLine;
        return {
          locationId: b.LocationId,
          category: l.EquipmentSize,
          equipmentClass: l.EquipmentClass,
          extendable: l.Extendable,
          units: b.UnitsRequestedCount,
          equipmentLineId: line,
        };
      }),
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
  const { isEmailList } = await import('../../rules/operators');
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
    await queueEndedMail(trx, ended, {
      ContactName: order.contact_name ?? '',
      EmailAddresses: `${order.email_addresses ?? ''};${additional}`,
    });
    return ended;
  });
  deps.mail.nudge();
  return after;
}
