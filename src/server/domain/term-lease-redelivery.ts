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
 * TR order in one transaction (the customer row locked first: one wins per chassis). The updater
 * (POST /updatelongtermredelivery, edit mode) runs the same checks on the edited lines and moves the
 * order's bookings to match them, inside the update frame's one transaction.
 */
import { type Kysely, sql } from 'kysely';
import { DEFAULT_INVENTORY_ORG } from '../../domain/constants';
import { redeliveryOrgsWithoutTerm } from '../../domain/lookups';
import { asCustomer } from '../../domain/policies';
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
import { AppError, notFound } from '../errors';
import { bookingCustomer } from './booking-customer';
import { insertBookings, insertOrder, type NewBooking } from './booking-orders';
import { bookOnce, idempotencyOf, requestFingerprint } from './booking-transaction';
import { claimChassis } from './chassis-holds';
import { scopeOf, visibleOrders } from './dashboard-rows';
import { validateEquipment } from './equipment';
import { actorOf } from './order-audit';
import { type Booker, type BookingRequest, SubmissionRefused, type Updater } from './submission';
import { contractLines } from './term-lease-contracts';
import type { Viewer } from './viewer';

type Db = Kysely<Database>;
export const TERM_REDELIVERY_ORDER_TYPE = 'TR';
/** Bookings still on their way back (open, or awaiting review). */
const OPEN = ['OP', 'PN'];
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
  /** When the booking that last named it was made (a redelivery is no hire): its start on hire, as far as we know. */
  on_hire_since: string | Date | null;
}

const iso = (d: string | Date) => new Date(d).toISOString().slice(0, 10);

/** The search model of SPEC §3 (the pasted chassis besides); `BookingOrderId` when an order is edited. */
export interface RedeliverySearch {
  ChassisIds: readonly string[];
  CustomerId?: number;
  MarketCode?: string;
  /** The return locations (SPEC §3): with MarketCode, each line gets the first of them it offers. */
  LocationIds?: readonly number[];
  /** Only chassis of these sizes (equipment category codes); none: every size. */
  EquipmentSizes?: readonly string[];
  /** The org the chassis are returned into; its locations are the ones offered (SPEC §9: IDL). */
  InventoryOrg?: string;
  BookingOrderId?: number;
}

/** What a search may ask that the database does not know: each problem on its field. */
export async function searchProblems(
  db: Db,
  search: Pick<RedeliverySearch, 'EquipmentSizes' | 'InventoryOrg'>,
  base = 'Search',
): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const sizes = search.EquipmentSizes ?? [];
  if (sizes.length > 0) {
    const known = new Set(
      (
        await db
          .selectFrom('equipment_categories')
          .select('equipment_category_code')
          .where('equipment_category_code', 'in', [...sizes])
          .execute()
      ).map((r) => r.equipment_category_code),
    );
    sizes.forEach((size, i) => {
      if (!known.has(size))
        problems.push({
          field: `${base}.EquipmentSizes.${i}`,
          message: TERM_REDELIVERY_MESSAGES.sizeUnknown(size),
        });
    });
  }
  if (search.InventoryOrg !== undefined) {
    const orgs = await db
      .selectFrom('inventory_orgs')
      .selectAll()
      .where('inventory_org_code', '=', search.InventoryOrg)
      .execute();
    const rows = orgs.map((o) => ({
      InventoryOrgCode: o.inventory_org_code,
      InventoryOrgDescription: o.description,
      InventoryOrgHierarchyCode: o.hierarchy_code,
      TracManaged: o.trac_managed,
      InventoryOrgType: o.org_type,
      CoOpPool: o.co_op_pool,
    }));
    // SPEC §5: the redelivery org list without term (a term lease chassis goes back into the pool).
    if (redeliveryOrgsWithoutTerm(rows).length === 0)
      problems.push({
        field: `${base}.InventoryOrg`,
        message: TERM_REDELIVERY_MESSAGES.inventoryOrgUnknown(search.InventoryOrg),
      });
  }
  return problems;
}

