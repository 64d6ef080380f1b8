/**
 * SPEC §7 Dashboard: search (TotalCount and one page of ResultSet) and the detail view of one
 * order. External users only ever reach their own parties' orders; an order outside their scope
 * is "not found", with no hint it exists.
 */
import type { Kysely } from 'kysely';
import { bookingStatusName } from '../../domain/status-codes';
import {
  DASHBOARD_COUNT_CAP,
  type DashboardBookingSearch,
  type DashboardDetail,
  type DashboardSearchResponse,
} from '../../schemas/dashboard';
import { type BookingTypes, cancelVerdict, editVerdict } from '../bookings/registry';
import type { Database } from '../db/types';
import { notFound } from '../errors';
import {
  countUpToCap,
  matchingRows,
  orderFactsOf,
  pageOfRows,
  scopeOf,
  toDashboardRow,
  totalFromPage,
  visibleOrders,
} from './dashboard-rows';
import { applyCriteria, checkCriteria, type TimeZone } from './dashboard-search';
import { orderTrail } from './order-trail';
import type { Viewer } from './viewer';

export async function searchDashboard(
  db: Kysely<Database>,
  viewer: Viewer,
  search: DashboardBookingSearch,
  zone: TimeZone,
  types: BookingTypes,
): Promise<DashboardSearchResponse> {
  const criteria = checkCriteria(search, viewer);
  const start = search.StartRecordNumber ?? 1;
  const pageSize = search.PageSize as number;
  const scope = scopeOf(viewer);
  const matching = applyCriteria(matchingRows(db, scope), criteria, zone);
  // One row past the page: most searches then need no count (src/server/domain/dashboard-rows.ts).
  const fetched = await pageOfRows(db, matching, start - 1, pageSize + 1).execute();
  const rows = fetched.slice(0, pageSize);
  const total =
    totalFromPage(start - 1, pageSize, fetched.length) ??
    Number((await countUpToCap(db, matching).executeTakeFirstOrThrow()).n);
  return {
    TotalCount: Math.min(total, DASHBOARD_COUNT_CAP),
    ...(total > DASHBOARD_COUNT_CAP ? { TotalCountCapped: true } : {}),
    StartRecordNumber: start,
    PageSize: pageSize,
    ResultSet: rows.map((r) => ({
      ...toDashboardRow(r),
      CanEdit: editVerdict(types, viewer, orderFactsOf(r)).ok,
    })),
  };
}

export const orderNotFound = () =>
  notFound('This booking order was not found. It may have been removed, or it is not one of your bookings.');

const party = (id: number | null, name: string | null, scac: string | null) =>
  id !== null && name !== null ? { CustomerId: id, CustomerNameWithSCAC: `${name} (${scac})` } : null;

const iso = (value: Date | string) => new Date(value).toISOString();

/** SPEC §5: operating hours are a semicolon-separated string, shown as a list. */
const hoursList = (hours: string) =>
  hours
    .split(';')
    .map((h) => h.trim())
    .filter(Boolean);

/** SPEC §5: email lists are separated by semicolons. */
const emailList = (emails: string | null) =>
  (emails ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);

