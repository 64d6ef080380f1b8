/**
 * GET /api/lookup/{dataset}: reads the reference tables and applies SPEC §5's filters from
 * src/domain/lookups.ts. External callers only ever see their own company in customer sets.
 */

import type { Kysely } from 'kysely';
import { EXTENDABLE_FILTER_VALUES, POOL_BOOKING_ALLOWED_FILTER } from '../../domain/constants';
import {
  bookingOrderTypes,
  type CustomerFilter,
  type CustomerRow,
  customerNameWithScac,
  dashboardOrderTypes,
  filterCustomers,
  type InventoryOrgRow,
  isSearchTextUsable,
  type LocationRow,
  type LookupDataset,
  onlyCategories,
  POOL_REDELIVERY_EQUIPMENT_CATEGORIES,
  pendingStatuses,
  providerManagedOrgs,
  REPOSITION_EQUIPMENT_CATEGORIES,
  REQUESTING_PARTY_CLASSES,
  RESPONSIBLE_PARTY_CLASSES,
  redeliveryOrgsWithoutTerm,
  repositionOrgs,
  visibleEquipmentCategories,
} from '../../domain/lookups';
import { seesEveryCustomer } from '../../domain/policies';
import type { Database, ReasonTable } from '../db/types';
import {
  filteredLocationsByLongtermContract,
  filteredLongtermMarkets,
  filteredMarkets,
} from './term-lease-contracts';
import type { Viewer } from './viewer';

type Db = Kysely<Database>;

async function locations(db: Db): Promise<LocationRow[]> {
  const rows = await db
    .selectFrom('locations')
    .selectAll()
    .where('active', '=', true)
    .orderBy('location_name')
    .execute();
  return rows.map((r) => ({
    LocationId: r.location_id,
    LocationName: r.location_name,
    LocationStreet1: r.street1,
    LocationStreet2: r.street2,
    LocationStreet3: r.street3,
    LocationCity: r.city,
    LocationStateProvince: r.state_province,
    LocationZipCode: r.zip_code,
    LocationMarketCode: r.market_code,
    OperatingHours: r.operating_hours,
    LocationType: r.location_type,
    IsCgi: r.is_cgi,
    IsGobo: r.is_gobo,
    PoolBookingAllowed: r.pool_booking_allowed,
    DailyLeaseAllowed: r.daily_lease_allowed,
  }));
}

async function customers(db: Db, viewer: Viewer, includeInactive: boolean): Promise<CustomerRow[]> {
  let query = db.selectFrom('customers').selectAll().orderBy('customer_name');
  if (!includeInactive) query = query.where('active', '=', true);
  // External users pick only among their own parties.
  if (!seesEveryCustomer(viewer)) query = query.where('customer_id', '=', viewer.customerId ?? -1);
  const rows = await query.execute();
  return rows.map((r) => ({
    CustomerId: r.customer_id,
    CustomerName: r.customer_name,
    SCAC: r.scac,
    CustomerClass: r.customer_class,
    CustomerNameWithSCAC: customerNameWithScac(r.customer_name, r.scac),
    GoodStanding: r.good_standing,
    Active: r.active,
    PoolBookingAllowed: r.pool_booking_allowed,
  }));
}

/**
 * Issue 27 (docs/decisions.md): who may be named as the motor carrier that moves a customer's
 * units. Staff: any active customer of class MC. A customer: their own company, and — searched by
 * at least 2 characters of name or SCAC (SPEC §5) — every other active motor carrier in good
 * standing; the carrier that trucks the units is often another company. Nothing else of another
 * company is told: every other row shown is active and in good standing.
 */
