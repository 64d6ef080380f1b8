/**
 * SPEC §7 POST /bookingpending/inventory with SPEC §3's inventory check payload: the units per
 * location of a market for one size and class, zero rows always included (SPEC §9), so staff see
 * where a pending request could be served. "Available" is the count bookings and accept use
 * (availableUnitsAt); Stock, Held and Reserved show how it comes about. The Extendable filter
 * (SPEC §9: All, Yes, No) narrows stock, holds and reservations to extendable frames or the others.
 */
import { type Kysely, sql } from 'kysely';
import type { InventoryCheck, InventoryResponse } from '../../schemas/pending';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { checkEquipmentChoice, POOL_DRAWING_ORDER_TYPES, POOL_ORG_TYPES } from './availability';

const bad = (message: string, code = 'INVALID_INVENTORY_CHECK') => new AppError(400, message, code);

export async function inventoryCheck(db: Kysely<Database>, body: InventoryCheck): Promise<InventoryResponse> {
  const orderType = body.BookingOrderTypeCode.trim().toUpperCase();
  if (!(POOL_DRAWING_ORDER_TYPES as readonly string[]).includes(orderType))
    throw bad(
      `Inventory checks are for order types that draw on pool inventory: ${POOL_DRAWING_ORDER_TYPES.join(', ')} (got ${orderType}).`,
    );
  const party = await db
    .selectFrom('customers')
    .select(['customer_name', 'scac', 'customer_class'])
    .where('customer_id', '=', body.ResponsiblePartyId)
    .executeTakeFirst();
  if (!party)
    throw bad(`There is no customer ${body.ResponsiblePartyId}: choose the responsible party from the list.`);
  if (party.customer_class !== body.ResponsiblePartyType.trim().toUpperCase())
    throw bad(
      `${party.customer_name} (${party.scac}) is of customer class ${party.customer_class}, not ${body.ResponsiblePartyType}.`,
    );
  const choice = {
    marketCode: body.MarketCode.trim().toUpperCase(),
    category: body.EquipmentSize,
    equipmentClass: body.EquipmentClass,
  };
  await checkEquipmentChoice(db, choice);
  const takes = orderType === 'DL' ? 'daily_lease_allowed' : 'pool_booking_allowed';
  const ext = body.Extendable === 'All' ? null : body.Extendable === 'Yes';
  const extendable = (column: string) => (ext === null ? sql`true` : sql`${sql.ref(column)} = ${ext}`);
  const poolOrgs = sql`(select inventory_org_code from inventory_orgs where org_type in (${sql.join(POOL_ORG_TYPES)}))`;
  const { category, equipmentClass } = choice;
  const { rows } = await sql<{
    location_id: number;
    location_name: string;
    stock: number;
    held: number;
    reserved: number;
  }>`
    select l.location_id, l.location_name,
      (select count(*) from chassis c
        where c.location_id = l.location_id and c.status = 'AVAILABLE'
          and c.equipment_category_code = ${category} and c.equipment_class_code = ${equipmentClass}
          and ${extendable('c.extendable')}
          and c.inventory_org_code in ${poolOrgs}) as stock,
      (select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)
        from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
        where b.location_id = l.location_id and b.status_code = 'OP'
          and b.equipment_category_code = ${category} and b.equipment_class_code = ${equipmentClass}
          and ${extendable('b.extendable')}
          and o.booking_order_type_code in (${sql.join(POOL_DRAWING_ORDER_TYPES)})) as held,
      (select coalesce(sum(r.reserved_quantity), 0) from internal_reservations r
        where r.location_id = l.location_id and not r.customer_bookings_allowed
          and r.equipment_category_code = ${category} and r.equipment_class_code = ${equipmentClass}
          and ${extendable('r.extendable')}
          and r.inventory_org_code in ${poolOrgs}) as reserved
    from locations l
    where l.market_code = ${choice.marketCode} and l.active and ${sql.ref(`l.${takes}`)}
    order by l.location_name, l.location_id`.execute(db);
  const locations = rows.map((r) => {
    const stock = Number(r.stock);
    const held = Number(r.held);
    const reserved = Number(r.reserved);
    return {
      LocationId: r.location_id,
      LocationName: r.location_name,
      Available: Math.max(0, stock - held - reserved),
      Stock: stock,
      Held: held,
      Reserved: reserved,
    };
  });
  return {
    MarketCode: choice.marketCode,
    EquipmentSize: category,
    EquipmentClass: equipmentClass,
    Extendable: body.Extendable,
    BookingOrderTypeCode: orderType,
    TotalAvailable: locations.reduce((sum, l) => sum + l.Available, 0),
    Locations: locations,
  };
}
