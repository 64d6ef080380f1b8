/**
 * Term lease redelivery (TR, issue 17; SPEC §3, §4, §7 longTermRedelivery): the chassis a customer
 * returns under its term lease contracts. This file holds what the search of its first step asks
 * and answers: the search model, its problems, the verdict per chassis, and the edited order as the
 * search reads it. contract-for-chassis.ts answers it; lines.ts checks a submit's lines; booker.ts
 * and updater.ts book and edit an order.
 */
import type { Kysely } from 'kysely';
import { redeliveryOrgsWithoutTerm } from '../../../domain/lookups';
import { type GroupLineItem, TERM_REDELIVERY_MESSAGES } from '../../../domain/term-lease-redelivery';
import type { FieldError } from '../../../engine/core/types';
import type { Database } from '../../db/types';
import { scopeOf, visibleOrders } from '../../domain/dashboard-rows';
import type { Viewer } from '../../domain/viewer';
import { notFound } from '../../errors';

type Db = Kysely<Database>;
export const TERM_REDELIVERY_ORDER_TYPE = 'TR';
/** Bookings still on their way back (open, or awaiting review). */
export const OPEN = ['OP', 'PN'];

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

/** What an order keeps of a line (Details.GroupLineItems): the user's choices on it. */
export interface SavedLine {
  ContractId: number;
  ContractNumber: string;
  EquipmentLineId: number;
  PurchaseOptionOverrideApplied: boolean;
  IsSwapRedelivery: boolean;
  DirectFinanceLeaseWarningChecked: boolean;
  MinQuantityOverrideApplied: boolean;
  MinRentalPeriodOverrideApplied: boolean;
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
