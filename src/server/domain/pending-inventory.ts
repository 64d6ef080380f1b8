/**
 * SPEC §7 POST /bookingpending/inventory with SPEC §3's inventory check payload: the units per
 * location of a market for one size and class, zero rows always included (SPEC §9), so staff see
 * where a pending request could be served. "Available" is the count bookings and accept use
 * (availableUnitsAt); Stock, Held and Reserved show how it comes about. The Extendable filter
 * (SPEC §9: All, Yes, No) narrows stock, holds and reservations to extendable frames or the others.
 */
import type { Kysely } from 'kysely';
import type { InventoryCheck, InventoryResponse } from '../../schemas/pending';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { checkEquipmentChoice, poolYardsOf } from './availability';
import { countInventory } from './inventory-availability-counts';

const bad = (message: string, code = 'INVALID_INVENTORY_CHECK') => new AppError(400, message, code);

export async function inventoryCheck(db: Kysely<Database>, body: InventoryCheck): Promise<InventoryResponse> {
  const orderType = body.BookingOrderTypeCode.trim().toUpperCase();
  const takes = await poolYardsOf(db, orderType);
  if (!takes) {
    const types = await db
      .selectFrom('booking_order_types')
      .select(['code', 'name'])
      .where((eb) => eb.or([eb('pool_yards', 'is not', null), eb('code', '=', orderType)]))
      .orderBy('code')
      .execute();
    const drawing = types.filter((t) => t.code !== orderType);
    const asked = types.find((t) => t.code === orderType)?.name ?? `order type ${orderType}`;
    throw bad(
      `Inventory checks are for order types that draw on pool inventory: ${drawing.map((t) => t.name).join(', ')} (not ${asked}).`,
    );
  }
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
  await checkEquipmentChoice({ db }, choice);
  const places = await db
    .selectFrom('locations')
    .select(['location_id', 'location_name'])
    .where('market_code', '=', choice.marketCode)
    .where('active', '=', true)
    .where(takes, '=', true)
    .orderBy('location_name')
    .orderBy('location_id')
    .execute();
  const { category, equipmentClass } = choice;
  const counts = await countInventory(db, {
    locationIds: places.map((l) => l.location_id),
    categories: [category],
    classes: [equipmentClass],
    extendable: body.Extendable,
  });
  const locations = places.map((l, i) => {
    const c = counts[i];
    return {
      LocationId: l.location_id,
      LocationName: l.location_name,
      Available: c?.available ?? 0,
      Stock: c?.stock ?? 0,
      Held: c?.held ?? 0,
      Reserved: c?.reserved ?? 0,
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
