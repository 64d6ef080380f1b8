/**
 * Lookup data (SPEC §3) and the filters SPEC §5 applies to it. Pure functions over rows, so the
 * server applies them when it answers GET /api/lookup/{dataset} and tests can check each rule.
 */

import { BOOKING_TYPE_FACTS, type BookingTypeFacts, orderTypesWhere } from './booking-type-facts';
import { MIN_SEARCH_TEXT_LENGTH, POOL_BOOKING_ALLOWED_FILTER } from './constants';
import { AreaAccess, type PermissionRequirement } from './permissions';
import { PENDING_STATUS_CODES } from './status-codes';

export interface LocationRow {
  LocationId: number;
  LocationName: string;
  LocationStreet1: string;
  LocationStreet2: string | null;
  LocationStreet3: string | null;
  LocationCity: string;
  LocationStateProvince: string;
  LocationZipCode: string;
  LocationMarketCode: string;
  /** Semicolon-separated, shown as a list (see operatingHoursList). */
  OperatingHours: string;
  LocationType: 'RAIL_RAMP' | 'DEPOT' | 'PORT_BAY';
  IsCgi: boolean;
  IsGobo: boolean;
  PoolBookingAllowed: boolean;
  DailyLeaseAllowed: boolean;
}

export interface MarketRow {
  MarketCode: string;
  MarketName: string;
}

export interface CustomerRow {
  CustomerId: number;
  CustomerName: string;
  SCAC: string;
  CustomerClass: string;
  CustomerNameWithSCAC: string;
  GoodStanding: boolean;
  Active: boolean;
  /** Issue 27: whether the customer may make pool bookings (SPEC §9 pool-booking-allowed filter). */
  PoolBookingAllowed?: boolean;
}

export interface EquipmentCategoryRow {
  EquipmentCategoryCode: string;
  EquipmentCategoryDescription: string;
}

export interface InventoryOrgRow {
  InventoryOrgCode: string;
  InventoryOrgDescription: string;
  InventoryOrgHierarchyCode: string;
  /** Managed by the provider itself (SPEC: "provider-managed"). */
  TracManaged: boolean;
  InventoryOrgType: 'Pool' | 'Term Lease' | 'Co-op Pool' | 'Private';
  CoOpPool: boolean;
}

/** SPEC §5: general equipment category lists hide these equipment types. */
export const HIDDEN_EQUIPMENT_TYPES = ['Axle', 'Scrap', 'Genset', 'Disabled', 'Special Equipment'] as const;

/** SPEC §5: the only categories the reposition equipment list offers. */
export const REPOSITION_EQUIPMENT_CATEGORIES = [
  'Axle.Axle',
  'Axle.German',
  'Axle.Rectangle',
  'Axle.Square',
  'Axle.Grotnes',
  'Axle.Hollow',
  'Axle.Junk',
  'Axle.Pilot',
  'Axle.Round',
  'Chassis.20',
  'Chassis.40',
  'Chassis.45',
  'Chassis.48',
  'Chassis.53',
  'Container.40',
  'Container.45',
  'Container.48',
  'Container.53',
] as const;

/** SPEC §5: the only categories the pool redelivery equipment list offers. */
export const POOL_REDELIVERY_EQUIPMENT_CATEGORIES = [
  'Genset.Genset',
  'Chassis.20',
  'Chassis.40',
  'Chassis.45',
  'Chassis.48',
] as const;

/** The equipment type of a category code: 'Chassis.40' → 'Chassis'. */
export const equipmentTypeOf = (code: string): string => code.split('.')[0] ?? code;

export function visibleEquipmentCategories<T extends EquipmentCategoryRow>(rows: readonly T[]): T[] {
  const hidden: readonly string[] = HIDDEN_EQUIPMENT_TYPES;
  return rows.filter((r) => !hidden.includes(equipmentTypeOf(r.EquipmentCategoryCode)));
}

export function onlyCategories<T extends EquipmentCategoryRow>(
  rows: readonly T[],
  codes: readonly string[],
): T[] {
  return rows.filter((r) => codes.includes(r.EquipmentCategoryCode));
}

