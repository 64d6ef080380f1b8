/**
 * Term lease booking (TL, SPEC §3, §4 "Term lease booking"): a customer books units of a contract
 * line out location by location. One booking per booked location of a line (equipment_line_id);
 * the fees that apply per booked location are saved with the order (booking_order_fees). Every
 * submit runs in one transaction that locks the customer (bookOnce), then the contract lines and
 * the locations in id order — so two submits on one line count its booked quantity one after the
 * other and the line's quantity is never passed (docs/decisions.md "Term lease booking (issue 16)").
 */

import { type Kysely, sql } from 'kysely';
import { seesEveryCustomer } from '../../../domain/policies';
import { readLimits } from '../../../engine/core/load';
import { evaluateRules } from '../../../engine/core/rules';
import type { RuleDefinition } from '../../../engine/core/types';
import type { TermLeaseBooking, TermLeaseBookingData } from '../../../flows/flow-data.generated';
import limits from '../../../rules/limits.json';
import { ruleEngine } from '../../../rules/rule-engine';
import termLeaseRules from '../../../rules/term-lease.rules.json';
import type { Database } from '../../db/types';
import { actorOf } from '../../domain/order-audit';
import {
  assertBookable,
  bookedPerLine,
  type ContractLine,
  type ContractRowLite,
  contractLines,
  TERM_LEASE_ORDER_TYPE,
  visibleContract,
} from '../../domain/term-lease-contracts';
import type { Viewer } from '../../domain/viewer';
import { notFound } from '../../errors';
import { insertOrder, type NewBooking, PendingReason } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import { type Booker, type BookingRequest, SubmissionRefused } from '../submission';
import { reconcileFees } from './fees';

type Db = Kysely<Database>;

/** A line's booked location as the flow sends it (its schema makes LocationId and units required). */
export type BookedItem = TermLeaseBooking.BookedLocation;
export type LineItem = TermLeaseBooking.ContractLine1;
export type TermLeaseData = TermLeaseBookingData;

/**
 * The booking a booked location makes, its equipment the contract line's: one function for the
 * booker and the updater, so a new order and an edit write the same row.
 */
export const newBooking = (
  lines: ReadonlyMap<number, ContractLine>,
  { line, b }: { line: number; b: BookedItem },
): NewBooking => {
  const l = lines.get(line) as ContractLine;
  return {
    locationId: b.LocationId,
    category: l.EquipmentSize,
    equipmentClass: l.EquipmentClass,
    extendable: l.Extendable,
    units: b.UnitsRequestedCount,
    equipmentLineId: line,
  };
};

/** SPEC §4: the units a line's items request, leaving out those being cancelled. */
export const selectedQuantity = (items: readonly BookedItem[]): number =>
  items.filter((i) => !i.CancelBooking).reduce((sum, i) => sum + i.UnitsRequestedCount, 0);

/**
 * Rule term-lease.over-quantity, run here on the server's own figures (issue 26: the rule is
 * evaluated, its message not copied): the contract line's quantity and allowance, what other
 * orders hold (BookedQuantity) and, on an edit, what this order held before (OrigSelectedQuantity).
 */
const ruleLimits = readLimits(limits);
const overQuantityDefinition = (termLeaseRules.rules as RuleDefinition[]).find(
  (r) => r.id === 'term-lease.over-quantity',
);
if (!overQuantityDefinition) throw new Error('term-lease.rules.json has no rule term-lease.over-quantity');
const overQuantityRule = ruleEngine.compileRule(overQuantityDefinition, ruleLimits);

export const refuse = (field: string, message: string, code: string) =>
  SubmissionRefused.fromErrors([{ field, message }], code);

/** Locks the contract's lines (id order): submits on one contract count its lines one at a time. */
async function lockLines(trx: Db, contractId: number): Promise<void> {
  await trx
    .selectFrom('term_lease_contract_lines')
    .select('equipment_line_id')
    .where('contract_id', '=', contractId)
    .orderBy('equipment_line_id')
    .forNoKeyUpdate()
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
export async function checkQuantities(
  trx: Db,
  data: TermLeaseData,
  lines: ReadonlyMap<number, ContractLine>,
  excludeOrderId?: number,
  /** Edit: a line this edit does not add units to may stay as it is (it may be over already). */
  before?: ReadonlyMap<number, number>,
): Promise<void> {
  const booked = await bookedPerLine(trx, [...lines.keys()], excludeOrderId);
  const figures = data.LineItems.map((item) => {
    const line = lines.get(item.EquipmentLineID) as ContractLine;
    return {
      ...item,
      EquipmentSize: line.EquipmentSize,
      Quantity: line.Quantity,
      AdditionalOnHireAllowed: line.AdditionalOnHireAllowed,
      BookedQuantity: booked.get(line.EquipmentLineID) ?? 0,
      // The rule fires only for a line this request adds units to: one already over may stay so.
      OrigSelectedQuantity: before?.get(line.EquipmentLineID) ?? 0,
    };
  });
  const [over] = evaluateRules([overQuantityRule], { LineItems: figures }, ruleLimits);
  if (over) throw refuse(over.field, over.message, over.ruleId);
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
    .forNoKeyUpdate()
    .execute();
}

/**
 * Which lines ask more than is available somewhere (new units only: `extra` per line and location).
 * Over it, the user must have answered term-lease.over-available — asked again with the server's
 * figures — and the order waits for Customer Support's review (as the pool booking does).
 */
export async function overAvailability(
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
  });
  if (asked.length > 0) throw SubmissionRefused.asking(asked);
  return { over: true, available };
}

/**
 * The submit's lines checked against the contract's, under the lines' locks: the fee ids are the
 * order's (none for a new one), each line is the contract's, its items make sense. The booker's
 * and the updater's first step; an edited order's own bookings do not count as booked elsewhere.
 */
export async function checkedContractLines(
  trx: Db,
  viewer: Viewer,
  contract: ContractRowLite,
  data: TermLeaseData,
  orderId: number | null,
): Promise<Map<number, ContractLine>> {
  await checkFeeIds(trx, data, orderId);
  await lockLines(trx, contract.contract_id);
  const lines = await linesOfSubmit(
    trx,
    viewer,
    contract,
    data,
    await contractLines(trx, contract, orderId ?? undefined),
  );
  checkItems(data, lines);
  return lines;
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

export const bookTermLease: Booker<TermLeaseData> = async (deps, request) => {
  const { data } = request;
  const contract = await visibleContract(deps.db, request.viewer, data.Contract.ContractId);
  assertBookable(contract, deps.clock());
  if (data.LineItems.some((i) => i.BookedItems.some((b) => b.BookingId !== undefined)))
    throw refuse(
      'LineItems',
      'A new term lease booking cannot name existing bookings: open the order with Edit to change them.',
      'EXISTING_BOOKING',
    );
  return bookOnce(deps, request, TERM_LEASE_ORDER_TYPE, contract.customer_id, async (trx, customer) => {
    const lines = await checkedContractLines(trx, request.viewer, contract, data, null);
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
    const placed = await insertOrder(trx, {
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
      bookings: items.map((item) => newBooking(lines, item)),
      audit: {
        contract: contract.contract_number,
        available,
        ...(over ? { overAvailableAgreed: true } : {}),
      },
    });
    await reconcileFees(trx, placed.orderId);
    return placed;
  });
};
