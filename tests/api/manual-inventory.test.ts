/**
 * Manual inventory through the API: who may preview and save a count; the difference shown before
 * saving; a lower count marking units out of service and a higher one returning them, then adding
 * units — and the availability customers book against following the count; a stale preview
 * refused; bad input refused with nothing written; the audit trail. The location counted is the
 * test's own with 5 units and no bookings (tests/helpers/factories.ts), so every number is known.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { availableAt, clearThresholds, type Equipment } from './bookings-helpers';

const BASE = '/api/manualinventory';
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('manual inventory on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let readonly: string;
  let customer: string;
  let place: { id: number; name: string };

  const call = (url: string, token: string | null, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
  const count = (counted: number, extra: object = {}) => ({
    InventoryOrgCode: 'IDL',
    LocationId: place.id,
    EquipmentSize: 'Chassis.40',
    EquipmentClass: 'STD',
    CountedQuantity: counted,
    ...extra,
  });
  const difference = async (counted: number) => {
    const res = await call(`${BASE}/difference`, staff, count(counted));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const orders = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from manual_inventory_orders`.execute(t.handle.db))
        .rows[0]?.n,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    customer = (await customerWithToken(t)).token;
    await clearThresholds(t);
    // No holds at a location of its own, so a count moves availability unit for unit.
    const own = await stockedLocation(t, LAX_40, 5);
    place = { id: own.LocationId, name: own.LocationName };
  });
  afterAll(() => t.close());

  it('lets demo.readonly see counts and differences but not save; customers get 403', async () => {
    const search = { InventoryOrgCode: 'IDL' };
    expect((await call(`${BASE}/search`, readonly, search)).statusCode).toBe(200);
    expect((await call(`${BASE}/difference`, readonly, count(1))).statusCode).toBe(200);
    const save = count(1, { SystemCount: 0, ReasonCode: 'YARD_COUNT' });
    expect((await call(BASE, readonly, save)).statusCode).toBe(403);
    expect((await call(`${BASE}/search`, customer, search)).statusCode).toBe(403);
    expect((await call(`${BASE}/difference`, customer, count(1))).statusCode).toBe(403);
    expect((await call(BASE, customer, save)).statusCode).toBe(403);
    expect((await call(BASE, null, save)).statusCode).toBe(401);
  });

  it('shows the difference, and saving makes the system hold what was counted', async () => {
    const before = await difference(0);
    const system = before.SystemCount as number;
    expect(system).toBe(5);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(5);

    const lower = await difference(system - 2);
    expect(lower).toMatchObject({
      SystemCount: system,
      CountedQuantity: system - 2,
      Difference: -2,
      LocationName: place.name,
      Effect: 'Saving marks 2 units out of service.',
    });
    const saved = await call(BASE, staff, {
      ...count(system - 2),
      SystemCount: system,
      ReasonCode: 'MISSING',
      Comment: ' Two frames not found at the gate ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      OrderNumber: expect.stringMatching(/^MI\d{6}$/),
      SystemCount: system,
      CountedQuantity: system - 2,
      Difference: -2,
      ReasonCode: 'MISSING',
      ReasonDescription: 'Units missing from the yard',
      Comment: 'Two frames not found at the gate',
      CreatedBy: 'Dana Staff',
      UnitsReturned: [],
      UnitsAdded: [],
    });
    expect(saved.json().UnitsOutOfService).toHaveLength(2);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(3);
    expect((await difference(system - 2)).Difference).toBe(0);

    const higher = await difference(system + 3);
    expect(higher).toMatchObject({ SystemCount: system - 2, Difference: 5 });
    expect(higher.Effect).toBe('Saving returns 2 units to service and adds 3 units.');
    const up = await call(BASE, staff, {
      ...count(system + 3),
      SystemCount: system - 2,
      ReasonCode: 'FOUND',
    });
    expect(up.statusCode, up.body).toBe(200);
    const returned = up.json().UnitsReturned as string[];
    const added = up.json().UnitsAdded as string[];
    expect([...returned].sort()).toEqual([...saved.json().UnitsOutOfService].sort());
    expect(added).toHaveLength(3);
    for (const id of added) expect(id).toMatch(/^PLCU8\d{5}$/);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(8);
    expect((await difference(0)).SystemCount).toBe(system + 3);

    const trail = await t.handle.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action'])
      .where('entity_type', '=', 'manual_inventory')
      .orderBy('audit_id')
      .execute();
    expect(trail).toEqual([
      { entity_id: String(saved.json().MiOrderId), action: 'counted' },
      { entity_id: String(up.json().MiOrderId), action: 'counted' },
    ]);
    const listed = await call(`${BASE}/search`, readonly, { InventoryOrgCode: 'IDL', LocationId: place.id });
    expect(listed.json().Orders.map((o: { MiOrderId: number }) => o.MiOrderId)).toEqual([
      up.json().MiOrderId,
      saved.json().MiOrderId,
    ]);
  });

  it('lets one of two counts made at once from the same difference win; the other is told to look again', async () => {
    const { SystemCount } = await difference(0);
    const save = () => call(BASE, staff, { ...count(SystemCount - 1), SystemCount, ReasonCode: 'MISSING' });
    const [a, b] = await Promise.all([save(), save()]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(
      `The system count at ${place.name} is now ${SystemCount - 1}, not ${SystemCount}: look at the difference again and save once more. Nothing was changed.`,
    );
    expect((await difference(0)).SystemCount).toBe(SystemCount - 1);
  });

  it('refuses a save whose system count moved since the difference was shown, and bad input, writing nothing', async () => {
    const { SystemCount } = await difference(0);
    const written = await orders();
    const stale = await call(BASE, staff, {
      ...count(1),
      SystemCount: SystemCount + 1,
      ReasonCode: 'YARD_COUNT',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `The system count at ${place.name} is now ${SystemCount}, not ${SystemCount + 1}: look at the difference again and save once more. Nothing was changed.`,
    );
    const refusals: [object, string][] = [
      [
        count(1, { InventoryOrgCode: 'COOP' }),
        'COOP is not provider-managed: choose a provider-managed org.',
      ],
      [
        count(1, { EquipmentSize: 'Genset.Genset' }),
        'Genset.Genset is not an equipment size that can be counted.',
      ],
      [count(1, { LocationId: 999999 }), 'There is no location 999999: choose one from the list.'],
    ];
    for (const [body, message] of refusals) {
      const res = await call(BASE, staff, { ...body, SystemCount, ReasonCode: 'YARD_COUNT' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const body of [
      { ...count(-1), SystemCount, ReasonCode: 'YARD_COUNT' },
      { ...count(1), SystemCount, ReasonCode: 'GUESS' },
      { ...count(1), ReasonCode: 'YARD_COUNT' },
    ]) {
      const res = await call(BASE, staff, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(10);
    }
    expect(await orders()).toBe(written);
    expect((await difference(0)).SystemCount).toBe(SystemCount);
  });
});