/** SPEC §5: pending statuses shown are only PN, CN, FF. */
export function pendingStatuses<T extends { BookingStatusCode: string }>(rows: readonly T[]): T[] {
  const shown: readonly string[] = PENDING_STATUS_CODES;
  return rows.filter((r) => shown.includes(r.BookingStatusCode));
}

const NOT_OFFERED: readonly string[] = orderTypesWhere((f) => !f.offered);
const OFF_DASHBOARD: readonly string[] = orderTypesWhere((f) => !f.onDashboard);

/** SPEC §5: RD is removed from the booking order type list (the types whose facts are not `offered`). */
export function bookingOrderTypes<T extends { BookingOrderTypeCode: string }>(rows: readonly T[]): T[] {
  return rows.filter((r) => !NOT_OFFERED.includes(r.BookingOrderTypeCode));
}

/** SPEC §5: dashboard order types exclude IR and MI (and RD, like every order type list). */
export function dashboardOrderTypes<T extends { BookingOrderTypeCode: string }>(rows: readonly T[]): T[] {
  return bookingOrderTypes(rows).filter((r) => !OFF_DASHBOARD.includes(r.BookingOrderTypeCode));
}

/** SPEC §5: the redelivery org list without term excludes orgs of type Term Lease. */
export function redeliveryOrgsWithoutTerm<T extends InventoryOrgRow>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.InventoryOrgType !== 'Term Lease');
}

/** SPEC §5: reposition orgs are those provider-managed or co-op pool. */
export function repositionOrgs<T extends InventoryOrgRow>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.TracManaged || r.CoOpPool);
}

/** SPEC §5: internal reservation, manual inventory and availability use provider-managed orgs. */
export function providerManagedOrgs<T extends InventoryOrgRow>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.TracManaged);
}

export interface CustomerFilter {
  /** Case-insensitive contains on CustomerNameWithSCAC; ignored below MIN_SEARCH_TEXT_LENGTH. */
  search?: string;
  /** A single class or any of a list. */
  customerClass?: string | readonly string[];
  /** SPEC §9 pool-booking-allowed filter: 0 All, 1 Yes, 2 No. */
  poolBookingAllowed?: number;
}

/** True when the search text is long enough to filter on (SPEC §5: at least 2 characters). */
export const isSearchTextUsable = (text: string | undefined | null): text is string =>
  typeof text === 'string' && text.trim().length >= MIN_SEARCH_TEXT_LENGTH;

export function filterCustomers<T extends CustomerRow>(rows: readonly T[], filter: CustomerFilter): T[] {
  const classes =
    filter.customerClass === undefined
      ? null
      : typeof filter.customerClass === 'string'
        ? [filter.customerClass]
        : filter.customerClass;
  const needle = isSearchTextUsable(filter.search) ? filter.search.trim().toLowerCase() : null;
  return rows.filter(
    (r) =>
      (!classes || classes.includes(r.CustomerClass)) &&
      (filter.poolBookingAllowed === undefined ||
        filter.poolBookingAllowed === POOL_BOOKING_ALLOWED_FILTER.All ||
        (r.PoolBookingAllowed ?? true) === (filter.poolBookingAllowed === POOL_BOOKING_ALLOWED_FILTER.Yes)) &&
      (!needle || r.CustomerNameWithSCAC.toLowerCase().includes(needle)),
  );
}

export const customerNameWithScac = (name: string, scac: string): string => `${name} (${scac})`;

/** SPEC §5: the market filter for locations is a case-insensitive starts-with on the market code. */
export function filterLocationsByMarket<T extends LocationRow>(rows: readonly T[], marketCode: string): T[] {
  const prefix = marketCode.trim().toLowerCase();
  return rows.filter((r) => r.LocationMarketCode.toLowerCase().startsWith(prefix));
}

