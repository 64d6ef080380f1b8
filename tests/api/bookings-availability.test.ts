/**
 * The available-units table, and the locations and equipment a booking refuses. The locations are
 * the test's own (tests/helpers/factories.ts), so it knows their names and what they hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeLocation, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  availability,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('availability and bookable locations on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = (await customerWithToken(t)).token;
  });
  afterAll(() => t.close());

  it('refuses locations that do not take the booking, naming them', async () => {
    const seattle = await stockedLocation(t, { ...LAX_40, MarketCode: 'SEA' }, 3);
    const res = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', LAX_40, [{ LocationId: seattle.LocationId, units: 1, Available: 1 }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'LOCATION_NOT_BOOKABLE',
      message: `${seattle.LocationName} (${seattle.LocationId}) is not in market LAX.`,
      errors: [{ field: 'AvailableUnits.0.LocationId' }],
    });
    const lax = await stockedLocation(t, LAX_40, 3, { daily_lease_allowed: false });
    const depot = { location_id: lax.LocationId, location_name: lax.LocationName };
    const daily = await submit(
      t,
      DAILY_LEASE_URL,
      customer,
      unitsPayload('dailyLease', LAX_40, [{ LocationId: depot.location_id, units: 1, Available: 1 }]),
    );
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toBe(
      `${depot.location_name} (${depot.location_id}) does not take daily lease bookings.`,
    );
    const unknown = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', { ...LAX_40, EquipmentClass: 'XXX' }, [
        { LocationId: depot.location_id, units: 1, Available: 1 },
      ]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_EQUIPMENT_CLASS');
  });

  it('answers availability for every location of the market, and refuses unknown choices', async () => {
    const empty = await makeLocation(t, { market_code: 'LAX' });
    const stocked = await stockedLocation(t, LAX_40, 4);
    const closed = await stockedLocation(t, LAX_40, 4, { active: false });
    const noPool = await stockedLocation(t, LAX_40, 4, { pool_booking_allowed: false });
    const rows = await availability(t, customer, 'pool', LAX_40);
    const offered = await t.handle.db
      .selectFrom('locations')
      .select('location_id')
      .where('market_code', '=', 'LAX')
      .where('active', '=', true)
      .where('pool_booking_allowed', '=', true)
      .execute();
    expect(rows.map((r) => r.LocationId).sort()).toEqual(offered.map((l) => l.location_id).sort());
    expect(rows.every((r) => Number.isInteger(r.Available) && r.Available >= 0)).toBe(true);
    const offeredHere = (id: number) => rows.find((r) => r.LocationId === id);
    expect(offeredHere(empty.LocationId)).toEqual({
      LocationId: empty.LocationId,
      LocationName: empty.LocationName,
      Available: 0,
    });
    expect(offeredHere(stocked.LocationId)).toEqual({
      LocationId: stocked.LocationId,
      LocationName: stocked.LocationName,
      Available: 4,
    });
    expect(offeredHere(closed.LocationId)).toBeUndefined();
    expect(offeredHere(noPool.LocationId)).toBeUndefined();
    for (const bad of [{ MarketCode: 'XXX' }, { EquipmentSize: 'Axle.Round' }, { EquipmentClass: 'NOPE' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/poolbooking/availableunits',
        headers: bearer(customer),
        payload: { ...LAX_40, ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
