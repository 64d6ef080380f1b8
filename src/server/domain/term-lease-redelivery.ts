/**
 * Term lease redelivery (TR, issue 17; SPEC §3, §4, §7 longTermRedelivery): the chassis a customer
 * returns under its term lease contracts.
 *
 * contractForChassis answers, for up to 300 pasted chassis, a verdict per chassis and the group
 * line items: one per contract line, one line item detail per chassis, the flags of SPEC §3 set
 * from the contract (purchase option, direct finance lease, minimum quantity, minimum rental
 * period, swaps). The booker derives the same lines again from the database — never trusting the
 * flags a client sends — takes only the user's choices from the submit (overrides applied, the
 * location per chassis, swap, cancelled lines, deleted details), re-evaluates them with the SPEC §4
 * functions (src/domain/term-lease-redelivery.ts) and the flow's acknowledge rules, and books one
 * TR order in one transaction (the customer row locked first: one wins per chassis).
 */
import { type Kysely, sql } from 'kysely';
import { REDELIVERY_MESSAGES, REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';
import {
  applyMarketAndLocation,
  evaluateLine,
  type GroupLineItem,
  type LineItemDetail,
  TERM_REDELIVERY_MESSAGES,
} from '../../domain/term-lease-redelivery';
import type { FieldError } from '../../engine/core/types';
import type { Database } from '../db/types';
import { bookingCustomer } from './booking-customer';
import { insertOrder, type NewBooking } from './booking-orders';
import { bookOnce } from './booking-transaction';
import { validateEquipment } from './equipment';
import { type Booker, SubmissionRefused } from './submission';
import { contractLines } from './term-lease-contracts';
import type { Viewer } from './viewer';

type Db = Kysely<Database>;
export const TERM_REDELIVERY_ORDER_TYPE = 'TR';
const DAY_MS = 86_400_000;

export const notUnderContract = (id: string) =>
  `${id} is not under a term lease contract of yours: return it through Pool Redelivery.`;
export const noContractLine = (id: string, contract: string) =>
  `${id} is of a size or class no line of contract ${contract} covers: call Customer Service to return it.`;
export const contractEnded = (id: string, contract: string) =>
  `${id} is on contract ${contract}, which is no longer active: call Customer Service to return it.`;

export interface ChassisVerdict {
  Input: string;
  ChassisId: string | null;
  Valid: boolean;
  Message: string | null;
}

export interface ContractForChassisAnswer {
  Results: ChassisVerdict[];
  GroupLineItems: GroupLineItem[];
  RequestedValidChassis: string[];
}

interface HeldUnderContract {
  chassis_master_id: number;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  extendable: boolean;
  contract_id: number;
  /** When the booking that last named it was made: its start on hire, as far as we know. */
  on_hire_since: string | Date | null;
}

const iso = (d: string | Date) => new Date(d).toISOString().slice(0, 10);

/**
 * The search of the redelivery's first step (SPEC §3 search model): the contract lines of the
 * chassis the customer holds — staff name the customer — with the market and location applied
 * to each line that offers both (SPEC §4 "applying a market and location to a line").
 */
export async function contractForChassisSearch(
  db: Db,
  viewer: Viewer,
  search: { ChassisIds: readonly string[]; CustomerId?: number; MarketCode?: string; LocationId?: number },
  now: Date,
): Promise<ContractForChassisAnswer> {
  const { ChassisIds, CustomerId, MarketCode, LocationId } = search;
  const customer = await bookingCustomer(db, viewer, CustomerId, { requireGoodStanding: false, lock: false });
  const answer = await contractForChassis(
    db,
    { ...viewer, customerId: customer.customerId, isInternal: false },
    ChassisIds,
    now,
  );
  if (MarketCode === undefined || LocationId === undefined) return answer;
  return {
    ...answer,
    GroupLineItems: answer.GroupLineItems.map((l) =>
      l.MarketList.includes(MarketCode) && l.LocationList.includes(LocationId)
        ? applyMarketAndLocation(l, MarketCode, LocationId)
        : l,
    ),
  };
}

/** The chassis' contract, lines and the counts the override flags need; grouped per contract line. */
export async function contractForChassis(
  db: Db,
  viewer: Viewer,
  inputs: readonly string[],
  now: Date,
): Promise<ContractForChassisAnswer> {
  const verdicts = await validateEquipment(db, viewer, inputs);
  const masterIds = verdicts.flatMap((v) => (v.Valid && v.ChassisMasterId ? [v.ChassisMasterId] : []));
  const held = new Map<number, HeldUnderContract>();
  const open = new Map<number, string | null>();
  if (masterIds.length > 0) {
    const { rows } = await sql<HeldUnderContract>`
      select c.chassis_master_id, c.chassis_id, c.equipment_category_code, c.equipment_class_code, c.extendable,
        c.contract_id,
        (select b.created_at from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
          where bc.chassis_master_id = c.chassis_master_id
          order by b.created_at desc limit 1) as on_hire_since
      from chassis c where c.chassis_master_id in (${sql.join(masterIds)}) and c.contract_id is not null`.execute(
      db,
    );
    for (const r of rows) held.set(r.chassis_master_id, r);
    const onRedelivery = await db
      .selectFrom('booking_chassis')
      .innerJoin('bookings', 'bookings.booking_id', 'booking_chassis.booking_id')
      .innerJoin('booking_orders', 'booking_orders.booking_order_id', 'bookings.booking_order_id')
      .select(['booking_chassis.chassis_master_id', 'bookings.booking_code'])
      .where('booking_chassis.chassis_master_id', 'in', masterIds)
      .where('booking_orders.booking_order_type_code', 'in', [...REDELIVERY_ORDER_TYPES])
      .where('bookings.status_code', 'in', ['OP', 'PN'])
      .execute();
    for (const r of onRedelivery) open.set(r.chassis_master_id, r.booking_code);
  }
  const contractIds = [...new Set([...held.values()].map((h) => h.contract_id))];
  const contracts = contractIds.length
    ? await db
        .selectFrom('term_lease_contracts')
        .selectAll()
        .where('contract_id', 'in', contractIds)
        .execute()
    : [];
  const contractById = new Map(contracts.map((c) => [c.contract_id, c]));
  const onHireCount = new Map<number, number>();
  if (contractIds.length) {
    const counts = await db
      .selectFrom('chassis')
      .select(['contract_id', (eb) => eb.fn.countAll().as('n')])
      .where('contract_id', 'in', contractIds)
      .where('status', '=', 'ON_HIRE')
      .groupBy('contract_id')
      .execute();
    for (const c of counts) onHireCount.set(c.contract_id as number, Number(c.n));
  }
  const linesByContract = new Map(
    await Promise.all(contracts.map(async (c) => [c.contract_id, await contractLines(db, c)] as const)),
  );

  const groups = new Map<number, GroupLineItem>();
  const results: ChassisVerdict[] = verdicts.map((v) => {
    const base = { Input: v.Input, ChassisId: v.ChassisId };
    if (!v.Valid || !v.ChassisMasterId || !v.ChassisId) return { ...base, Valid: false, Message: v.Message };
    const h = held.get(v.ChassisMasterId);
    if (!h) return { ...base, Valid: false, Message: notUnderContract(v.ChassisId) };
    const contract = contractById.get(h.contract_id);
    if (!contract) return { ...base, Valid: false, Message: notUnderContract(v.ChassisId) };
    if (contract.status !== 'ACTIVE')
      return { ...base, Valid: false, Message: contractEnded(v.ChassisId, contract.contract_number) };
    if (open.has(v.ChassisMasterId))
      return {
        ...base,
        Valid: false,
        Message: REDELIVERY_MESSAGES.alreadyOnRedelivery(v.ChassisId, open.get(v.ChassisMasterId) ?? null),
      };
    const lines = linesByContract.get(h.contract_id) ?? [];
    const line =
      lines.find(
        (l) =>
          l.EquipmentSize === h.equipment_category_code &&
          l.EquipmentClass === h.equipment_class_code &&
          l.Extendable === h.extendable,
      ) ?? lines.find((l) => l.EquipmentSize === h.equipment_category_code);
    if (!line)
      return { ...base, Valid: false, Message: noContractLine(v.ChassisId, contract.contract_number) };
    const group = groups.get(line.EquipmentLineID) ?? {
      ContractId: contract.contract_id,
      ContractNumber: contract.contract_number,
      EquipmentLineId: line.EquipmentLineID,
      EquipmentSize: line.EquipmentSize,
      EquipmentClass: line.EquipmentClass,
      SwapsAllowed: contract.swaps_allowed,
      EffectiveDate: iso(contract.effective_date),
      EffectiveTo: iso(contract.effective_to),
      LineItemDetails: [],
      MarketList: [line.MarketCode],
      LocationList: line.Locations,
      IsCancelled: false,
      PurchaseOptionOverrideApplied: false,
      IsSwapRedelivery: false,
      ShowDirectFinanceLeaseWarning: contract.direct_finance_lease,
      DirectFinanceLeaseWarningChecked: false,
      NeedsPurchaseOptionOverride: contract.purchase_option,
      SelectedMarketCode: null,
      SelectedLocationId: null,
      IsBookingValid: false,
    };
    const since = h.on_hire_since ?? contract.effective_date;
    const rentedDays = Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS);
    const detail: LineItemDetail = {
      ChassisId: v.ChassisId,
      ChassisMasterId: v.ChassisMasterId,
      LocationId: null,
      MarketCode: null,
      LocationList: line.Locations,
      MarketList: [line.MarketCode],
      LongTermRedeliveryCode: null,
      RedeliveryAllowed: false,
      Expanded: false,
      IsDeleted: false,
      HasInvalidLocationApplied: false,
      IsRedelivered: false,
      RedeliveryErrorMessage: null,
      PurchaseOptionOverridePending: contract.purchase_option,
      NeedsMinQuantityOverride: false,
      NeedsMinRentalPeriodOverride: rentedDays < contract.min_rental_days,
      MinQuantityOverrideApplied: false,
      MinRentalPeriodOverrideApplied: false,
    };
    group.LineItemDetails.push(detail);
    groups.set(line.EquipmentLineID, group);
    return { ...base, Valid: true, Message: null };
  });

  // Minimum quantity: returning them all would leave fewer on hire than the contract's minimum.
  const returning = new Map<number, number>();
  for (const g of groups.values())
    returning.set(g.ContractId, (returning.get(g.ContractId) ?? 0) + g.LineItemDetails.length);
  const lines = [...groups.values()].map((g) => {
    const contract = contractById.get(g.ContractId);
    const left = (onHireCount.get(g.ContractId) ?? 0) - (returning.get(g.ContractId) ?? 0);
    const short = !!contract && contract.min_quantity > 0 && left < contract.min_quantity;
    return evaluateLine({
      ...g,
      LineItemDetails: g.LineItemDetails.map((d) => ({ ...d, NeedsMinQuantityOverride: short })),
    });
  });
  return {
    Results: results,
    GroupLineItems: lines,
    RequestedValidChassis: results.flatMap((r) => (r.Valid && r.ChassisId ? [r.ChassisId] : [])),
  };
}

