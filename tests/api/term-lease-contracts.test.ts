/**
 * Term lease booking, the contract (SPEC §3, §7 Term lease booking): getContractInfo and
 * getlongtermmarket, and the lookup sets FilteredLocationByLongtermContract, FilteredMarket and
 * FilteredLongtermMarket — a customer sees only its own contracts; another customer's is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('term lease contracts on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let customerId: number;
  let own: { active: number; expired: number; terminated: number | null };
  let foreign: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    customer = await t.tokenFor('demo.customer');
    const db = t.handle.db;
    const user = await db
      .selectFrom('users')
      .select('customer_id')
      .where('user_name', '=', 'demo.customer')
      .executeTakeFirstOrThrow();
    customerId = user.customer_id as number;
    const mine = await db
      .selectFrom('term_lease_contracts')
      .select(['contract_id', 'status'])
      .where('customer_id', '=', customerId)
      .orderBy('contract_id')
      .execute();
    const active = mine.find((c) => c.status === 'ACTIVE');
    const expired = mine.find((c) => c.status === 'EXPIRED');
    if (!active || !expired) throw new Error('demo.customer needs an active and an expired contract');
    own = { active: active.contract_id, expired: expired.contract_id, terminated: null };
    const other = await db
      .selectFrom('term_lease_contracts')
      .select('contract_id')
      .where('customer_id', '<>', customerId)
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    foreign = other.contract_id;
  });
  afterAll(() => t.close());

  const get = (url: string, token = customer) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('getContractInfo shows the contract, its lines and their locations, bookable when active', async () => {
    const res = await get(`/api/longtermbooking/getContractInfo/${own.active}`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      ContractId: own.active,
      CustomerId: customerId,
      ContractStatus: 'ACTIVE',
      Bookable: true,
      NotBookableReason: null,
    });
    expect(info.ContractNumber).toMatch(/^TL-\d{4}-\d{4}$/);
    expect(info.EffectiveDate <= info.EffectiveTo).toBe(true);
    expect(info.Lines.length).toBeGreaterThan(0);
    const lines = await t.handle.db
      .selectFrom('term_lease_contract_lines')
      .selectAll()
      .where('contract_id', '=', own.active)
      .orderBy('equipment_line_id')
      .execute();
    expect(info.Lines.map((l: { EquipmentLineID: number }) => l.EquipmentLineID)).toEqual(
      lines.map((l) => l.equipment_line_id),
    );
    for (const [i, line] of lines.entries()) {
      const shown = info.Lines[i];
      expect(shown).toMatchObject({
        EquipmentSize: line.equipment_category_code,
        EquipmentClass: line.equipment_class_code,
        MarketCode: line.market_code,
        Quantity: line.quantity,
        DailyRate: Number(line.daily_rate),
        AdditionalOnHireAllowed: line.additional_on_hire_allowed,
      });
      expect(shown.BookedQuantity).toBeGreaterThanOrEqual(0);
      // Every location of the line is an active location of the contract's org in the line's market.
      const places = await t.handle.db
        .selectFrom('locations as l')
        .innerJoin('inventory_org_locations as i', 'i.location_id', 'l.location_id')
        .select('l.location_id')
        .where('i.inventory_org_code', '=', info.InventoryOrgCode)
        .where('l.market_code', '=', line.market_code)
        .where('l.active', '=', true)
        .orderBy('l.location_id')
        .execute();
      expect(shown.Locations).toEqual(places.map((p) => p.location_id));
    }
  });

  it('says why an expired contract cannot be booked against', async () => {
    const res = await get(`/api/longtermbooking/getContractInfo/${own.expired}`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info.Bookable).toBe(false);
    expect(info.NotBookableReason).toMatch(
      /^Contract TL-\d{4}-\d{4} expired on \d{4}-\d{2}-\d{2}: nothing can be booked against it\.$/,
    );
  });

  it('says why a terminated contract cannot be booked against', async () => {
    const terminated = await t.handle.db
      .selectFrom('term_lease_contracts')
      .select(['contract_id', 'contract_number'])
      .where('status', '=', 'TERMINATED')
      .executeTakeFirst();
    if (!terminated) return expect.fail('the seed holds no terminated contract');
    const res = await get(`/api/longtermbooking/getContractInfo/${terminated.contract_id}`, staff);
    expect(res.json()).toMatchObject({
      Bookable: false,
      NotBookableReason: `Contract ${terminated.contract_number} was terminated: nothing can be booked against it.`,
    });
  });

  it("another customer's contract is a 404 to a customer (ids do not leak), and staff see it", async () => {
    for (const url of [
      `/api/longtermbooking/getContractInfo/${foreign}`,
      `/api/longtermbooking/getlongtermmarket/${foreign}`,
      '/api/longtermbooking/getContractInfo/999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/There is no term lease contract \d+ of yours\./);
    }
    expect((await get(`/api/longtermbooking/getContractInfo/${foreign}`, staff)).statusCode).toBe(200);
    const bad = await get('/api/longtermbooking/getContractInfo/abc');
    expect(bad.statusCode).toBe(400);
  });

  it('getlongtermmarket lists the markets of the contract lines', async () => {
    const res = await get(`/api/longtermbooking/getlongtermmarket/${own.active}`);
    expect(res.statusCode, res.body).toBe(200);
    const markets = res.json();
    const lineMarkets = await t.handle.db
      .selectFrom('term_lease_contract_lines')
      .select('market_code')
      .distinct()
      .where('contract_id', '=', own.active)
      .orderBy('market_code')
      .execute();
    expect(markets.map((m: { MarketCode: string }) => m.MarketCode)).toEqual(
      lineMarkets.map((m) => m.market_code),
    );
    for (const m of markets)
      expect(m).toMatchObject({ ContractId: own.active, MarketName: expect.any(String) });
  });

  it('the lookup sets cover only the customer’s own contracts; staff see every contract', async () => {
    const lookup = async (dataset: string, token = customer) => {
      const res = await get(`/api/lookup/${dataset}`, token);
      expect(res.statusCode, `${dataset}: ${res.body}`).toBe(200);
      return res.json() as Array<Record<string, unknown>>;
    };
    const mine = await t.handle.db
      .selectFrom('term_lease_contracts')
      .select('contract_id')
      .where('customer_id', '=', customerId)
      .execute();
    const mineIds = new Set(mine.map((c) => c.contract_id));

    const locations = await lookup('filteredLocationByLongtermContract');
    expect(locations.length).toBeGreaterThan(0);
    for (const row of locations) expect(mineIds.has(row.ContractId as number)).toBe(true);
    const info = (await get(`/api/longtermbooking/getContractInfo/${own.active}`)).json();
    for (const line of info.Lines) {
      const ids = locations
        .filter((r) => r.EquipmentLineID === line.EquipmentLineID)
        .map((r) => r.LocationId);
      expect([...ids].sort((a, b) => Number(a) - Number(b))).toEqual(line.Locations);
    }

    const longterm = await lookup('filteredLongtermMarket');
    expect(new Set(longterm.map((r) => r.ContractId))).toEqual(mineIds);
    const markets = await lookup('filteredMarket');
    expect(markets.map((m) => m.MarketCode).sort()).toEqual(
      [...new Set(longterm.map((r) => r.MarketCode as string))].sort(),
    );

    const all = await lookup('filteredLongtermMarket', staff);
    expect(new Set(all.map((r) => r.ContractId)).size).toBeGreaterThan(mineIds.size);
  });

  it('refuses users without the term lease permission', async () => {
    const readonly = await t.tokenFor('demo.readonly');
    expect((await get(`/api/longtermbooking/getContractInfo/${own.active}`, readonly)).statusCode).toBe(403);
    expect((await get('/api/lookup/filteredMarket', readonly)).statusCode).toBe(403);
  });
});