async function motorCarriers(db: Db, viewer: Viewer, search: string | undefined): Promise<CustomerRow[]> {
  if (seesEveryCustomer(viewer)) return customers(db, viewer, false);
  const own = viewer.customerId ?? -1;
  const rows = await db
    .selectFrom('customers')
    .selectAll()
    .where('active', '=', true)
    .where('customer_class', '=', 'MC')
    .$if(!isSearchTextUsable(search), (q) => q.where('customer_id', '=', own))
    .where((eb) => eb.or([eb('customer_id', '=', own), eb('good_standing', '=', true)]))
    .orderBy('customer_name')
    .execute();
  return rows.map((r) => ({
    CustomerId: r.customer_id,
    CustomerName: r.customer_name,
    SCAC: r.scac,
    CustomerClass: r.customer_class,
    CustomerNameWithSCAC: customerNameWithScac(r.customer_name, r.scac),
    GoodStanding: r.good_standing,
    Active: r.active,
    PoolBookingAllowed: r.pool_booking_allowed,
  }));
}

async function equipmentCategories(db: Db) {
  const rows = await db
    .selectFrom('equipment_categories')
    .selectAll()
    .orderBy('equipment_category_code')
    .execute();
  return rows.map((r) => ({
    EquipmentCategoryCode: r.equipment_category_code,
    EquipmentCategoryDescription: r.description,
    EquipmentType: r.equipment_type,
    EquipmentSize: r.equipment_size,
  }));
}

async function inventoryOrgs(db: Db): Promise<InventoryOrgRow[]> {
  const rows = await db.selectFrom('inventory_orgs').selectAll().orderBy('inventory_org_code').execute();
  return rows.map((r) => ({
    InventoryOrgCode: r.inventory_org_code,
    InventoryOrgDescription: r.description,
    InventoryOrgHierarchyCode: r.hierarchy_code,
    TracManaged: r.trac_managed,
    InventoryOrgType: r.org_type,
    CoOpPool: r.co_op_pool,
  }));
}

async function orderTypes(db: Db, onDashboard?: boolean) {
  let query = db.selectFrom('booking_order_types').selectAll().orderBy('code');
  // The registry writes on_dashboard for every type it knows, a test's fixture types included.
  if (onDashboard !== undefined) query = query.where('on_dashboard', '=', onDashboard);
  const rows = await query.execute();
  return rows.map((r) => ({ BookingOrderTypeCode: r.code, BookingOrderTypeName: r.name }));
}

async function statuses(db: Db) {
  const rows = await db.selectFrom('booking_statuses').selectAll().orderBy('code').execute();
  return rows.map((r) => ({ BookingStatusCode: r.code, BookingStatusName: r.name }));
}

async function reasons(db: Db, kind: ReasonTable['reason_kind']) {
  const rows = await db
    .selectFrom('reasons')
    .select(['reason_code', 'description'])
    .where('reason_kind', '=', kind)
    .orderBy('description')
    .execute();
  return rows.map((r) => ({ ReasonCode: r.reason_code, ReasonDescription: r.description }));
}

const codeNames = async (db: Db, table: 'customer_classes' | 'equipment_classes') =>
  (await db.selectFrom(table).selectAll().orderBy('code').execute()).map((r) => ({
    Code: r.code,
    Name: r.name,
  }));

