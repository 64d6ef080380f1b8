/** Staging for the inventory screens' API tests: a location to work at, a reservation body, a reason. */
import type { TestApp } from '../helpers/test-app';

/** An active LAX pool location IDL holds inventory at, with no reservation of any org on it. */
export async function stageLocation(t: TestApp): Promise<{ id: number; name: string }> {
  const row = await t.handle.db
    .selectFrom('locations as l')
    .innerJoin('inventory_org_locations as m', 'm.location_id', 'l.location_id')
    .select(['l.location_id', 'l.location_name'])
    .where('m.inventory_org_code', '=', 'IDL')
    .where('l.market_code', '=', 'LAX')
    .where('l.active', '=', true)
    .where('l.pool_booking_allowed', '=', true)
    .orderBy('l.location_id')
    .executeTakeFirstOrThrow();
  await t.handle.db.deleteFrom('internal_reservations').where('location_id', '=', row.location_id).execute();
  return { id: row.location_id, name: row.location_name };
}

export const reservationBody = (locationId: number, quantity: number, extra: object = {}) => ({
  InventoryOrgCode: 'IDL',
  LocationId: locationId,
  EquipmentSize: 'Chassis.40',
  EquipmentClass: 'STD',
  Extendable: false,
  ReservedQuantity: quantity,
  CustomerBookingsAllowed: false,
  ReasonCode: '',
  ...extra,
});

export async function reasonCode(t: TestApp): Promise<string> {
  const r = await t.handle.db
    .selectFrom('reasons')
    .select('reason_code')
    .where('reason_kind', '=', 'INTERNAL_RESERVATION')
    .orderBy('reason_code')
    .executeTakeFirstOrThrow();
  return r.reason_code;
}