/** A TR order the viewer can see, as the edit reads it: its customer, Details and open bookings' chassis. */
export async function visibleTermRedelivery(db: Db, viewer: Viewer, orderId: number) {
  const order = await db
    .selectFrom('booking_orders as o')
    .select(['o.booking_order_id', 'o.customer_id', 'o.booking_order_type_code', 'o.details'])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders(scopeOf(viewer)))
    .executeTakeFirst();
  if (!order || order.booking_order_type_code !== TERM_REDELIVERY_ORDER_TYPE)
    throw notFound(`Term lease redelivery ${orderId} was not found among your orders.`);
  const chassis = await db
    .selectFrom('booking_chassis as bc')
    .innerJoin('bookings as b', 'b.booking_id', 'bc.booking_id')
    .innerJoin('locations as l', 'l.location_id', 'b.location_id')
    .select(['bc.chassis_master_id', 'b.location_id', 'l.market_code'])
    .where('b.booking_order_id', '=', orderId)
    .where('b.status_code', 'in', OPEN)
    .execute();
  const details = (typeof order.details === 'string' ? JSON.parse(order.details) : (order.details ?? {})) as {
    GroupLineItems?: SavedLine[];
  };
  return {
    customerId: order.customer_id,
    lines: details.GroupLineItems ?? [],
    located: new Map(chassis.map((c) => [c.chassis_master_id, c])),
  };
}

/** What an order keeps of a line (Details.GroupLineItems): the user's choices on it. */
interface SavedLine {
  ContractId: number;
  ContractNumber: string;
  EquipmentLineId: number;
  PurchaseOptionOverrideApplied: boolean;
  IsSwapRedelivery: boolean;
  DirectFinanceLeaseWarningChecked: boolean;
  MinQuantityOverrideApplied: boolean;
  MinRentalPeriodOverrideApplied: boolean;
}

/**
 * The search of the redelivery's first step (SPEC §3 search model): the contract lines of the
 * chassis the customer holds — staff name the customer — with the market and the first of the
 * search's locations a line offers applied to it (SPEC §4 "applying a market and location to a line"). With an
 * edited order's id, its own chassis are not "already on a redelivery" and come back with the
 * choices the order holds (return location, overrides, swap, the acknowledgement).
 */
export async function contractForChassisSearch(
  db: Db,
  viewer: Viewer,
  search: RedeliverySearch,
  now: Date,
): Promise<ContractForChassisAnswer> {
  const { ChassisIds, CustomerId, MarketCode, LocationIds, BookingOrderId } = search;
  const problems = await searchProblems(db, search, '');
  if (problems.length > 0) throw new AppError(400, problems[0]?.message ?? '', 'VALIDATION');
  const edited =
    BookingOrderId === undefined ? null : await visibleTermRedelivery(db, viewer, BookingOrderId);
  const customer = await bookingCustomer(db, viewer, edited?.customerId ?? CustomerId, {
    requireGoodStanding: false,
    lock: false,
  });
  const answer = await contractForChassis(db, asCustomer(viewer, customer.customerId), ChassisIds, now, {
    ...(BookingOrderId !== undefined ? { orderId: BookingOrderId } : {}),
    ...(search.EquipmentSizes ? { sizes: search.EquipmentSizes } : {}),
    ...(search.InventoryOrg ? { inventoryOrg: search.InventoryOrg } : {}),
  });
  let lines = answer.GroupLineItems;
  if (edited) lines = lines.map((l) => withOrderChoices(l, edited.lines, edited.located));
  if (MarketCode !== undefined && LocationIds?.length)
    lines = lines.map((l) => {
      const location = LocationIds.find((id) => l.LocationList.includes(id));
      return l.MarketList.includes(MarketCode) && location !== undefined
        ? applyMarketAndLocation(l, MarketCode, location)
        : l;
    });
  return { ...answer, GroupLineItems: lines };
}

/** A line as the edited order left it: its chassis at their bookings' locations, its overrides and swap. */
function withOrderChoices(
  line: GroupLineItem,
  saved: readonly SavedLine[],
  located: ReadonlyMap<number, { location_id: number; market_code: string }>,
): GroupLineItem {
  const choice = saved.find((s) => s.EquipmentLineId === line.EquipmentLineId);
  const onOrder = line.LineItemDetails.filter((d) => located.has(d.ChassisMasterId));
  if (!choice || onOrder.length === 0) return line;
  const purchase = line.NeedsPurchaseOptionOverride && choice.PurchaseOptionOverrideApplied;
  return evaluateLine({
    ...line,
    PurchaseOptionOverrideApplied: purchase,
    IsSwapRedelivery: line.SwapsAllowed && choice.IsSwapRedelivery,
    DirectFinanceLeaseWarningChecked:
      line.ShowDirectFinanceLeaseWarning && choice.DirectFinanceLeaseWarningChecked,
    LineItemDetails: line.LineItemDetails.map((d) => {
      const at = located.get(d.ChassisMasterId);
      return {
        ...d,
        ...(at
          ? {
              LocationId: at.location_id,
              MarketCode: at.market_code,
              HasInvalidLocationApplied: !d.LocationList.includes(at.location_id),
            }
          : {}),
        PurchaseOptionOverridePending: d.PurchaseOptionOverridePending && !purchase,
        MinQuantityOverrideApplied: d.NeedsMinQuantityOverride && choice.MinQuantityOverrideApplied,
        MinRentalPeriodOverrideApplied:
          d.NeedsMinRentalPeriodOverride && choice.MinRentalPeriodOverrideApplied,
      };
    }),
  });
}

