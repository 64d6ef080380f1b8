/**
 * contractForChassis answers, for up to 300 pasted chassis, a verdict per chassis and the group
 * line items: one per contract line, one line item detail per chassis, the flags of SPEC §3 set
 * from the contract (purchase option, direct finance lease, minimum quantity, minimum rental
 * period, swaps). The booker derives the same lines again from here — never trusting the flags a
 * client sends.
 */
import { type Kysely, sql } from 'kysely';
import { DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import { asCustomer } from '../../../domain/policies';
import { REDELIVERY_MESSAGES, REDELIVERY_ORDER_TYPES } from '../../../domain/redelivery';
import {
  applyMarketAndLocation,
  evaluateLine,
  type GroupLineItem,
  type LineItemDetail,
  TERM_REDELIVERY_MESSAGES,
} from '../../../domain/term-lease-redelivery';
import type { Database } from '../../db/types';
import { bookingCustomer } from '../../domain/booking-customer';
import { validateEquipment } from '../../domain/equipment';
import { contractLines } from '../../domain/term-lease-contracts';
import type { Viewer } from '../../domain/viewer';
import { AppError } from '../../errors';
import {
  type ChassisVerdict,
  type ContractForChassisAnswer,
  contractEnded,
  noContractLine,
  notUnderContract,
  OPEN,
  type RedeliverySearch,
  type SavedLine,
  searchProblems,
  visibleTermRedelivery,
} from './search';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

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
