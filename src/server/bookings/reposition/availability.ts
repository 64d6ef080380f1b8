/**
 * Units available to reposition from an origin (SPEC §3 AvailableQuantity): the org's chassis of
 * the size and class standing there available (filtered by Extendable), less what open bookings of
 * pool-drawing types still hold there, less what staff reserved and closed to bookings. An edit
 * names its order so what that order already holds is added back (the user is choosing again).
 */

import { type Kysely, sql } from 'kysely';
import { mayChooseCustomer, seesEveryCustomer } from '../../../domain/policies';
import type { RepositionAvailabilityBody, RepositionAvailabilityResponse } from '../../../schemas/reposition';
import type { Database } from '../../db/types';
import { POOL_DRAWING_TYPES } from '../../domain/availability';
import { bookingCustomer } from '../../domain/booking-customer';
import type { Viewer } from '../../domain/viewer';
import { checkReposition, type RepositionHeader } from './checks';

export interface RepositionSource {
  inventoryOrgCode: string;
  fromLocationId: number;
  category: string;
  equipmentClass: string;
  extendable: 'All' | 'Yes' | 'No';
  /** Edit: this order's own open bookings do not count as held. */
  excludeOrderId?: number;
}

export async function repositionAvailable(db: Kysely<Database>, s: RepositionSource): Promise<number> {
  const extendable = s.extendable === 'All' ? sql`true` : sql`c.extendable = ${s.extendable === 'Yes'}`;
  const { rows } = await sql<{ stock: number; held: number; reserved: number }>`
    select
      (select count(*) from chassis c
        where c.location_id = ${s.fromLocationId} and c.status = 'AVAILABLE'
          and c.equipment_category_code = ${s.category} and c.equipment_class_code = ${s.equipmentClass}
          and c.inventory_org_code = ${s.inventoryOrgCode} and ${extendable}) as stock,
      (select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)
        from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
        where b.location_id = ${s.fromLocationId} and b.status_code = 'OP'
          and b.equipment_category_code = ${s.category} and b.equipment_class_code = ${s.equipmentClass}
          and o.booking_order_type_code = any(${POOL_DRAWING_TYPES})
          and o.booking_order_id <> ${s.excludeOrderId ?? -1}) as held,
      (select coalesce(sum(r.reserved_quantity), 0) from internal_reservations r
        where r.location_id = ${s.fromLocationId} and not r.customer_bookings_allowed
          and r.equipment_category_code = ${s.category} and r.equipment_class_code = ${s.equipmentClass}
          and r.inventory_org_code = ${s.inventoryOrgCode}) as reserved`.execute(db);
  const r = rows[0];
  return r ? Math.max(0, Number(r.stock) - Number(r.held) - Number(r.reserved)) : 0;
}

export const sourceOf = (header: RepositionHeader, excludeOrderId?: number): RepositionSource => ({
  inventoryOrgCode: header.InventoryOrgCode,
  fromLocationId: header.FromLocationId,
  category: header.EquipmentSize,
  equipmentClass: header.EquipmentClass,
  extendable: header.Extendable,
  ...(excludeOrderId !== undefined ? { excludeOrderId } : {}),
});

/**
 * The step action "availability" (POST /api/repositionbooking/availability): a customer asks as
 * itself, staff for any customer; an edit's BookingOrderId must be an order the caller may see.
 */
export async function repositionAvailabilityFor(
  db: Kysely<Database>,
  viewer: Viewer,
  body: RepositionAvailabilityBody,
): Promise<RepositionAvailabilityResponse> {
  if (body.CustomerId !== undefined || !mayChooseCustomer(viewer))
    await bookingCustomer(db, viewer, body.CustomerId, { requireGoodStanding: false, lock: false });
  const header: RepositionHeader = {
    InventoryOrgCode: body.InventoryOrgCode,
    FromLocationId: body.FromLocationId,
    EquipmentSize: body.EquipmentSize,
    EquipmentClass: body.EquipmentClass,
    Extendable: body.Extendable,
    RepositionReasonCode: '',
  };
  await checkReposition(db, header, [], { reason: false });
  let exclude: number | undefined;
  if (body.BookingOrderId !== undefined) {
    const own = await db
      .selectFrom('booking_orders')
      .select('booking_order_id')
      .where('booking_order_id', '=', body.BookingOrderId)
      .where('booking_order_type_code', '=', 'RP')
      .$if(!seesEveryCustomer(viewer), (q) => q.where('customer_id', '=', viewer.customerId ?? -1))
      .executeTakeFirst();
    exclude = own?.booking_order_id;
  }
  return {
    AvailableQuantity: await repositionAvailable(db, sourceOf(header, exclude)),
    FromLocationId: body.FromLocationId,
    CheckedAt: new Date().toISOString(),
  };
}