export async function dashboardDetail(
  db: Kysely<Database>,
  viewer: Viewer,
  orderId: number,
  types: BookingTypes,
): Promise<DashboardDetail> {
  const order = await db
    .selectFrom('booking_orders as o')
    .innerJoin('booking_order_types as t', 't.code', 'o.booking_order_type_code')
    .innerJoin('customers as c', 'c.customer_id', 'o.customer_id')
    .leftJoin('customers as rp', 'rp.customer_id', 'o.responsible_party_id')
    .leftJoin('customers as mc', 'mc.customer_id', 'o.motor_carrier_id')
    .select([
      'o.booking_order_id',
      'o.booking_order_type_code',
      't.name as type_name',
      'o.status_code',
      'o.customer_id',
      'c.customer_name',
      'c.scac',
      'o.responsible_party_id',
      'rp.customer_name as rp_name',
      'rp.scac as rp_scac',
      'o.motor_carrier_id',
      'mc.customer_name as mc_name',
      'mc.scac as mc_scac',
      'o.market_code',
      'o.contact_name',
      'o.email_addresses',
      'o.booking_comment',
      'o.created_at',
      'o.updated_at',
    ])
    .where('o.booking_order_id', '=', orderId)
    .where(visibleOrders(scopeOf(viewer)))
    .executeTakeFirst();
  if (!order) throw orderNotFound();

  const [bookings, locations, chassis, history] = await Promise.all([
    db
      .selectFrom('bookings as b')
      .innerJoin('equipment_categories as e', 'e.equipment_category_code', 'b.equipment_category_code')
      .select([
        'b.booking_id',
        'b.booking_code',
        'b.status_code',
        'b.equipment_category_code',
        'e.description',
        'b.equipment_class_code',
        'b.units_requested_count',
        'b.units_fulfilled_count',
        'b.location_id',
        'b.to_location_id',
      ])
      .where('b.booking_order_id', '=', orderId)
      .orderBy('b.booking_id')
      .execute(),
    db
      .selectFrom('locations as l')
      .selectAll()
      .where('l.location_id', 'in', (eb) =>
        eb
          .selectFrom('bookings as b')
          .select('b.location_id')
          .where('b.booking_order_id', '=', orderId)
          .union(
            eb
              .selectFrom('bookings as b2')
              .select('b2.to_location_id as location_id')
              .where('b2.booking_order_id', '=', orderId)
              .where('b2.to_location_id', 'is not', null) as never,
          ),
      )
      .execute(),
    db
      .selectFrom('booking_chassis as bc')
      .innerJoin('bookings as b', 'b.booking_id', 'bc.booking_id')
      .innerJoin('chassis as ch', 'ch.chassis_master_id', 'bc.chassis_master_id')
      .select(['bc.booking_id', 'ch.chassis_id'])
      .where('b.booking_order_id', '=', orderId)
      .orderBy('ch.chassis_id')
      .execute(),
    orderTrail(db, orderId),
  ]);

  const facts = {
    orderType: order.booking_order_type_code,
    customerId: order.customer_id,
    orderStatus: order.status_code,
    bookingStatuses: bookings.map((b) => b.status_code),
  };
  const locationById = new Map(
    locations.map((l) => [
      l.location_id,
      {
        LocationId: l.location_id,
        LocationName: l.location_name,
        LocationStreet1: l.street1,
        LocationStreet2: l.street2,
        LocationStreet3: l.street3,
        LocationCity: l.city,
        LocationStateProvince: l.state_province,
        LocationZipCode: l.zip_code,
        LocationMarketCode: l.market_code,
        OperatingHours: hoursList(l.operating_hours),
      },
    ]),
  );
  const locationOf = (id: number) => {
    const found = locationById.get(id);
    if (!found) throw new Error(`location ${id} of order ${orderId} is missing`);
    return found;
  };

  return {
    BookingOrderId: order.booking_order_id,
    BookingOrderTypeCode: order.booking_order_type_code,
    BookingOrderTypeName: order.type_name,
    StatusCode: order.status_code,
    StatusName: bookingStatusName(order.status_code),
    Customer: party(order.customer_id, order.customer_name, order.scac),
    ResponsibleParty: party(order.responsible_party_id, order.rp_name, order.rp_scac),
    MotorCarrier: party(order.motor_carrier_id, order.mc_name, order.mc_scac),
    MarketCode: order.market_code,
    ContactName: order.contact_name,
    EmailAddresses: emailList(order.email_addresses),
    BookingComment: order.booking_comment,
    CreatedAt: iso(order.created_at),
    UpdatedAt: iso(order.updated_at),
    TotalUnits: bookings.reduce((sum, b) => sum + b.units_requested_count, 0),
    CanCancel: cancelVerdict(types, viewer, facts).ok,
    CanEdit: editVerdict(types, viewer, facts).ok,
    Bookings: bookings.map((b) => ({
      BookingId: b.booking_id,
      BookingCode: b.booking_code,
      StatusCode: b.status_code,
      StatusName: bookingStatusName(b.status_code),
      EquipmentSize: b.equipment_category_code,
      EquipmentSizeDescription: b.description,
      EquipmentClass: b.equipment_class_code,
      UnitsRequestedCount: b.units_requested_count,
      UnitsFulfilledCount: b.units_fulfilled_count,
      Location: locationOf(b.location_id),
      ToLocation: b.to_location_id === null ? null : locationOf(b.to_location_id),
      Chassis: chassis.filter((c) => c.booking_id === b.booking_id).map((c) => c.chassis_id),
    })),
    History: history,
  };
}
