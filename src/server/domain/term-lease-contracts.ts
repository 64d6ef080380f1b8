/**
 * Term lease contracts as the term lease booking and redelivery see them (SPEC §3, §7 Term lease
 * booking): a contract's lines with what is already booked on each, the locations of each line,
 * the markets, and whether the contract can be booked against today. docs/decisions.md "Term lease
 * booking (issue 16)" says how a line's locations and booked quantity are counted.
 */

import { type Kysely, sql } from 'kysely';
import { mayActFor, seesEveryCustomer } from '../../domain/policies';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import type { Viewer } from './viewer';

type Db = Kysely<Database>;

export const TERM_LEASE_ORDER_TYPE = 'TL';

const DAY_MS = 86_400_000;
const isoDay = (d: Date | string): string => new Date(d).toISOString().slice(0, 10);

export interface ContractRowLite {
  contract_id: number;
  contract_number: string;
  customer_id: number;
  inventory_org_code: string;
  effective_date: Date;
  effective_to: Date;
  status: 'ACTIVE' | 'EXPIRED' | 'TERMINATED';
}

/**
 * The contract, when the viewer may see it: staff any, a customer's users only their company's.
 * Anything else is a 404 (not 403), so contract ids of other customers do not leak.
 */
export async function visibleContract(db: Db, viewer: Viewer, contractId: number): Promise<ContractRowLite> {
  const c = await db
    .selectFrom('term_lease_contracts')
    .select([
      'contract_id',
      'contract_number',
      'customer_id',
      'inventory_org_code',
      'effective_date',
      'effective_to',
      'status',
    ])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  if (!c || !mayActFor(viewer, c.customer_id))
    throw notFound(`There is no term lease contract ${contractId} of yours.`);
  return c;
}

/** Why a contract cannot be booked against today, or null when it can. */
export function notBookableReason(c: ContractRowLite, now: Date): string | null {
  if (c.status === 'TERMINATED')
    return `Contract ${c.contract_number} was terminated: nothing can be booked against it.`;
  const from = new Date(c.effective_date).getTime();
  const to = new Date(c.effective_to).getTime() + DAY_MS;
  if (c.status === 'EXPIRED' || to <= now.getTime())
    return `Contract ${c.contract_number} expired on ${isoDay(c.effective_to)}: nothing can be booked against it.`;
  if (from > now.getTime())
    return `Contract ${c.contract_number} starts on ${isoDay(c.effective_date)}: book against it from then.`;
  return null;
}

/** A 400 when the contract cannot be booked against, with the reason. */
export function assertBookable(c: ContractRowLite, now: Date): void {
  const reason = notBookableReason(c, now);
  if (reason) throw new AppError(400, reason, 'CONTRACT_NOT_BOOKABLE');
}

export interface ContractLine {
  EquipmentLineID: number;
  EquipmentSize: string;
  EquipmentClass: string;
  Extendable: boolean;
  MarketCode: string;
  MarketName: string;
  Quantity: number;
  DailyRate: number;
  AdditionalOnHireAllowed: boolean;
  /** Units the line's bookings hold (all orders): OP/PN requested, FF/CL fulfilled, CN/EX none. */
  BookedQuantity: number;
  /** The line's locations: active locations of the contract's org in the line's market. */
  Locations: number[];
}

/**
 * The bookings of term lease orders that belong to a line: those that name it (equipment_line_id),
 * and — for bookings written before lines were recorded — those of an order on the line's contract
 * with the line's size, class and Extendable.
 */
export const lineBookingsCondition = sql<boolean>`(
  b.equipment_line_id = l.equipment_line_id
  or (b.equipment_line_id is null and o.contract_id = l.contract_id
      and b.equipment_category_code = l.equipment_category_code
      and b.equipment_class_code = l.equipment_class_code
      and b.extendable = l.extendable))`;

/** What a booking holds of its line (SPEC §9 statuses). */
export const heldUnits = sql<number>`case
  when b.status_code in ('OP', 'PN') then b.units_requested_count
  when b.status_code in ('FF', 'CL') then b.units_fulfilled_count
  else 0 end`;