export async function fetchLookup(
  db: Db,
  viewer: Viewer,
  dataset: LookupDataset,
  filter: CustomerFilter = {},
): Promise<unknown[]> {
  switch (dataset) {
    case 'locations':
      return locations(db);
    case 'cgiLocations':
      return (await locations(db)).filter((l) => l.IsCgi);
    case 'goboLocations':
      return (await locations(db)).filter((l) => l.IsGobo);
    case 'dailyLeaseLocations':
      return (await locations(db)).filter((l) => l.DailyLeaseAllowed);
    case 'locationmarkets':
      return (await db.selectFrom('markets').selectAll().orderBy('market_code').execute()).map((m) => ({
        MarketCode: m.market_code,
        MarketName: m.market_name,
      }));
    case 'customers':
      return filterCustomers(await customers(db, viewer, false), filter);
    case 'allCustomers':
      return filterCustomers(await customers(db, viewer, true), filter);
    case 'motorCarriers':
      return filterCustomers(await motorCarriers(db, viewer, filter.search), {
        ...filter,
        customerClass: 'MC',
      });
    case 'responsiblePartiesSSLBCO':
      return filterCustomers(await customers(db, viewer, false), {
        ...filter,
        customerClass: ['SSL', 'BCO'],
      });
    case 'requestingPartyCustomers':
      return filterCustomers(
        filterCustomers(await customers(db, viewer, false), { customerClass: REQUESTING_PARTY_CLASSES }),
        filter,
      );
    case 'responsiblePartyCustomers':
      return filterCustomers(
        filterCustomers(await customers(db, viewer, false), { customerClass: RESPONSIBLE_PARTY_CLASSES }),
        filter,
      );
    case 'customerClasses':
      return codeNames(db, 'customer_classes');
    case 'equipmentCategories':
      return visibleEquipmentCategories(await equipmentCategories(db));
    case 'repositionEquipmentCategories':
      return onlyCategories(await equipmentCategories(db), REPOSITION_EQUIPMENT_CATEGORIES);
    case 'poolRedeliveryEquipmentCategories':
      return onlyCategories(await equipmentCategories(db), POOL_REDELIVERY_EQUIPMENT_CATEGORIES);
    case 'equipmentClasses':
      return codeNames(db, 'equipment_classes');
    case 'bookingStatuses':
      return statuses(db);
    case 'bookingPendingStatuses':
      return pendingStatuses(await statuses(db));
    case 'bookingOrderTypes':
      return bookingOrderTypes(await orderTypes(db));
    case 'dashboardOrderTypes':
      return dashboardOrderTypes(await orderTypes(db, true));
    case 'inventoryOrgs':
      return inventoryOrgs(db);
    case 'redeliveryInventoryOrgs':
      return redeliveryOrgsWithoutTerm(await inventoryOrgs(db));
    case 'repositionInventoryOrgs':
      return repositionOrgs(await inventoryOrgs(db));
    case 'internalReservationInventoryOrgs':
    case 'manualInventoryInventoryOrgs':
    case 'inventoryAvailabilityInventoryOrgs':
      return providerManagedOrgs(await inventoryOrgs(db));
    case 'extendableFilters':
      return EXTENDABLE_FILTER_VALUES.map((v) => ({ Code: v, Name: v }));
    case 'poolBookingAllowedFilters':
      return Object.entries(POOL_BOOKING_ALLOWED_FILTER).map(([Name, Code]) => ({ Code, Name }));
    case 'bookingFees':
      return (await db.selectFrom('fees').selectAll().orderBy('fee_code').execute()).map((f) => ({
        FeeId: f.fee_id,
        FeeCode: f.fee_code,
        FeeDescription: f.description,
        FeeAmount: f.amount,
        LocationId: f.location_id,
        BookingOrderTypeCode: f.booking_order_type_code,
      }));
    case 'inventoryLocationMappings':
      return (
        await db
          .selectFrom('inventory_org_locations')
          .selectAll()
          .orderBy(['inventory_org_code', 'location_id'])
          .execute()
      ).map((m) => ({ InventoryOrgCode: m.inventory_org_code, LocationId: m.location_id }));
    case 'repositionReasons':
      return reasons(db, 'REPOSITION');
    case 'pendingReasons':
      return reasons(db, 'PENDING');
    case 'poolRedeliveryReasons':
      return reasons(db, 'POOL_REDELIVERY');
    case 'internalReservationReasons':
      return reasons(db, 'INTERNAL_RESERVATION');
    case 'filteredLocationByLongtermContract':
      return filteredLocationsByLongtermContract(db, viewer);
    case 'filteredMarket':
      return filteredMarkets(db, viewer);
    case 'filteredLongtermMarket':
      return filteredLongtermMarkets(db, viewer);
  }
}

/** Pending request types and failures (SPEC §7 booking pending: allRequestTypes, allRequestFailures). */
export async function pendingRequestCodes(
  db: Db,
  table: 'pending_request_types' | 'pending_request_failures',
) {
  const rows = await db.selectFrom(table).selectAll().orderBy('code').execute();
  return rows.map((r) => ({ Code: r.code, Name: r.name }));
}
