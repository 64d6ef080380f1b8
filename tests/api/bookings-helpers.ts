/** Shared by the bookings-*.test.ts files: submitting, reading availability, and setting the stage by query. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { addChassis } from '../helpers/factories';
import { bearer, type TestApp } from '../helpers/test-app';

export const POOL_URL = '/api/poolbooking/create';
export const DAILY_LEASE_URL = '/api/dailyleasebooking/create';
export const REUSE_URL = '/api/reusebooking/create';
export const CONTACT = { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com; ops@example.com' };

export interface Equipment {
  MarketCode: string;
  EquipmentSize: string;
  EquipmentClass: string;
}

export function submit(
  t: TestApp,
  url: string,
  token: string | null,
  payload: object,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

export type Kind = 'pool' | 'dailyLease';
const entryOf = (kind: Kind) => (kind === 'pool' ? 'CustomerBooking' : 'DailyLeaseBooking');

/** A pool or daily lease submit body: units per location, plus any answered confirmations. */
export function unitsPayload(
  kind: Kind,
  equipment: Equipment & { CustomerId?: number },
  /** Available is what the form showed; without it the over-available confirmation applies. */
  rows: ReadonlyArray<{ LocationId: number; units: number; Available: number }>,
  acknowledged: readonly string[] = kind === 'dailyLease' ? ['daily-lease.charges-acknowledged'] : [],
) {
  return {
    Equipment: equipment,
    AvailableUnits: rows.map(({ LocationId, units, Available }) => ({
      LocationId,
      Available,
      [entryOf(kind)]: { UnitsRequestedCount: units },
    })),
    Contact: CONTACT,
    ...(acknowledged.length ? { Acknowledged: [...acknowledged] } : {}),
  };
}

export interface AvailabilityRow {
  LocationId: number;
  LocationName: string;
  Available: number;
}

export async function availability(
  t: TestApp,
  token: string,
  kind: Kind,
  equipment: Equipment,
): Promise<AvailabilityRow[]> {
  const url = kind === 'pool' ? '/api/poolbooking/availableunits' : '/api/dailyleasebooking/availableunits';
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: equipment });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function availableAt(
  t: TestApp,
  token: string,
  kind: Kind,
  equipment: Equipment,
  locationId: number,
): Promise<number> {
  const row = (await availability(t, token, kind, equipment)).find((r) => r.LocationId === locationId);
  if (!row) throw new Error(`location ${locationId} is not offered for ${kind} ${JSON.stringify(equipment)}`);
  return row.Available;
}

/** The location of the market with the most units available: a stage with room to book. */
export async function roomiestLocation(t: TestApp, token: string, kind: Kind, equipment: Equipment) {
  const rows = await availability(t, token, kind, equipment);
  return rows.reduce((best, r) => (r.Available > best.Available ? r : best));
}

/** The factories' (tests/helpers/factories.ts): one range of chassis IDs for every test helper. */
export { addChassis } from '../helpers/factories';

/**
 * Makes exactly `target` units available at a location: surplus chassis go out of service, and
 * chassis are added while there are too few (open holds may hide some of what is added).
 */
export async function setAvailable(
  t: TestApp,
  token: string,
  kind: Kind,
  equipment: Equipment,
  locationId: number,
  target: number,
) {
  for (let round = 0; round < 10; round++) {
    const now = await availableAt(t, token, kind, equipment, locationId);
    if (now === target) return;
    if (now < target) {
      await addChassis(t, locationId, equipment, target - now);
      continue;
    }
    await sql`update chassis set status = 'OUT_OF_SERVICE' where chassis_master_id in (
        select c.chassis_master_id from chassis c join inventory_orgs o on o.inventory_org_code = c.inventory_org_code
        where c.location_id = ${locationId} and c.status = 'AVAILABLE' and o.org_type in ('Pool', 'Co-op Pool')
          and c.equipment_category_code = ${equipment.EquipmentSize}
          and c.equipment_class_code = ${equipment.EquipmentClass}
        limit ${now - target})`.execute(t.handle.db);
  }
  throw new Error(`could not set ${target} units available at ${locationId}`);
}

/** Weekly thresholds would make bookings pending depending on the day the test runs: tests set their own. */
export async function clearThresholds(t: TestApp, customerId?: number) {
  let query = t.handle.db.deleteFrom('weekly_thresholds');
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  await query.execute();
}

/** Active, good-standing customers of a class, for staff to book on behalf of. */
export async function customersOfClass(t: TestApp, customerClass: string, count: number): Promise<number[]> {
  const rows = await t.handle.db
    .selectFrom('customers')
    .select('customer_id')
    .where('customer_class', '=', customerClass)
    .where('active', '=', true)
    .where('good_standing', '=', true)
    .where('customer_id', '>', 3)
    .orderBy('customer_id')
    .limit(count)
    .execute();
  return rows.map((r) => r.customer_id);
}

export const bookingCodePattern = (type: string) => new RegExp(`^${type}\\d{2}\\d{6}$`);