/** The chassis' contract, lines and the counts the override flags need; grouped per contract line. */
export async function contractForChassis(
  db: Db,
  viewer: Viewer,
  inputs: readonly string[],
  now: Date,
  options: { orderId?: number; sizes?: readonly string[]; inventoryOrg?: string } = {},
): Promise<ContractForChassisAnswer> {
  const sizes = options.sizes ?? [];
  const verdicts = await validateEquipment(db, viewer, inputs);
  const masterIds = verdicts.flatMap((v) => (v.Valid && v.ChassisMasterId ? [v.ChassisMasterId] : []));
  const held = new Map<number, HeldUnderContract>();
  const open = new Map<number, string | null>();
  if (masterIds.length > 0) {
    const { rows } = await sql<HeldUnderContract>`
      select c.chassis_master_id, c.chassis_id, c.equipment_category_code, c.equipment_class_code, c.extendable,
        c.contract_id,
        (select b.created_at from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
          join booking_orders o on o.booking_order_id = b.booking_order_id
          where bc.chassis_master_id = c.chassis_master_id
            and o.booking_order_type_code not in (${sql.join([...REDELIVERY_ORDER_TYPES])})
          order by b.created_at desc limit 1) as on_hire_since
      from chassis c where c.chassis_master_id in (${sql.join(masterIds)}) and c.contract_id is not null`.execute(
      db,
    );
    for (const r of rows) held.set(r.chassis_master_id, r);
    let onRedelivery = db
      .selectFrom('booking_chassis')
      .innerJoin('bookings', 'bookings.booking_id', 'booking_chassis.booking_id')
      .innerJoin('booking_orders', 'booking_orders.booking_order_id', 'bookings.booking_order_id')
      .select(['booking_chassis.chassis_master_id', 'bookings.booking_code'])
      .where('booking_chassis.chassis_master_id', 'in', masterIds)
      .where('booking_orders.booking_order_type_code', 'in', [...REDELIVERY_ORDER_TYPES])
      .where('bookings.status_code', 'in', OPEN);
    // The edited order's own chassis are on it, not on "another" redelivery.
    if (options.orderId !== undefined)
      onRedelivery = onRedelivery.where('booking_orders.booking_order_id', '<>', options.orderId);
    for (const r of await onRedelivery.execute()) open.set(r.chassis_master_id, r.booking_code);
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
  // The locations offered are those of the line that the org the chassis go back into serves.
  const org = options.inventoryOrg ?? DEFAULT_INVENTORY_ORG;
  const orgLocations = new Set(
    (
      await db
        .selectFrom('inventory_org_locations')
        .select('location_id')
        .where('inventory_org_code', '=', org)
        .execute()
    ).map((r) => r.location_id),
  );
  const linesByContract = new Map(
    await Promise.all(
      contracts.map(async (c) => {
        const lines = await contractLines(db, c);
        return [
          c.contract_id,
          lines.map((l) => ({ ...l, Locations: l.Locations.filter((id) => orgLocations.has(id)) })),
        ] as const;
      }),
    ),
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
    if (sizes.length > 0 && !sizes.includes(h.equipment_category_code))
      return {
        ...base,
        Valid: false,
        Message: TERM_REDELIVERY_MESSAGES.notOfSizes(v.ChassisId, h.equipment_category_code, sizes),
      };
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
  Search: Omit<RedeliverySearch, 'CustomerId'>;
  Redelivery: SubmittedLines;
  Contact: { ContactName: string; EmailAddresses: string };
}

/**
 * The lines a submit or an edit may book: derived again from the database for the customer, the
 * user's choices merged in, SPEC §4 and the acknowledge rules run on the server's own flags. Each
 * refusal is a 400 listing its problems; `orderId` is the edited order (its chassis are its own).
 */
async function checkedLines(
  trx: Db,
  viewer: Viewer,
  customerId: number,
  request: Pick<BookingRequest, 'data' | 'unanswered'>,
  now: Date,
  orderId?: number,
): Promise<GroupLineItem[]> {
  const data = request.data as unknown as TermRedeliveryData;
  const sent = data.Redelivery.GroupLineItems;
  const searchRefused = await searchProblems(trx, data.Search);
  if (searchRefused.length > 0) throw SubmissionRefused.fromErrors(searchRefused, 'VALIDATION');
  const customerView = asCustomer(viewer, customerId);
  const chassis = sent.flatMap((l) => l.LineItemDetails.map((d) => d.ChassisId));
  const answer = await contractForChassis(trx, customerView, chassis, now, {
    ...(orderId !== undefined ? { orderId } : {}),
    ...(data.Search.EquipmentSizes ? { sizes: data.Search.EquipmentSizes } : {}),
    ...(data.Search.InventoryOrg ? { inventoryOrg: data.Search.InventoryOrg } : {}),
  });
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
  return live;
}

/**
 * The bookings the lines make: per line and return location one naming its chassis, and for a swap
 * as many replacement units at the same location and line (the same transaction books both).
 */
function plannedBookings(live: readonly GroupLineItem[]): NewBooking[] {
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
        bookingComment: l.IsSwapRedelivery ? SWAP_RETURNED : null,
      });
      if (l.IsSwapRedelivery)
        bookings.push({
          locationId,
          category: l.EquipmentSize,
          equipmentClass: l.EquipmentClass,
          units: ids.length,
          equipmentLineId: l.EquipmentLineId,
          bookingComment: SWAP_REPLACEMENT,
        });
    }
  }
  return bookings;
}