/** Booked quantity per line of the contract, leaving out `excludeOrderId`'s bookings (an edit). */
export async function bookedPerLine(
  db: Db,
  lineIds: readonly number[],
  excludeOrderId?: number,
): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await sql<{ equipment_line_id: number; booked: string | number }>`
    select l.equipment_line_id, coalesce(sum(${heldUnits}), 0) as booked
      from term_lease_contract_lines l
      join booking_orders o on o.booking_order_type_code = ${TERM_LEASE_ORDER_TYPE}
        and (o.contract_id = l.contract_id)
        ${excludeOrderId !== undefined ? sql`and o.booking_order_id <> ${excludeOrderId}` : sql``}
      join bookings b on b.booking_order_id = o.booking_order_id and ${lineBookingsCondition}
     where l.equipment_line_id in (${sql.join(lineIds)})
     group by l.equipment_line_id`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.equipment_line_id), Number(r.booked)]));
}

/** The locations of each line: active, of the contract's org, in the line's market. */
export async function lineLocations(
  db: Db,
  orgCode: string,
  markets: readonly string[],
): Promise<Map<string, number[]>> {
  if (markets.length === 0) return new Map();
  const rows = await db
    .selectFrom('locations as loc')
    .innerJoin('inventory_org_locations as iol', 'iol.location_id', 'loc.location_id')
    .select(['loc.location_id', 'loc.market_code'])
    .where('iol.inventory_org_code', '=', orgCode)
    .where('loc.active', '=', true)
    .where('loc.market_code', 'in', [...markets])
    .orderBy('loc.location_id')
    .execute();
  const byMarket = new Map<string, number[]>();
  for (const r of rows) byMarket.set(r.market_code, [...(byMarket.get(r.market_code) ?? []), r.location_id]);
  return byMarket;
}

export async function contractLines(
  db: Db,
  contract: Pick<ContractRowLite, 'contract_id' | 'inventory_org_code'>,
  excludeOrderId?: number,
): Promise<ContractLine[]> {
  const lines = await db
    .selectFrom('term_lease_contract_lines as l')
    .innerJoin('markets as m', 'm.market_code', 'l.market_code')
    .selectAll('l')
    .select('m.market_name')
    .where('l.contract_id', '=', contract.contract_id)
    .orderBy('l.equipment_line_id')
    .execute();
  const ids = lines.map((l) => l.equipment_line_id);
  const [booked, locations] = await Promise.all([
    bookedPerLine(db, ids, excludeOrderId),
    lineLocations(db, contract.inventory_org_code, [...new Set(lines.map((l) => l.market_code))]),
  ]);
  return lines.map((l) => ({
    EquipmentLineID: l.equipment_line_id,
    EquipmentSize: l.equipment_category_code,
    EquipmentClass: l.equipment_class_code,
    Extendable: l.extendable,
    MarketCode: l.market_code,
    MarketName: l.market_name,
    Quantity: l.quantity,
    DailyRate: Number(l.daily_rate),
    AdditionalOnHireAllowed: l.additional_on_hire_allowed,
    BookedQuantity: booked.get(l.equipment_line_id) ?? 0,
    Locations: locations.get(l.market_code) ?? [],
  }));
}

export interface ContractInfo {
  ContractId: number;
  ContractNumber: string;
  CustomerId: number;
  InventoryOrgCode: string;
  EffectiveDate: string;
  EffectiveTo: string;
  ContractStatus: string;
  Bookable: boolean;
  NotBookableReason: string | null;
  Lines: ContractLine[];
}

/** GET /getContractInfo/{id}: the contract, its lines and whether it can be booked today. */
export async function contractInfo(
  db: Db,
  viewer: Viewer,
  contractId: number,
  now: Date,
  excludeOrderId?: number,
): Promise<ContractInfo> {
  const c = await visibleContract(db, viewer, contractId);
  const reason = notBookableReason(c, now);
  return {
    ContractId: c.contract_id,
    ContractNumber: c.contract_number,
    CustomerId: c.customer_id,
    InventoryOrgCode: c.inventory_org_code,
    EffectiveDate: isoDay(c.effective_date),
    EffectiveTo: isoDay(c.effective_to),
    ContractStatus: c.status,
    Bookable: reason === null,
    NotBookableReason: reason,
    Lines: await contractLines(db, c, excludeOrderId),
  };
}