/** What a submit may choose about a line; everything else comes from the database. */
export interface SubmittedLines {
  GroupLineItems: GroupLineItem[];
}

/** The server's lines with the user's choices applied, re-evaluated (SPEC §4). */
export function mergeChoices(
  server: readonly GroupLineItem[],
  sent: readonly GroupLineItem[],
): GroupLineItem[] {
  const sentByLine = new Map(sent.map((l) => [l.EquipmentLineId, l]));
  return server.flatMap((line) => {
    const choice = sentByLine.get(line.EquipmentLineId);
    if (!choice) return [];
    const details = new Map(choice.LineItemDetails.map((d) => [d.ChassisId, d]));
    return [
      evaluateLine({
        ...line,
        IsCancelled: choice.IsCancelled,
        PurchaseOptionOverrideApplied:
          line.NeedsPurchaseOptionOverride && choice.PurchaseOptionOverrideApplied,
        IsSwapRedelivery: line.SwapsAllowed && choice.IsSwapRedelivery,
        DirectFinanceLeaseWarningChecked: choice.DirectFinanceLeaseWarningChecked,
        SelectedMarketCode: choice.SelectedMarketCode,
        SelectedLocationId: choice.SelectedLocationId,
        LineItemDetails: line.LineItemDetails.flatMap((d) => {
          const c = details.get(d.ChassisId);
          if (!c) return [];
          const location = c.LocationId;
          return [
            {
              ...d,
              LocationId: location,
              MarketCode: c.MarketCode,
              IsDeleted: c.IsDeleted,
              Expanded: c.Expanded,
              HasInvalidLocationApplied: location !== null && !d.LocationList.includes(location),
              PurchaseOptionOverridePending:
                d.PurchaseOptionOverridePending &&
                !(line.NeedsPurchaseOptionOverride && choice.PurchaseOptionOverrideApplied),
              MinQuantityOverrideApplied: d.NeedsMinQuantityOverride && c.MinQuantityOverrideApplied,
              MinRentalPeriodOverrideApplied:
                d.NeedsMinRentalPeriodOverride && c.MinRentalPeriodOverrideApplied,
            },
          ];
        }),
      }),
    ];
  });
}

