/**
 * POST /api/bookingpending/inventory with SPEC §3's payload: units per location, zero rows included.
 * An empty and a stocked location of its own (tests/helpers/factories.ts) give rows it knows exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeLocation, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { availability, type Equipment } from './bookings-helpers';
import { post } from './pending-helpers';

const CHI_20: Equipment = { MarketCode: 'CHI', EquipmentSize: 'Chassis.20', EquipmentClass: 'STD' };

describe.each(databaseKinds)('the inventory check on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let payload: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    const own = await customerWithToken(t);
    customer = own.token;
    payload = {
      ResponsiblePartyId: own.customerId,
      ResponsiblePartyType: 'MC',
      MarketCode: CHI_20.MarketCode,
      EquipmentSize: CHI_20.EquipmentSize,
      EquipmentClass: CHI_20.EquipmentClass,
      Extendable: 'All',
      IncludeZeroInventory: true,
      BookingOrderTypeCode: 'PB',
    };
  });
  afterAll(() => t.close());

  it('lists every pool location of the market, zero rows included, with the units a booking would find', async () => {
    const empty = await makeLocation(t, { market_code: 'CHI' });
    const stocked = await stockedLocation(t, CHI_20, 3);
    const expected = await availability(t, customer, 'pool', CHI_20);
    const res = await post(t, '/inventory', staff, payload);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const byId = Object.fromEntries(
      answer.Locations.map((l: { LocationId: number; Available: number }) => [l.LocationId, l.Available]),
    );
    expect(byId).toEqual(Object.fromEntries(expected.map((r) => [r.LocationId, r.Available])));
    expect(byId[empty.LocationId]).toBe(0);
    expect(
      answer.Locations.find((l: { LocationId: number }) => l.LocationId === stocked.LocationId),
    ).toMatchObject({ Stock: 3, Held: 0, Reserved: 0, Available: 3 });
    expect(answer.TotalAvailable).toBe(expected.reduce((sum, r) => sum + r.Available, 0));
    for (const l of answer.Locations) expect(l.Available).toBe(Math.max(0, l.Stock - l.Held - l.Reserved));
  });

  it('narrows to extendable frames or the others', async () => {
    const all = (await post(t, '/inventory', staff, payload)).json();
    const yes = (await post(t, '/inventory', staff, { ...payload, Extendable: 'Yes' })).json();
    const no = (await post(t, '/inventory', staff, { ...payload, Extendable: 'No' })).json();
    expect(yes.Locations.length).toBe(all.Locations.length);
    const sums = yes.Locations.map((l: { Stock: number }, i: number) => l.Stock + no.Locations[i].Stock);
    expect(sums).toEqual(all.Locations.map((l: { Stock: number }) => l.Stock));
  });

  it('refuses a payload it cannot answer with a message saying what to send', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ IncludeZeroInventory: false }, /IncludeZeroInventory must be true\./],
      [{ MarketCode: 'ZZZ' }, /no market ZZZ/],
      [{ EquipmentSize: 'Genset.Genset' }, /not an equipment size that can be booked/],
      [{ EquipmentClass: 'XXX' }, /no equipment class XXX/],
      [{ ResponsiblePartyId: 2_000_000_000 }, /no customer 2000000000/],
      [{ ResponsiblePartyType: 'SSL' }, /is of customer class MC, not SSL/],
      [
        { BookingOrderTypeCode: 'TL' },
        /draw on pool inventory: Daily Lease Booking, Pool Booking, Reposition Booking \(not Term Lease Booking\)\./,
      ],
      [{ Extendable: 'Maybe' }, /Extendable must be one of All, Yes or No\./],
    ];
    for (const [change, message] of cases) {
      const res = await post(t, '/inventory', staff, { ...payload, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const { MarketCode: _m, ...missing } = payload;
    const res = await post(t, '/inventory', staff, missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/MarketCode is required/);
  });
});
