/**
 * Manual inventory: staff count what a yard really holds for a provider-managed org, size and
 * class, see the difference from the system's count, and save the count as an MI order. Saving
 * makes the system hold what was counted, so the availability every booking reads follows the
 * yard: a lower count marks the difference out of service (the newest units first, never one a
 * booking names); a higher count returns units out of service there first, then adds units with
 * new IDs from a range the seed never uses. One transaction with the location locked (as a booking
 * locks it), audited, announced on the hub; MI orders never reach the dashboard.
 */
import { type Kysely, sql } from 'kysely';
import {
  type CountCreate,
  type CountDifference,
  type CountPreview,
  MANUAL_INVENTORY_REASONS,
  type MiOrder,
  type MiSearch,
  type MiSearchResponse,
} from '../../schemas/manual-inventory';
import type { Database } from '../db/types';
import { AppError, type ErrorLog } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import { checkSizeAndClass, orgLocation, providerManagedOrg } from './internal-reservation-checks';
import type { Viewer } from './viewer';

export interface ManualInventoryDeps {
  db: Kysely<Database>;
  orderEvents: OrderEvents;
}

/** Units added by a count get IDs PLCU800000–PLCU899999 (the seed numbers from 100000 up, tests from 900000). */
const ADDED_PREFIX = 'PLCU';
const ADDED_FIRST = 800_000;
const ADDED_LAST = 899_999;

const units = (n: number) => `${n} ${Math.abs(n) === 1 ? 'unit' : 'units'}`;
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const reasonText = (code: string) =>
  MANUAL_INVENTORY_REASONS.find((r) => r.ReasonCode === code)?.ReasonDescription ?? code;

async function checkCount(db: Kysely<Database>, body: CountPreview) {
  const org = await providerManagedOrg(db, body.InventoryOrgCode);
  const location = await orgLocation(db, org.inventory_org_code, body.LocationId);
  await checkSizeAndClass(db, body.EquipmentSize, body.EquipmentClass, 'counted');
  return { org: org.inventory_org_code, location };
}

const kindOf = (org: string, body: CountPreview) => sql`
  c.inventory_org_code = ${org} and c.location_id = ${body.LocationId}
  and c.equipment_category_code = ${body.EquipmentSize} and c.equipment_class_code = ${body.EquipmentClass}`;

async function systemCounts(db: Kysely<Database>, org: string, body: CountPreview) {
  const { rows } = await sql<{ available: number | string; out_of_service: number | string }>`
    select count(*) filter (where c.status = 'AVAILABLE') as available,
      count(*) filter (where c.status = 'OUT_OF_SERVICE') as out_of_service
    from chassis c where ${kindOf(org, body)}`.execute(db);
  return { system: Number(rows[0]?.available ?? 0), outOfService: Number(rows[0]?.out_of_service ?? 0) };
}

function effect(difference: number, outOfService: number): string {
  if (difference === 0) return 'The count matches the system: saving records it and changes no unit.';
  if (difference < 0) return `Saving marks ${units(-difference)} out of service.`;
  const back = Math.min(difference, outOfService);
  const added = difference - back;
  return `Saving ${[
    back > 0 ? `returns ${units(back)} to service` : '',
    added > 0 ? `adds ${units(added)}` : '',
  ]
    .filter(Boolean)
    .join(' and ')}.`;
}

/** The difference a count would make, before saving (Read). */
export async function previewCount(db: Kysely<Database>, body: CountPreview): Promise<CountDifference> {
  const { org, location } = await checkCount(db, body);
  const { system, outOfService } = await systemCounts(db, org, body);
  const difference = body.CountedQuantity - system;
  return {
    InventoryOrgCode: org,
    LocationId: location.location_id,
    LocationName: location.location_name,
    EquipmentSize: body.EquipmentSize,
    EquipmentClass: body.EquipmentClass,
    SystemCount: system,
    CountedQuantity: body.CountedQuantity,
    Difference: difference,
    OutOfServiceCount: outOfService,
    Effect: effect(difference, outOfService),
  };
}

