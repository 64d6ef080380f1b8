import { describe, expect, it } from 'vitest';
import {
  bookingOrderTypes,
  type CustomerRow,
  dashboardOrderTypes,
  filterCustomers,
  filterLocationsByMarket,
  type InventoryOrgRow,
  type LocationRow,
  onlyCategories,
  operatingHoursList,
  POOL_REDELIVERY_EQUIPMENT_CATEGORIES,
  pendingStatuses,
  providerManagedOrgs,
  REPOSITION_EQUIPMENT_CATEGORIES,
  redeliveryOrgsWithoutTerm,
  repositionOrgs,
  visibleEquipmentCategories,
} from '../../src/domain/lookups';

const customer = (name: string, scac: string, cls: string, id = 1): CustomerRow => ({
  CustomerId: id,
  CustomerName: name,
  SCAC: scac,
  CustomerClass: cls,
  CustomerNameWithSCAC: `${name} (${scac})`,
  GoodStanding: true,
  Active: true,
});

const customers = [
  customer('Acme Trucking', 'ACMT', 'MC', 1),
  customer('Blue Ocean Line', 'BOLN', 'SSL', 2),
  customer('Cargo Owners Inc', 'COIN', 'BCO', 3),
  customer('Acme Ocean', 'ACOC', 'SSL', 4),
];

describe('customer filters (SPEC §5)', () => {
  it('matches case-insensitively anywhere in the name with SCAC', () => {
    expect(filterCustomers(customers, { search: 'oCeAn' }).map((c) => c.SCAC)).toEqual(['BOLN', 'ACOC']);
    expect(filterCustomers(customers, { search: 'coin' }).map((c) => c.SCAC)).toEqual(['COIN']);
  });
  it('ignores search text shorter than 2 characters', () => {
    expect(filterCustomers(customers, { search: 'a' })).toHaveLength(4);
    expect(filterCustomers(customers, { search: ' b ' })).toHaveLength(4);
  });
  it('matches a single class or any of a list', () => {
    expect(filterCustomers(customers, { customerClass: 'SSL' }).map((c) => c.SCAC)).toEqual(['BOLN', 'ACOC']);
    expect(filterCustomers(customers, { customerClass: ['MC', 'BCO'] }).map((c) => c.SCAC)).toEqual([
      'ACMT',
      'COIN',
    ]);
    expect(filterCustomers(customers, { search: 'acme', customerClass: 'SSL' }).map((c) => c.SCAC)).toEqual([
      'ACOC',
    ]);
  });
});

describe('location filters (SPEC §5)', () => {
  const loc = (id: number, market: string) => ({ LocationId: id, LocationMarketCode: market }) as LocationRow;
  it('is a case-insensitive starts-with on the market code', () => {
    const rows = [loc(1, 'CHI'), loc(2, 'CHIW'), loc(3, 'LAX'), loc(4, 'ACHI')];
    expect(filterLocationsByMarket(rows, 'chi').map((l) => l.LocationId)).toEqual([1, 2]);
  });
  it('splits operating hours on semicolons', () => {
    expect(operatingHoursList('Mon-Fri 06:00-18:00; Sat 07:00-12:00;;Sun Closed')).toEqual([
      'Mon-Fri 06:00-18:00',
      'Sat 07:00-12:00',
      'Sun Closed',
    ]);
    expect(operatingHoursList(null)).toEqual([]);
  });
});

describe('equipment category lists (SPEC §5)', () => {
  const cats = [
    'Chassis.40',
    'Axle.Round',
    'Scrap.Scrap',
    'Genset.Genset',
    'Disabled.Disabled',
    'Special Equipment.Special Equipment',
    'Container.53',
    'Chassis.53',
  ].map((c) => ({ EquipmentCategoryCode: c, EquipmentCategoryDescription: c }));
  it('hides Axle, Scrap, Genset, Disabled and Special Equipment', () => {
    expect(visibleEquipmentCategories(cats).map((c) => c.EquipmentCategoryCode)).toEqual([
      'Chassis.40',
      'Container.53',
      'Chassis.53',
    ]);
  });
  it('restricts reposition and pool redelivery to their lists', () => {
    expect(onlyCategories(cats, REPOSITION_EQUIPMENT_CATEGORIES).map((c) => c.EquipmentCategoryCode)).toEqual(
      ['Chassis.40', 'Axle.Round', 'Container.53', 'Chassis.53'],
    );
    expect(
      onlyCategories(cats, POOL_REDELIVERY_EQUIPMENT_CATEGORIES).map((c) => c.EquipmentCategoryCode),
    ).toEqual(['Chassis.40', 'Genset.Genset']);
    expect(POOL_REDELIVERY_EQUIPMENT_CATEGORIES).not.toContain('Chassis.53');
  });
});

describe('status and order type lists (SPEC §5)', () => {
  it('offers only PN, CN, FF as pending statuses', () => {
    const rows = ['OP', 'CL', 'FF', 'CN', 'EX', 'PN', 'NA'].map((c) => ({ BookingStatusCode: c }));
    expect(pendingStatuses(rows).map((r) => r.BookingStatusCode)).toEqual(['FF', 'CN', 'PN']);
  });
  it('removes RD from order types, and IR and MI from the dashboard', () => {
    const rows = ['PB', 'RU', 'IR', 'MI', 'RD', 'TL'].map((c) => ({ BookingOrderTypeCode: c }));
    expect(bookingOrderTypes(rows).map((r) => r.BookingOrderTypeCode)).toEqual([
      'PB',
      'RU',
      'IR',
      'MI',
      'TL',
    ]);
    expect(dashboardOrderTypes(rows).map((r) => r.BookingOrderTypeCode)).toEqual(['PB', 'RU', 'TL']);
  });
});

describe('inventory org lists (SPEC §5)', () => {
  const org = (code: string, type: InventoryOrgRow['InventoryOrgType'], managed: boolean, coop = false) =>
    ({
      InventoryOrgCode: code,
      InventoryOrgType: type,
      TracManaged: managed,
      CoOpPool: coop,
    }) as InventoryOrgRow;
  const orgs = [
    org('IDL', 'Pool', true),
    org('COOP', 'Co-op Pool', false, true),
    org('TERM', 'Term Lease', true),
    org('PRIV', 'Private', false),
  ];
  it('drops term lease orgs from the redelivery list without term', () => {
    expect(redeliveryOrgsWithoutTerm(orgs).map((o) => o.InventoryOrgCode)).toEqual(['IDL', 'COOP', 'PRIV']);
  });
  it('uses provider-managed or co-op orgs for reposition', () => {
    expect(repositionOrgs(orgs).map((o) => o.InventoryOrgCode)).toEqual(['IDL', 'COOP', 'TERM']);
  });
  it('uses provider-managed orgs for reservation, manual inventory and availability', () => {
    expect(providerManagedOrgs(orgs).map((o) => o.InventoryOrgCode)).toEqual(['IDL', 'TERM']);
  });
});
