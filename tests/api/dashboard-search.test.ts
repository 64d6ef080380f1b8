/** POST /api/dashboard/search: every criterion, paging, TotalCount, scoping and bad input. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PAGE_SIZE } from '../../src/domain/constants';
import type { DashboardRow } from '../../src/schemas/dashboard';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { allRows, customerIdOf, expectedIds, search } from './dashboard-helpers';

/** Wide enough to hold the whole demo history. */
const EVERYTHING = { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const utcToday = () => isoDay(new Date());

async function one<T>(t: TestApp, query: ReturnType<typeof sql<T>>): Promise<T> {
  const res = await query.execute(t.handle.db);
  const row = res.rows[0];
  if (!row) throw new Error('the demo data has no row for this test');
  return row;
}

describe.each(databaseKinds)('dashboard search on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let ssl: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [staff, customer, ssl] = await Promise.all([
      t.tokenFor('demo.staff'),
      t.tokenFor('demo.customer'),
      t.tokenFor('demo.ssl'),
    ]);
  });
  afterAll(() => t.close());

  /** The first page and the count agree with the SQL answer for the same criterion. */
  async function expectMatches(criteria: object, where: ReturnType<typeof sql>, minimum = 1) {
    const expected = await expectedIds(t, where);
    expect(expected.length, 'the demo data should hold rows for this criterion').toBeGreaterThanOrEqual(
      minimum,
    );
    const res = await search(t, staff, criteria);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.TotalCount).toBe(expected.length);
    expect(page.ResultSet.map((r: DashboardRow) => r.BookingId)).toEqual(
      expected.slice(0, DASHBOARD_PAGE_SIZE),
    );
    return page.ResultSet as DashboardRow[];
  }

  it('finds bookings by the beginning of a booking number, in any case', async () => {
    const { booking_code } = await one(
      t,
      sql<{
        booking_code: string;
      }>`select booking_code from bookings where booking_code is not null order by booking_id limit 1`,
    );
    const prefix = booking_code.slice(0, 6);
    const rows = await expectMatches(
      { BookingCode: prefix.toLowerCase() },
      sql`b.booking_code like ${`${prefix}%`}`,
    );
    for (const r of rows) expect(r.BookingCode?.startsWith(prefix)).toBe(true);
    await expectMatches({ BookingCode: booking_code }, sql`b.booking_code = ${booking_code}`);
  });

  it('finds bookings by order type, and never shows IR, MI or RD orders', async () => {
    const rows = await expectMatches({ BookingOrderTypeCode: 'RU' }, sql`o.booking_order_type_code = 'RU'`);
    for (const r of rows)
      expect(r).toMatchObject({ BookingOrderTypeCode: 'RU', BookingOrderTypeName: 'Reuse Booking' });
    const all = await allRows(t, staff, EVERYTHING, 100);
    expect(all.length).toBe((await expectedIds(t)).length);
    expect(all.some((r) => ['IR', 'MI', 'RD'].includes(r.BookingOrderTypeCode))).toBe(false);
    const res = await search(t, staff, { BookingOrderTypeCode: 'IR' });
    expect(res.statusCode).toBe(400);
  });

  it('finds bookings by status, and "New" finds orders with no status yet', async () => {
    const rows = await expectMatches(
      { StatusCode: 'CN' },
      sql`b.status_code = 'CN' and o.status_code is not null`,
    );
    for (const r of rows) expect(r).toMatchObject({ StatusCode: 'CN', StatusName: 'Cancelled' });
    const fresh = await expectMatches({ StatusCode: 'NEW' }, sql`o.status_code is null`);
    for (const r of fresh) expect(r).toMatchObject({ StatusCode: null, StatusName: 'New' });
  });

  it('lets staff find a customer by part of its name with SCAC, in any case', async () => {
    const { customer_id, scac } = await one(
      t,
      sql<{ customer_id: number; scac: string }>`
        select c.customer_id, c.scac from customers c join booking_orders o on o.customer_id = c.customer_id
        group by c.customer_id, c.scac order by count(*) desc limit 1`,
    );
    const text = `(${scac.toLowerCase()})`;
    const rows = await expectMatches(
      { CustomerName: text },
      sql`o.customer_id in (select customer_id from customers where customer_name || ' (' || scac || ')' ilike ${`%${text}%`})`,
    );
    expect(rows.some((r) => r.CustomerId === customer_id)).toBe(true);
    for (const r of rows) expect(r.CustomerNameWithSCAC.toLowerCase()).toContain(text);
  });

  it('finds bookings by market, location, equipment size and chassis', async () => {
    const { market_code, location_id, equipment_category_code } = await one(
      t,
      sql<{ market_code: string; location_id: number; equipment_category_code: string }>`
        select o.market_code, b.location_id, b.equipment_category_code
        from bookings b join booking_orders o using (booking_order_id)
        where o.booking_order_type_code = 'PB'
        group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    await expectMatches({ MarketCode: market_code.toLowerCase() }, sql`o.market_code = ${market_code}`);
    const atLocation = await expectMatches({ LocationId: location_id }, sql`b.location_id = ${location_id}`);
    for (const r of atLocation) expect(r.LocationId).toBe(location_id);
    const sized = await expectMatches(
      { EquipmentSize: equipment_category_code },
      sql`b.equipment_category_code = ${equipment_category_code}`,
    );
    for (const r of sized) expect(r.EquipmentSize).toBe(equipment_category_code);

    const { chassis_id, booking_id } = await one(
      t,
      sql<{ chassis_id: string; booking_id: number }>`
        select c.chassis_id, bc.booking_id from booking_chassis bc join chassis c using (chassis_master_id) limit 1`,
    );
    const withHyphen = `${chassis_id.slice(0, 4).toLowerCase()}-${chassis_id.slice(4)}`;
    const named = await expectMatches(
      { ChassisId: withHyphen },
      sql`b.booking_id in (select booking_id from booking_chassis bc join chassis c using (chassis_master_id) where c.chassis_id = ${chassis_id})`,
    );
    expect(named.map((r) => r.BookingId)).toContain(booking_id);
  });

  it('names every row’s size, axles too, for a customer whose lookups hold no axle', async () => {
    const names = new Map(
      (
        await sql<{ code: string; description: string }>`
          select equipment_category_code as code, description from equipment_categories`.execute(t.handle.db)
      ).rows.map((r) => [r.code, r.description]),
    );
    const rows = await allRows(t, customer, EVERYTHING);
    // The demo customer is a party to an axle reposition; its lookups name no axle (SPEC §5).
    expect(rows.some((r) => r.EquipmentSize.startsWith('Axle.'))).toBe(true);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/equipmentCategories',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(
      lookup
        .json()
        .some((c: { EquipmentCategoryCode: string }) => c.EquipmentCategoryCode.startsWith('Axle.')),
    ).toBe(false);
    for (const r of rows) expect(r.EquipmentSizeName).toBe(names.get(r.EquipmentSize));
    expect(rows.map((r) => r.EquipmentSizeName)).toContain('Axle');
  });

  it('reads created and updated days in the caller’s time zone', async () => {
    const { booking_id, created_at } = await one(
      t,
      sql<{ booking_id: number; created_at: Date }>`
        select b.booking_id, b.created_at from bookings b join booking_orders o using (booking_order_id)
        where o.booking_order_type_code = 'PB' and extract(hour from b.created_at at time zone 'UTC') >= 2
          and extract(hour from b.created_at at time zone 'UTC') < 12
        order by b.booking_id limit 1`,
    );
    const utcDay = new Date(created_at).toISOString().slice(0, 10);
    // Twelve hours west of UTC, a morning (UTC) booking lies on the previous calendar day.
    const dayBefore = new Date(Date.parse(`${utcDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const ids = async (criteria: object, offset: string) => {
      const rows: DashboardRow[] = [];
      for (let start = 1; ; start += 100) {
        const res = await search(
          t,
          staff,
          { ...criteria, StartRecordNumber: start, PageSize: 100 },
          { TimeZoneOffset: offset },
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        rows.push(...page.ResultSet);
        if (start + 100 > page.TotalCount) return rows.map((r) => r.BookingId);
      }
    };
    expect(await ids({ CreatedFrom: utcDay, CreatedTo: utcDay }, '0')).toContain(booking_id);
    expect(await ids({ CreatedFrom: dayBefore, CreatedTo: dayBefore }, '0')).not.toContain(booking_id);
    expect(await ids({ CreatedFrom: dayBefore, CreatedTo: dayBefore }, '-12')).toContain(booking_id);

    // A quarter well inside the demo history, which ends the day before the seed day.
    const daysAgo = (n: number) => new Date(Date.parse(`${utcToday()}T00:00:00Z`) - n * 86_400_000);
    const from = daysAgo(300);
    const end = daysAgo(210);
    await expectMatches(
      { UpdatedFrom: isoDay(from), UpdatedTo: isoDay(daysAgo(211)) },
      sql`o.updated_at >= ${from} and o.updated_at < ${end}`,
    );
  });

  it('pages: the default page of 20, the next pages, the last partial page and past the end', async () => {
    const expected = await expectedIds(t);
    expect(expected.length).toBeGreaterThan(2 * DASHBOARD_PAGE_SIZE);
    const first = (await search(t, staff, EVERYTHING)).json();
    expect(first).toMatchObject({
      TotalCount: expected.length,
      StartRecordNumber: 1,
      PageSize: DASHBOARD_PAGE_SIZE,
    });
    expect(first.ResultSet).toHaveLength(DASHBOARD_PAGE_SIZE);
    const second = (await search(t, staff, { ...EVERYTHING, StartRecordNumber: 21 })).json();
    expect(second.ResultSet.map((r: DashboardRow) => r.BookingId)).toEqual(expected.slice(20, 40));
    const lastStart = expected.length - 3 + 1;
    const last = (
      await search(t, staff, { ...EVERYTHING, StartRecordNumber: lastStart, PageSize: 10 })
    ).json();
    expect(last.ResultSet.map((r: DashboardRow) => r.BookingId)).toEqual(expected.slice(-3));
    expect(last.TotalCount).toBe(expected.length);
    const exactlyFull = (
      await search(t, staff, { ...EVERYTHING, StartRecordNumber: expected.length - 9, PageSize: 10 })
    ).json();
    expect(exactlyFull).toMatchObject({ TotalCount: expected.length });
    expect(exactlyFull.ResultSet).toHaveLength(10);
    const beyond = (await search(t, staff, { ...EVERYTHING, StartRecordNumber: expected.length + 1 })).json();
    expect(beyond).toMatchObject({ TotalCount: expected.length, ResultSet: [] });
    const none = (await search(t, staff, { BookingCode: 'ZZ9999999' })).json();
    expect(none).toMatchObject({ TotalCount: 0, ResultSet: [] });
  });

  it('shows a customer only the orders of parties it plays, and staff everything', async () => {
    for (const [user, token] of [
      ['demo.customer', customer],
      ['demo.ssl', ssl],
    ] as const) {
      const id = await customerIdOf(t, user);
      const expected = await expectedIds(t, sql`true`, id);
      expect(expected.length, `${user} should have bookings in the demo data`).toBeGreaterThan(0);
      const rows = await allRows(t, token, EVERYTHING);
      expect(rows.map((r) => r.BookingId)).toEqual(expected);
    }
  });

  it('refuses bad searches with a message the user can act on', async () => {
    const cases: Array<[object, RegExp, string?]> = [
      [{}, /^Invalid search criteria$/],
      [{ BookingCode: '   ', PageSize: 20 }, /^Invalid search criteria$/],
      [{ BookingCode: 'PB 26' }, /^Booking number: letters, digits and hyphens only, at most 20\.$/],
      [{ Whatever: 1 }, /Whatever is not a field of this request: leave it out\./],
      [{ LocationId: 'ten' }, /LocationId must be a whole number\./],
      [{ ...EVERYTHING, PageSize: 1000 }, /PageSize/],
      [{ ...EVERYTHING, StartRecordNumber: 0 }, /StartRecordNumber/],
      [
        { CreatedFrom: '2026-05-02', CreatedTo: '2026-05-01' },
        /^Created from must be on or before Created to\.$/,
      ],
      [
        { UpdatedFrom: '2026-05-02', UpdatedTo: '2026-05-01' },
        /^Updated from must be on or before Updated to\.$/,
      ],
      [{ CreatedFrom: '2026-02-30x' }, /CreatedFrom/],
      [{ CustomerName: 'a' }, /^Customer: type at least 2 characters\.$/],
      [{ ChassisId: 'ABC123' }, /^Chassis ID: four letters and six digits, e\.g\. PLCZ123456\.$/],
    ];
    for (const [body, message] of cases) {
      const res = await search(t, staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const external = await search(t, customer, { CustomerName: 'acme' });
    expect(external.statusCode).toBe(400);
    expect(external.json().error).toMatch(/for provider staff/);
    const zone = await search(t, staff, EVERYTHING, { TimeZoneOffset: 'Europe/Paris' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error).toMatch(/TimeZoneOffset/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      payload: EVERYTHING,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