async function nextAddedIds(db: Kysely<Database>, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ last: string | null }>`
    select max(chassis_id) as last from chassis
    where chassis_id between ${`${ADDED_PREFIX}${ADDED_FIRST}`} and ${`${ADDED_PREFIX}${ADDED_LAST}`}`.execute(
    db,
  );
  const last = rows[0]?.last ? Number(rows[0].last.slice(4)) : ADDED_FIRST - 1;
  if (last + count > ADDED_LAST)
    throw new AppError(
      409,
      'No chassis IDs are left for units added by counts: ask for the units to be registered.',
      'NO_IDS_LEFT',
    );
  return Array.from({ length: count }, (_, i) => `${ADDED_PREFIX}${last + 1 + i}`);
}

/** Saves a count as an MI order (Create). */
export async function recordCount(
  deps: ManualInventoryDeps,
  viewer: Viewer,
  body: CountCreate,
  log: ErrorLog,
): Promise<MiOrder> {
  const { db } = deps;
  const { org, location } = await checkCount(db, body);
  const comment = body.Comment?.trim() ? body.Comment.trim() : null;
  const id = await db.transaction().execute(async (trx) => {
    await sql`select location_id from locations where location_id = ${location.location_id} for no key update`.execute(
      trx,
    );
    // Units added by counts take the next IDs: one count at a time anywhere hands them out.
    await sql`select pg_advisory_xact_lock(hashtext('manual_inventory_added_ids'))`.execute(trx);
    const { system, outOfService } = await systemCounts(trx, org, body);
    if (system !== body.SystemCount)
      throw new AppError(
        409,
        `The system count at ${location.location_name} is now ${system}, not ${body.SystemCount}: look at the difference again and save once more. Nothing was changed.`,
        'SYSTEM_COUNT_CHANGED',
      );
    const difference = body.CountedQuantity - system;
    let outOfServiceIds: string[] = [];
    let returnedIds: string[] = [];
    let addedIds: string[] = [];
    if (difference < 0) {
      const { rows } = await sql<{ chassis_id: string }>`
        update chassis set status = 'OUT_OF_SERVICE', updated_at = now()
        where chassis_master_id in (
          select c.chassis_master_id from chassis c
          where ${kindOf(org, body)} and c.status = 'AVAILABLE'
            and not exists (select 1 from booking_chassis bc where bc.chassis_master_id = c.chassis_master_id)
          order by c.chassis_master_id desc limit ${-difference} for update)
        returning chassis_id`.execute(trx);
      if (rows.length < -difference)
        throw new AppError(
          409,
          `Only ${units(rows.length)} there can be marked out of service; the others are named by bookings. Nothing was changed.`,
          'UNITS_NAMED_BY_BOOKINGS',
        );
      outOfServiceIds = rows.map((r) => r.chassis_id);
    } else if (difference > 0) {
      const back = Math.min(difference, outOfService);
      if (back > 0) {
        const { rows } = await sql<{ chassis_id: string }>`
          update chassis set status = 'AVAILABLE', updated_at = now()
          where chassis_master_id in (
            select c.chassis_master_id from chassis c where ${kindOf(org, body)} and c.status = 'OUT_OF_SERVICE'
            order by c.updated_at desc, c.chassis_master_id desc limit ${back} for update)
          returning chassis_id`.execute(trx);
        returnedIds = rows.map((r) => r.chassis_id);
      }
      addedIds = await nextAddedIds(trx, difference - returnedIds.length);
      if (addedIds.length > 0)
        await trx
          .insertInto('chassis')
          .values(
            addedIds.map((chassisId) => ({
              chassis_id: chassisId,
              equipment_category_code: body.EquipmentSize,
              equipment_class_code: body.EquipmentClass,
              extendable: false,
              inventory_org_code: org,
              location_id: location.location_id,
              on_hire_customer_id: null,
              contract_id: null,
              status: 'AVAILABLE' as const,
              manufactured_year: new Date().getUTCFullYear(),
            })),
          )
          .execute();
    }
    const row = await trx
      .insertInto('manual_inventory_orders')
      .values({
        inventory_org_code: org,
        location_id: location.location_id,
        equipment_category_code: body.EquipmentSize,
        equipment_class_code: body.EquipmentClass,
        system_count: system,
        counted_count: body.CountedQuantity,
        reason_code: body.ReasonCode,
        comment,
        units_out_of_service: JSON.stringify(outOfServiceIds),
        units_returned: JSON.stringify(returnedIds),
        units_added: JSON.stringify(addedIds),
        created_by: viewer.userId,
      })
      .returning('mi_order_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('audit_log')
      .values({
        entity_type: 'manual_inventory',
        entity_id: String(row.mi_order_id),
        action: 'counted',
        changed_by: viewer.userId,
        details: JSON.stringify({
          org,
          locationId: location.location_id,
          size: body.EquipmentSize,
          class: body.EquipmentClass,
          system,
          counted: body.CountedQuantity,
          reason: body.ReasonCode,
          outOfService: outOfServiceIds,
          returned: returnedIds,
          added: addedIds,
        }),
      })
      .execute();
    return row.mi_order_id;
  });
  announce(deps.orderEvents, log, { BookingOrderId: id, Change: 'inventory' });
  const [order] = await listOrders(db, (q) => q.where('m.mi_order_id', '=', id));
  return order as MiOrder;
}

type Narrow = (q: ReturnType<typeof ordersQuery>) => ReturnType<typeof ordersQuery>;

function ordersQuery(db: Kysely<Database>) {
  return db
    .selectFrom('manual_inventory_orders as m')
    .innerJoin('locations as l', 'l.location_id', 'm.location_id')
    .leftJoin('users as u', 'u.user_id', 'm.created_by')
    .selectAll('m')
    .select(['l.location_name', 'l.market_code', 'u.first_name', 'u.last_name']);
}

const asList = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) : Array.isArray(v) ? v : []);

