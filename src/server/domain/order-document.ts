/**
 * The order document (GET /api/bookingorder/{id}/document, src/schemas/booking-order.ts): one
 * order as a flow opens it — dashboard Edit and Load Booking — the same shape for every order type.
 * Scoped exactly like the dashboard detail: another party's order and an unknown id are the same
 * 404. CanEdit and EditRoute come from the registry's edit rule and the flow catalog.
 */
import type { Kysely } from 'kysely';
import type { LoadedFlow } from '../../engine/core/load';
import type { OrderDocument } from '../../schemas/booking-order';
import { type BookingTypes, editVerdict, type OrderFacts } from '../bookings/registry';
import type { Database } from '../db/types';
import { orderNotFound } from './dashboard';
import { scopeOf, visibleOrders } from './dashboard-rows';
import type { Viewer } from './viewer';

/** The flow that edits orders of a type: the one naming it with an edit.update. */
export const editFlowOf = (flows: readonly LoadedFlow[], orderType: string): LoadedFlow | undefined =>
  flows.find((f) => f.orderType === orderType && f.edit?.update);

/** The hash route that opens an order in edit mode (the client's `#<route>?edit=<id>`). */
export const editRouteOf = (flow: LoadedFlow, orderId: number): string => `${flow.route}?edit=${orderId}`;

const detailsOf = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;

export async function orderDocument(
  db: Kysely<Database>,
  viewer: Viewer,
  types: BookingTypes,
  flows: readonly LoadedFlow[],
  orderId: number,
): Promise<OrderDocument> {
  const order = await db
    .selectFrom('booking_orders as o')
    .innerJoin('customers as c', 'c.customer_id', 'o.customer_id')
    .select([
      'o.booking_order_id',
      'o.booking_order_type_code',
      'o.status_code',
      'o.version',
      'o.customer_id',
      'c.customer_name',
      'c.scac',
      'o.market_code',
      'o.responsible_party_id',
      'o.motor_carrier_id',
      'o.contact_name',
      'o.email_addresses',
      'o.send_external_notification',
      'o.booking_comment',
      'o.details',
      'o.contract_id',
    ])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders(scopeOf(viewer)))
    .executeTakeFirst();
  if (!order) throw orderNotFound();
  const [bookings, chassis] = await Promise.all([
    db
      .selectFrom('bookings as b')
      .innerJoin('locations as l', 'l.location_id', 'b.location_id')
      .leftJoin('locations as t', 't.location_id', 'b.to_location_id')
      .leftJoin('customers as mc', 'mc.customer_id', 'b.motor_carrier_id')
      .select([
        'b.booking_id',
        'b.booking_code',
        'b.status_code',
        'b.location_id',
        'l.location_name',
        'b.to_location_id',
        't.location_name as to_location_name',
        'b.equipment_category_code',
        'b.equipment_class_code',
        'b.extendable',
        'b.units_requested_count',
        'b.units_fulfilled_count',
        'b.motor_carrier_id',
        'mc.customer_name as mc_name',
        'mc.scac as mc_scac',
        'b.booking_comment',
        'b.rail_terminal_release_number',
        'b.with_redelivery',
        'b.redelivery_requested_count',
      ])
      .where('b.booking_order_id', '=', orderId)
      .orderBy('b.booking_id')
      .execute(),
    db
      .selectFrom('booking_chassis as bc')
      .innerJoin('bookings as b', 'b.booking_id', 'bc.booking_id')
      .innerJoin('chassis as ch', 'ch.chassis_master_id', 'bc.chassis_master_id')
      .select(['bc.booking_id', 'ch.chassis_id'])
      .where('b.booking_order_id', '=', orderId)
      .orderBy('ch.chassis_id')
      .execute(),
  ]);
  const facts: OrderFacts = {
    orderType: order.booking_order_type_code,
    customerId: order.customer_id,
    orderStatus: order.status_code,
    bookingStatuses: bookings.map((b) => b.status_code),
  };
  const flow = editFlowOf(flows, order.booking_order_type_code);
  const canEdit = flow !== undefined && editVerdict(types, viewer, facts).ok;
  return {
    BookingOrderId: order.booking_order_id,
    BookingOrderTypeCode: order.booking_order_type_code,
    StatusCode: order.status_code,
    Version: order.version,
    CanEdit: canEdit,
    EditRoute: canEdit && flow ? editRouteOf(flow, orderId) : null,
    CustomerId: order.customer_id,
    CustomerNameWithSCAC: `${order.customer_name} (${order.scac})`,
    MarketCode: order.market_code,
    ResponsiblePartyId: order.responsible_party_id,
    MotorCarrierId: order.motor_carrier_id,
    ContactName: order.contact_name,
    EmailAddresses: order.email_addresses,
    SendExternalNotification: order.send_external_notification,
    BookingComment: order.booking_comment,
    // A term lease order's contract (its flow opens the contract's lines from it).
    Details: {
      ...(order.contract_id !== null ? { ContractId: order.contract_id } : {}),
      ...detailsOf(order.details),
    },
    Bookings: bookings.map((b) => ({
      BookingId: b.booking_id,
      BookingCode: b.booking_code,
      BookingStatusCode: b.status_code,
      LocationId: b.location_id,
      LocationName: b.location_name,
      ToLocationId: b.to_location_id,
      ToLocationName: b.to_location_name,
      EquipmentSize: b.equipment_category_code,
      EquipmentClass: b.equipment_class_code,
      Extendable: b.extendable,
      UnitsRequestedCount: b.units_requested_count,
      UnitsFulfilledCount: b.units_fulfilled_count,
      MotorCarrierId: b.motor_carrier_id,
      MotorCarrierName: b.mc_name === null ? null : `${b.mc_name} (${b.mc_scac})`,
      BookingComment: b.booking_comment,
      RailTerminalReleaseNumber: b.rail_terminal_release_number,
      WithRedelivery: b.with_redelivery,
      RedeliveryRequestedCount: b.redelivery_requested_count,
      Chassis: chassis.filter((c) => c.booking_id === b.booking_id).map((c) => c.chassis_id),
    })),
    Chassis: [...new Set(chassis.map((c) => c.chassis_id))].sort(),
  };
}