/** Each live detail that cannot be returned, with its reason (RedeliveryErrorMessage). */
export function refusals(lines: readonly GroupLineItem[], base = 'Redelivery.GroupLineItems'): FieldError[] {
  return lines.flatMap((l, i) =>
    l.IsCancelled
      ? []
      : l.LineItemDetails.flatMap((d, j) => {
          if (d.IsDeleted) return [];
          const message =
            d.RedeliveryErrorMessage ??
            (d.LocationId === null ? TERM_REDELIVERY_MESSAGES.noLocation(d.ChassisId) : null);
          return message ? [{ field: `${base}.${i}.LineItemDetails.${j}`, message }] : [];
        }),
  );
}

interface TermRedeliveryData {
  Customer?: { CustomerId?: number };
  Redelivery: SubmittedLines;
  Contact: { ContactName: string; EmailAddresses: string };
}

export const bookTermLeaseRedelivery: Booker = (deps, request) => {
  const data = request.data as unknown as TermRedeliveryData;
  const sent = data.Redelivery.GroupLineItems;
  return bookOnce(
    deps,
    request,
    TERM_REDELIVERY_ORDER_TYPE,
    data.Customer?.CustomerId,
    async (trx, customer) => {
      const asCustomer = { ...request.viewer, customerId: customer.customerId, isInternal: false };
      const chassis = sent.flatMap((l) => l.LineItemDetails.map((d) => d.ChassisId));
      const answer = await contractForChassis(trx, asCustomer, chassis, deps.clock());
      const problems: FieldError[] = [];
      const verdictOf = new Map(answer.Results.map((r) => [r.Input, r]));
      sent.forEach((l, i) => {
        l.LineItemDetails.forEach((d, j) => {
          const v = verdictOf.get(d.ChassisId);
          if (v && !v.Valid && !d.IsDeleted && !l.IsCancelled)
            problems.push({
              field: `Redelivery.GroupLineItems.${i}.LineItemDetails.${j}`,
              message: v.Message ?? '',
            });
        });
      });
      if (problems.length > 0) throw SubmissionRefused.fromErrors(problems, 'EQUIPMENT');
      const swapsRefused: FieldError[] = [];
      sent.forEach((l, i) => {
        const server = answer.GroupLineItems.find((g) => g.EquipmentLineId === l.EquipmentLineId);
        if (l.IsSwapRedelivery && server && !server.SwapsAllowed)
          swapsRefused.push({
            field: `Redelivery.GroupLineItems.${i}`,
            message: TERM_REDELIVERY_MESSAGES.swapNotAllowed(server.ContractNumber),
          });
      });
      if (swapsRefused.length > 0) throw SubmissionRefused.fromErrors(swapsRefused, 'SWAP_NOT_ALLOWED');
      const lines = mergeChoices(answer.GroupLineItems, sent);
      const refused = refusals(lines);
      if (refused.length > 0) throw SubmissionRefused.fromErrors(refused, 'REDELIVERY_NOT_ALLOWED');
      // The acknowledgements on the server's own flags, not the ones the client sent.
      const unanswered = request.unanswered({
        ...request.data,
        Redelivery: { ...data.Redelivery, GroupLineItems: lines },
      });
      if (unanswered.length > 0) throw SubmissionRefused.asking(unanswered);

      const live = lines.filter((l) => !l.IsCancelled && l.LineItemDetails.some((d) => !d.IsDeleted));
      if (live.length === 0)
        throw SubmissionRefused.fromErrors([
          { field: 'Redelivery.GroupLineItems', message: REDELIVERY_MESSAGES.atLeastOne },
        ]);
      const bookings: NewBooking[] = [];
      for (const l of live) {
        const byLocation = new Map<number, number[]>();
        for (const d of l.LineItemDetails)
          if (!d.IsDeleted && d.LocationId !== null)
            byLocation.set(d.LocationId, [...(byLocation.get(d.LocationId) ?? []), d.ChassisMasterId]);
        for (const [locationId, ids] of byLocation) {
          bookings.push({
            locationId,
            category: l.EquipmentSize,
            equipmentClass: l.EquipmentClass,
            units: ids.length,
            chassisMasterIds: ids,
            equipmentLineId: l.EquipmentLineId,
            bookingComment: l.IsSwapRedelivery ? 'Swap redelivery: units returned' : null,
          });
          // A swap returns units and books as many replacements at the same location, same line.
          if (l.IsSwapRedelivery)
            bookings.push({
              locationId,
              category: l.EquipmentSize,
              equipmentClass: l.EquipmentClass,
              units: ids.length,
              equipmentLineId: l.EquipmentLineId,
              bookingComment: 'Swap redelivery: replacement units',
            });
        }
      }
      const contractIds = [...new Set(live.map((l) => l.ContractId))];
      return insertOrder(trx, {
        orderType: TERM_REDELIVERY_ORDER_TYPE,
        customerId: customer.customerId,
        marketCode: null,
        ...(contractIds.length === 1 ? { contractId: contractIds[0] } : {}),
        contact: data.Contact,
        details: {
          GroupLineItems: live.map((l) => ({
            ContractId: l.ContractId,
            ContractNumber: l.ContractNumber,
            EquipmentLineId: l.EquipmentLineId,
            PurchaseOptionOverrideApplied: l.PurchaseOptionOverrideApplied,
            IsSwapRedelivery: l.IsSwapRedelivery,
            // The flow's acknowledge rule was answered (request.unanswered above), so the warning was read.
            DirectFinanceLeaseWarningChecked: l.ShowDirectFinanceLeaseWarning,
            MinQuantityOverrideApplied: l.LineItemDetails.some((d) => d.MinQuantityOverrideApplied),
            MinRentalPeriodOverrideApplied: l.LineItemDetails.some((d) => d.MinRentalPeriodOverrideApplied),
          })),
        },
        idempotencyKey: request.idempotencyKey,
        createdBy: request.viewer.userId,
        pending: null,
        bookings,
      });
    },
  );
};