const SWAP_RETURNED = 'Swap redelivery: units returned';
const SWAP_REPLACEMENT = 'Swap redelivery: replacement units';

/** What the order keeps (Details): the search, and per line the contract and the user's choices. */
function orderDetails(search: TermRedeliveryData['Search'], live: readonly GroupLineItem[]) {
  return {
    InventoryOrg: search.InventoryOrg ?? DEFAULT_INVENTORY_ORG,
    ...(search.EquipmentSizes?.length ? { EquipmentSizes: search.EquipmentSizes } : {}),
    ...(search.MarketCode !== undefined ? { MarketCode: search.MarketCode } : {}),
    ...(search.LocationIds?.length ? { LocationIds: search.LocationIds } : {}),
    GroupLineItems: live.map(
      (l): SavedLine => ({
        ContractId: l.ContractId,
        ContractNumber: l.ContractNumber,
        EquipmentLineId: l.EquipmentLineId,
        PurchaseOptionOverrideApplied: l.PurchaseOptionOverrideApplied,
        IsSwapRedelivery: l.IsSwapRedelivery,
        // The flow's acknowledge rule was answered (checkedLines), so the warning was read.
        DirectFinanceLeaseWarningChecked: l.ShowDirectFinanceLeaseWarning,
        MinQuantityOverrideApplied: l.LineItemDetails.some((d) => d.MinQuantityOverrideApplied),
        MinRentalPeriodOverrideApplied: l.LineItemDetails.some((d) => d.MinRentalPeriodOverrideApplied),
      }),
    ),
  };
}

/** POST /createlongtermredeliverybooking: one TR order in one transaction. */
export const bookTermLeaseRedelivery: Booker = (deps, request) => {
  const data = request.data as unknown as TermRedeliveryData;
  return bookOnce(
    deps,
    request,
    TERM_REDELIVERY_ORDER_TYPE,
    data.Customer?.CustomerId,
    async (trx, customer) => {
      const live = await checkedLines(trx, request.viewer, customer.customerId, request, deps.clock());
      const contractIds = [...new Set(live.map((l) => l.ContractId))];
      return insertOrder(trx, {
        orderType: TERM_REDELIVERY_ORDER_TYPE,
        customerId: customer.customerId,
        ...(contractIds.length === 1 ? { contractId: contractIds[0] } : {}),
        contact: data.Contact,
        details: orderDetails(data.Search, live),
        idempotency: idempotencyOf(request),
        actor: actorOf(request.viewer),
        pending: null,
        bookings: plannedBookings(live),
      });
    },
  );
};

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
export const updateTermLeaseRedelivery: Updater = async (trx, request, { clock }) => {
  const data = request.data as unknown as TermRedeliveryData;
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