async function listOrders(db: Kysely<Database>, narrow: Narrow): Promise<MiOrder[]> {
  const rows = await narrow(ordersQuery(db))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.mi_order_id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    MiOrderId: r.mi_order_id,
    OrderNumber: `MI${String(r.mi_order_id).padStart(6, '0')}`,
    InventoryOrgCode: r.inventory_org_code,
    LocationId: r.location_id,
    LocationName: r.location_name,
    MarketCode: r.market_code,
    EquipmentSize: r.equipment_category_code,
    EquipmentClass: r.equipment_class_code,
    SystemCount: r.system_count,
    CountedQuantity: r.counted_count,
    Difference: r.counted_count - r.system_count,
    ReasonCode: r.reason_code,
    ReasonDescription: reasonText(r.reason_code),
    Comment: r.comment,
    UnitsOutOfService: asList(r.units_out_of_service),
    UnitsReturned: asList(r.units_returned),
    UnitsAdded: asList(r.units_added),
    CreatedBy: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
    CreatedAt: iso(r.created_at),
  }));
}

/** The latest counts of an org (Read), newest first, with the reasons a count may give. */
export async function searchCounts(db: Kysely<Database>, search: MiSearch): Promise<MiSearchResponse> {
  const org = await providerManagedOrg(db, search.InventoryOrgCode);
  const market = search.MarketCode?.trim().toUpperCase();
  const orders = await listOrders(db, (q) => {
    let query = q.where('m.inventory_org_code', '=', org.inventory_org_code);
    if (market) query = query.where('l.market_code', '=', market);
    if (search.LocationId !== undefined) query = query.where('m.location_id', '=', search.LocationId);
    return query;
  });
  return { Orders: orders, Reasons: MANUAL_INVENTORY_REASONS.map((r) => ({ ...r })) };
}
