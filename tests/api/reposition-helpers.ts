/** Shared by the reposition-*.test.ts files (and bookings-rules): the stage, bodies, and the origin's availability. */
import { sql } from 'kysely';
import { addChassis, makeCustomer, makeLocation } from '../helpers/factories';
import { bearer, type TestApp } from '../helpers/test-app';
import { CONTACT, submit } from './bookings-helpers';

export const REPOSITION_URL = '/api/repositionbooking/create';
export const REPOSITION_UPDATE_URL = '/api/repositionbooking/update';
export const REPOSITION_AVAILABILITY_URL = '/api/repositionbooking/availability';
export const OVER_AVAILABLE = 'reposition.over-available';

export interface RepositionStage {
  org: string;
  /** An org that is neither provider-managed nor co-op pool. */
  otherOrg: string;
  origin: number;
  destinations: number[];
  carrier: number;
  /** An active customer that is not a motor carrier. */
  notCarrier: number;
  reason: string;
  size: string;
  equipmentClass: string;
}

/**
 * The stage's origin, destinations and customers are its own (tests/helpers/factories.ts): the
 * origin holds only what a test puts there, and no other test books from or to them. The orgs and
 * the reason are the seeded reference data they are chosen from.
 */
export async function repositionStage(t: TestApp): Promise<RepositionStage> {
  const db = t.handle.db;
  const [org, otherOrg, reason] = await Promise.all([
    db
      .selectFrom('inventory_orgs')
      .select('inventory_org_code')
      .where('trac_managed', '=', true)
      .orderBy('inventory_org_code')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('inventory_orgs')
      .select('inventory_org_code')
      .where('trac_managed', '=', false)
      .where('co_op_pool', '=', false)
      .orderBy('inventory_org_code')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'REPOSITION')
      .orderBy('reason_code')
      .executeTakeFirstOrThrow(),
  ]);
  const origin = await makeLocation(t, { orgs: [org.inventory_org_code] });
  const destinations: number[] = [];
  for (let i = 0; i < 5; i++) destinations.push((await makeLocation(t)).LocationId);
  return {
    org: org.inventory_org_code,
    otherOrg: otherOrg.inventory_org_code,
    origin: origin.LocationId,
    destinations,
    carrier: (await makeCustomer(t, { customerClass: 'MC' })).customerId,
    notCarrier: (await makeCustomer(t, { customerClass: 'SSL' })).customerId,
    reason: reason.reason_code,
    size: 'Chassis.40',
    equipmentClass: 'STD',
  };
}

export const headerOf = (s: RepositionStage, available?: number) => ({
  InventoryOrgCode: s.org,
  FromLocationId: s.origin,
  EquipmentSize: s.size,
  EquipmentClass: s.equipmentClass,
  Extendable: 'All',
  RepositionReasonCode: s.reason,
  ...(available !== undefined ? { AvailableQuantity: available } : {}),
});

export const destination = (s: RepositionStage, index: number, units: number) => ({
  ToLocationId: s.destinations[index] as number,
  UnitsRequestedCount: units,
  MotorCarrierId: s.carrier,
});

/** A valid body: one destination per entry of `units`, the form having shown `available`. */
export function repositionBody(s: RepositionStage, units: readonly number[], available = 1000) {
  return {
    Header: headerOf(s, available),
    Orders: units.map((u, i) => destination(s, i, u)),
    Contact: CONTACT,
  };
}

/** The availability step for the stage's origin, as the form asks it; `header` changes a field. */
export const askRepositionAvailable = (
  t: TestApp,
  token: string,
  s: RepositionStage,
  header: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: REPOSITION_AVAILABILITY_URL,
    headers: bearer(token),
    payload: {
      InventoryOrgCode: s.org,
      FromLocationId: s.origin,
      EquipmentSize: s.size,
      EquipmentClass: s.equipmentClass,
      Extendable: 'All',
      ...header,
    },
  });

export async function repositionAvailable(t: TestApp, token: string, s: RepositionStage, orderId?: number) {
  const res = await askRepositionAvailable(
    t,
    token,
    s,
    orderId !== undefined ? { BookingOrderId: orderId } : {},
  );
  if (res.statusCode !== 200) throw new Error(`availability: ${res.statusCode} ${res.body}`);
  return (res.json() as { AvailableQuantity: number }).AvailableQuantity;
}

/** Makes exactly `target` units available to reposition from the stage's origin (its org's chassis). */
export async function setRepositionAvailable(t: TestApp, token: string, s: RepositionStage, target: number) {
  for (let round = 0; round < 10; round++) {
    const now = await repositionAvailable(t, token, s);
    if (now === target) return;
    if (now < target) {
      await addChassis(
        t,
        s.origin,
        { EquipmentSize: s.size, EquipmentClass: s.equipmentClass },
        target - now,
        s.org,
      );
      continue;
    }
    await sql`update chassis set status = 'OUT_OF_SERVICE' where chassis_master_id in (
        select chassis_master_id from chassis where location_id = ${s.origin} and status = 'AVAILABLE'
          and inventory_org_code = ${s.org} and equipment_category_code = ${s.size}
          and equipment_class_code = ${s.equipmentClass} limit ${now - target})`.execute(t.handle.db);
  }
  throw new Error(`could not set ${target} units available at ${s.origin}`);
}

export const submitReposition = (t: TestApp, token: string, body: object) =>
  submit(t, REPOSITION_URL, token, body);

export const updateReposition = (t: TestApp, token: string, body: object) =>
  t.app.inject({ method: 'POST', url: REPOSITION_UPDATE_URL, headers: bearer(token), payload: body });

export async function orderDocument(t: TestApp, token: string, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/bookingorder/${id}/document`, headers: bearer(token) });
}
