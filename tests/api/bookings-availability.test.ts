/** The available-units table, and the locations and equipment a booking refuses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  availability,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  roomiestLocation,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('availability and bookable locations on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await t.tokenFor('demo.customer');
  });
  afterAll(() => t.close());

  it('refuses locations that do not take the booking, naming them', async () => {
    const seattle = await roomiestLocation(t, customer, 'pool', { ...LAX_40, MarketCode: 'SEA' });
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
    const depot = await t.handle.db
      .selectFrom('locations')
      .select(['location_id', 'location_name'])
      .where('market_code', '=', 'LAX')
      .where('active', '=', true)
      .where('daily_lease_allowed', '=', false)
      .orderBy('location_id')
      .executeTakeFirstOrThrow();
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
    expect(rows.some((r) => r.Available === 0)).toBe(true);
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
