import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_LOCATION_ID } from '../../src/domain/constants';
import { CHASSIS_MESSAGES } from '../../src/domain/equipment';
import { LOOKUP_DATASETS } from '../../src/domain/lookups';
import { DEMO_MOTOR_CARRIER, DEMO_STEAMSHIP_LINE } from '../../src/server/db/seed/customers';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('lookups on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    customer = await t.tokenFor('demo.customer');
  });
  afterAll(() => t.close());

  const get = async (url: string, token = staff) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  it('answers every dataset with rows', async () => {
    for (const dataset of LOOKUP_DATASETS) {
      const rows = await get(`/api/lookup/${dataset}`);
      expect(Array.isArray(rows), dataset).toBe(true);
      expect(rows.length, dataset).toBeGreaterThan(0);
    }
  });

  it('gives locations their SPEC §3 fields, including the configured port bay', async () => {
    const locations = await get('/api/lookup/locations');
    expect(locations.length).toBeGreaterThanOrEqual(200);
    const bay = locations.find((l: { LocationId: number }) => l.LocationId === CONFIGURED_LOCATION_ID);
    expect(bay).toMatchObject({ LocationType: 'PORT_BAY', DailyLeaseAllowed: true });
    for (const key of [
      'LocationName',
      'LocationStreet1',
      'LocationCity',
      'LocationStateProvince',
      'LocationZipCode',
      'LocationMarketCode',
      'OperatingHours',
    ]) {
      expect(bay).toHaveProperty(key);
    }
    expect(bay.OperatingHours).toContain(';');
  });

  it('applies the SPEC §5 list filters', async () => {
    const codes = (rows: Array<Record<string, string>>, key: string) => rows.map((r) => r[key]);
    const categories = codes(await get('/api/lookup/equipmentCategories'), 'EquipmentCategoryCode');
    expect(categories.some((c) => /^(Axle|Scrap|Genset|Disabled|Special Equipment)\./.test(c))).toBe(false);
    expect(categories).toContain('Chassis.53');
    expect(
      codes(await get('/api/lookup/poolRedeliveryEquipmentCategories'), 'EquipmentCategoryCode').sort(),
    ).toEqual(['Chassis.20', 'Chassis.40', 'Chassis.45', 'Chassis.48', 'Genset.Genset']);
    expect(codes(await get('/api/lookup/bookingPendingStatuses'), 'BookingStatusCode').sort()).toEqual([
      'CN',
      'FF',
      'PN',
    ]);
    const orderTypes = codes(await get('/api/lookup/bookingOrderTypes'), 'BookingOrderTypeCode');
    expect(orderTypes).not.toContain('RD');
    expect(orderTypes).toContain('IR');
    const dashboardTypes = codes(await get('/api/lookup/dashboardOrderTypes'), 'BookingOrderTypeCode');
    expect(dashboardTypes.filter((c) => ['RD', 'IR', 'MI'].includes(c))).toEqual([]);
    const redeliveryOrgs = await get('/api/lookup/redeliveryInventoryOrgs');
    expect(
      redeliveryOrgs.every((o: { InventoryOrgType: string }) => o.InventoryOrgType !== 'Term Lease'),
    ).toBe(true);
    const repositionOrgs = await get('/api/lookup/repositionInventoryOrgs');
    expect(
      repositionOrgs.every((o: { TracManaged: boolean; CoOpPool: boolean }) => o.TracManaged || o.CoOpPool),
    ).toBe(true);
    expect(codes(repositionOrgs, 'InventoryOrgCode')).toContain('IDL');
    const managed = await get('/api/lookup/manualInventoryInventoryOrgs');
    expect(managed.every((o: { TracManaged: boolean }) => o.TracManaged)).toBe(true);
  });

  it('filters customers by name-with-SCAC (2+ characters) and by class', async () => {
    const all = await get('/api/lookup/customers');
    const hits = await get('/api/lookup/customers?search=dEmO');
    expect(hits.length).toBeGreaterThan(0);
    expect(
      hits.every((c: { CustomerNameWithSCAC: string }) =>
        c.CustomerNameWithSCAC.toLowerCase().includes('demo'),
      ),
    ).toBe(true);
    expect((await get('/api/lookup/customers?search=d')).length).toBe(all.length);
    const ssl = await get('/api/lookup/customers?customerClass=SSL');
    expect(ssl.length).toBeGreaterThan(0);
    expect(ssl.every((c: { CustomerClass: string }) => c.CustomerClass === 'SSL')).toBe(true);
    const two = await get('/api/lookup/customers?customerClass=SSL&customerClass=BCO');
    expect(new Set(two.map((c: { CustomerClass: string }) => c.CustomerClass))).toEqual(
      new Set(['SSL', 'BCO']),
    );
    const carriers = await get('/api/lookup/motorCarriers');
    expect(carriers.every((c: { CustomerClass: string }) => c.CustomerClass === 'MC')).toBe(true);
  });

  it('checks chassis IDs against the equipment records, one verdict each', async () => {
    const held = await t.handle.db
      .selectFrom('chassis')
      .innerJoin('customers', 'customers.customer_id', 'chassis.on_hire_customer_id')
      .select('chassis.chassis_id')
      .where('customers.scac', '=', 'DMCR')
      .limit(1)
      .executeTakeFirstOrThrow();
    const elsewhere = await t.handle.db
      .selectFrom('chassis')
      .select('chassis_id')
      .where('status', '=', 'AVAILABLE')
      .limit(1)
      .executeTakeFirstOrThrow();
    const mineHyphenated = `${held.chassis_id.slice(0, 4).toLowerCase()}-${held.chassis_id.slice(4)}`;
    const inputs = [mineHyphenated, 'PLCZ12345', 'TRAZ123456', 'PLCZ999999', elsewhere.chassis_id];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lookup/equipment',
      payload: { ChassisIds: inputs },
      headers: bearer(customer),
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().Results;
    expect(results.map((r: { Input: string }) => r.Input)).toEqual(inputs);
    expect(results[0]).toMatchObject({
      Valid: true,
      ChassisId: held.chassis_id,
      OnHireToCaller: true,
      Message: null,
    });
    expect(results[1]).toMatchObject({
      Valid: false,
      Message: expect.stringMatching(/four letters and six digits/),
    });
    expect(results[2]).toMatchObject({ Valid: false, Message: expect.stringMatching(/another provider/) });
    expect(results[3]).toMatchObject({ Valid: false, Message: expect.stringMatching(/not found/) });
    expect(results[4]).toMatchObject({
      Valid: false,
      // Issue 31: the company asked about is named, never the one that holds it.
      Message: CHASSIS_MESSAGES.notOnHire(elsewhere.chassis_id, DEMO_MOTOR_CARRIER.customer_name),
      ChassisMasterId: null,
    });

    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/lookup/equipment',
      payload: { ChassisIds: [elsewhere.chassis_id] },
      headers: bearer(staff),
    });
    expect(asStaff.json().Results[0]).toMatchObject({ Valid: true, ChassisId: elsewhere.chassis_id });

    // Staff booking for a customer check as that customer (issue 31: the reuse list's verdicts).
    const forCustomer = await t.app.inject({
      method: 'POST',
      url: '/api/lookup/equipment',
      payload: { ChassisIds: [held.chassis_id, elsewhere.chassis_id], CustomerId: 2 },
      headers: bearer(staff),
    });
    expect(forCustomer.statusCode, forCustomer.body).toBe(200);
    expect(forCustomer.json().Results.map((r: { Message: string | null }) => r.Message)).toEqual([
      CHASSIS_MESSAGES.notOnHire(held.chassis_id, DEMO_STEAMSHIP_LINE.customer_name),
      CHASSIS_MESSAGES.notOnHire(elsewhere.chassis_id, DEMO_STEAMSHIP_LINE.customer_name),
    ]);
    // A customer cannot check as another company.
    const otherCompany = await t.app.inject({
      method: 'POST',
      url: '/api/lookup/equipment',
      payload: { ChassisIds: [held.chassis_id], CustomerId: 2 },
      headers: bearer(customer),
    });
    expect(otherCompany.statusCode).toBe(400);
    expect(otherCompany.json().message).toBe('You can book only for your own company.');
  });

  it('answers several datasets in one request, each as its own request answers it (issue 30 §3)', async () => {
    const first = [
      'dashboardOrderTypes',
      'locationmarkets',
      'locations',
      'equipmentCategories',
      'equipmentClasses',
    ];
    const query = first.map((d) => `dataset=${d}`).join('&');
    for (const token of [staff, customer]) {
      const batch = await get(`/api/lookups?${query}`, token);
      expect(Object.keys(batch).sort()).toEqual([...first].sort());
      for (const dataset of first)
        expect(batch[dataset], dataset).toEqual(await get(`/api/lookup/${dataset}`, token));
    }
    // One dataset alone is a list of one.
    expect(await get('/api/lookups?dataset=locationmarkets')).toEqual({
      locationmarkets: await get('/api/lookup/locationmarkets'),
    });
  });

  it('refuses a batch holding a dataset the caller may not read, or no dataset, or an unknown one', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/lookups?dataset=locations&dataset=pendingReasons',
      headers: bearer(customer),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to read pendingReasons.');
    expect(refused.body).not.toContain('LocationName');
    for (const url of [
      '/api/lookups',
      '/api/lookups?dataset=nothing',
      '/api/lookups?dataset=locations&dataset=locations',
    ]) {
      const bad = await t.app.inject({ method: 'GET', url, headers: bearer(staff) });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().message, url).toMatch(/dataset/i);
    }
  });
});