/** SPEC §5: operating hours are split on semicolons. */
export function operatingHoursList(hours: string | null | undefined): string[] {
  return (hours ?? '')
    .split(';')
    .map((h) => h.trim())
    .filter(Boolean);
}

/** Customer classes that may request bookings, and those that may be the responsible party. */
export const REQUESTING_PARTY_CLASSES = ['MC', 'SSL', 'BCO', 'NVO', 'LSP'] as const;
export const RESPONSIBLE_PARTY_CLASSES = ['SSL', 'BCO', 'NVO', 'RR'] as const;

/**
 * Every dataset GET /api/lookup/{dataset} answers. The client's lookup store loads these once;
 * names are the camelCase of SPEC §3's sets.
 */
export const LOOKUP_DATASETS = [
  'locations',
  'locationmarkets',
  'cgiLocations',
  'goboLocations',
  'dailyLeaseLocations',
  'customers',
  'allCustomers',
  'motorCarriers',
  'responsiblePartiesSSLBCO',
  'requestingPartyCustomers',
  'responsiblePartyCustomers',
  'customerClasses',
  'equipmentCategories',
  'repositionEquipmentCategories',
  'poolRedeliveryEquipmentCategories',
  'equipmentClasses',
  'bookingStatuses',
  'bookingPendingStatuses',
  'bookingOrderTypes',
  'dashboardOrderTypes',
  'inventoryOrgs',
  'redeliveryInventoryOrgs',
  'repositionInventoryOrgs',
  'internalReservationInventoryOrgs',
  'manualInventoryInventoryOrgs',
  'inventoryAvailabilityInventoryOrgs',
  'extendableFilters',
  'poolBookingAllowedFilters',
  'bookingFees',
  'inventoryLocationMappings',
  'repositionReasons',
  'pendingReasons',
  'poolRedeliveryReasons',
  'internalReservationReasons',
  'filteredLocationByLongtermContract',
  'filteredMarket',
  'filteredLongtermMarket',
] as const;
export type LookupDataset = (typeof LOOKUP_DATASETS)[number];

/** Datasets that take the customer filter query (?search=&customerClass=). */
export const CUSTOMER_DATASETS: readonly LookupDataset[] = [
  'customers',
  'allCustomers',
  'motorCarriers',
  'responsiblePartiesSSLBCO',
  'requestingPartyCustomers',
  'responsiblePartyCustomers',
];

/** What the areas of the order types under a contract ask for: any one of them reads the contract lookups. */
const CONTRACT_AREAS_ACCESS: readonly PermissionRequirement[] = BOOKING_TYPE_FACTS.flatMap(
  (f: BookingTypeFacts) => (f.underContract && f.area ? AreaAccess[f.area] : []),
);

/**
 * Datasets that belong to one area are served only to users who may open that area (SPEC §6);
 * every other dataset is served to any signed-in user. The client's lookup store skips what the
 * user may not read.
 */
export const LOOKUP_DATASET_ACCESS: Partial<Record<LookupDataset, readonly PermissionRequirement[]>> = {
  repositionEquipmentCategories: AreaAccess.repositionBooking,
  repositionInventoryOrgs: AreaAccess.repositionBooking,
  repositionReasons: AreaAccess.repositionBooking,
  poolRedeliveryEquipmentCategories: AreaAccess.poolRedelivery,
  poolRedeliveryReasons: AreaAccess.poolRedelivery,
  internalReservationInventoryOrgs: AreaAccess.internalReservation,
  internalReservationReasons: AreaAccess.internalReservation,
  manualInventoryInventoryOrgs: AreaAccess.manualInventory,
  inventoryAvailabilityInventoryOrgs: AreaAccess.inventoryAvailability,
  pendingReasons: AreaAccess.pendingQueue,
  // The types under a contract, term lease booking and redelivery (SPEC §3): the viewer's own contracts (staff: all).
  filteredLocationByLongtermContract: CONTRACT_AREAS_ACCESS,
  filteredMarket: CONTRACT_AREAS_ACCESS,
  filteredLongtermMarket: CONTRACT_AREAS_ACCESS,
};