/** GET /getlongtermmarket/{id}: the markets of the contract's lines. */
export async function contractMarkets(db: Db, viewer: Viewer, contractId: number) {
  const c = await visibleContract(db, viewer, contractId);
  const rows = await db
    .selectFrom('term_lease_contract_lines as l')
    .innerJoin('markets as m', 'm.market_code', 'l.market_code')
    .select(['m.market_code', 'm.market_name'])
    .distinct()
    .where('l.contract_id', '=', c.contract_id)
    .orderBy('m.market_code')
    .execute();
  return rows.map((r) => ({
    ContractId: c.contract_id,
    MarketCode: r.market_code,
    MarketName: r.market_name,
  }));
}

/** The contracts a viewer's lookups cover: staff every contract, a customer's users their own. */
function contractsOf(db: Db, viewer: Viewer) {
  let q = db.selectFrom('term_lease_contracts as c');
  if (!seesEveryCustomer(viewer)) q = q.where('c.customer_id', '=', viewer.customerId ?? -1);
  return q;
}

/** Lookup FilteredLongtermMarket: one row per contract and market of its lines. */
export async function filteredLongtermMarkets(db: Db, viewer: Viewer) {
  const rows = await contractsOf(db, viewer)
    .innerJoin('term_lease_contract_lines as l', 'l.contract_id', 'c.contract_id')
    .innerJoin('markets as m', 'm.market_code', 'l.market_code')
    .select(['c.contract_id', 'c.contract_number', 'm.market_code', 'm.market_name'])
    .distinct()
    .orderBy('c.contract_id')
    .orderBy('m.market_code')
    .execute();
  return rows.map((r) => ({
    ContractId: r.contract_id,
    ContractNumber: r.contract_number,
    MarketCode: r.market_code,
    MarketName: r.market_name,
  }));
}

/** Lookup FilteredMarket: the markets where the viewer's contracts have lines. */
export async function filteredMarkets(db: Db, viewer: Viewer) {
  const rows = await contractsOf(db, viewer)
    .innerJoin('term_lease_contract_lines as l', 'l.contract_id', 'c.contract_id')
    .innerJoin('markets as m', 'm.market_code', 'l.market_code')
    .select(['m.market_code', 'm.market_name'])
    .distinct()
    .orderBy('m.market_code')
    .execute();
  return rows.map((r) => ({ MarketCode: r.market_code, MarketName: r.market_name }));
}

/** Lookup FilteredLocationByLongtermContract: one row per contract line and location of that line. */
export async function filteredLocationsByLongtermContract(db: Db, viewer: Viewer) {
  const rows = await contractsOf(db, viewer)
    .innerJoin('term_lease_contract_lines as l', 'l.contract_id', 'c.contract_id')
    .innerJoin('inventory_org_locations as iol', 'iol.inventory_org_code', 'c.inventory_org_code')
    .innerJoin('locations as loc', (j) =>
      j.onRef('loc.location_id', '=', 'iol.location_id').onRef('loc.market_code', '=', 'l.market_code'),
    )
    .select([
      'c.contract_id',
      'l.equipment_line_id',
      'loc.location_id',
      'loc.location_name',
      'loc.city',
      'loc.state_province',
      'loc.market_code',
    ])
    .where('loc.active', '=', true)
    .orderBy('c.contract_id')
    .orderBy('l.equipment_line_id')
    .orderBy('loc.location_name')
    .execute();
  return rows.map((r) => ({
    ContractId: r.contract_id,
    EquipmentLineID: r.equipment_line_id,
    LocationId: r.location_id,
    LocationName: r.location_name,
    LocationCity: r.city,
    LocationStateProvince: r.state_province,
    LocationMarketCode: r.market_code,
  }));
}
