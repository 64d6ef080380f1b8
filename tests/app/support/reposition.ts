/**
 * Reposition requests for the app tests, built from what the real server's lookups offer the
 * user (never hard-coded ids), and booked through the real API when a test needs an order.
 */
import { randomUUID } from 'node:crypto';
import type { CustomerRow, InventoryOrgRow, LocationRow } from '../../../src/domain/lookups';
import type { RealServer } from '../../helpers/real-server';
import type { DemoUser } from '../../helpers/test-app';

export interface RepositionChoices {
  org: InventoryOrgRow;
  origin: LocationRow;
  destinations: LocationRow[];
  size: { EquipmentCategoryCode: string; EquipmentCategoryDescription: string };
  equipmentClass: { Code: string; Name: string };
  reason: { ReasonCode: string; ReasonDescription: string };
  carrier: CustomerRow;
}

async function lookup<T>(server: RealServer, user: DemoUser, dataset: string, search?: string): Promise<T[]> {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  const res = await server.call('GET', `/api/lookup/${dataset}${query}`, { token: await server.token(user) });
  if (res.status !== 200) throw new Error(`lookup ${dataset}: ${res.status} ${res.body}`);
  return res.json<T[]>();
}

const first = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (!row) throw new Error(`the demo data offers no ${what}`);
  return row;
};

/** The first offered org, size, class and reason; an origin and two other locations; the user's own motor carrier. */
export async function repositionChoices(server: RealServer, user: DemoUser): Promise<RepositionChoices> {
  const locations = await lookup<LocationRow>(server, user, 'locations');
  const [origin, ...others] = locations;
  if (!origin || others.length < 2) throw new Error('the demo data needs three locations');
  return {
    org: first(await lookup<InventoryOrgRow>(server, user, 'repositionInventoryOrgs'), 'reposition org'),
    origin,
    destinations: others.slice(0, 2),
    size: first(await lookup(server, user, 'repositionEquipmentCategories'), 'reposition size'),
    equipmentClass: first(await lookup(server, user, 'equipmentClasses'), 'equipment class'),
    reason: first(await lookup(server, user, 'repositionReasons'), 'reposition reason'),
    carrier: first(await lookup<CustomerRow>(server, user, 'motorCarriers', 'Demo'), 'motor carrier'),
  };
}

/** A complete reposition request (flow data) to the given destinations with the given units. */
export function repositionBody(c: RepositionChoices, units: readonly number[]) {
  return {
    Header: {
      InventoryOrgCode: c.org.InventoryOrgCode,
      FromLocationId: c.origin.LocationId,
      EquipmentSize: c.size.EquipmentCategoryCode,
      EquipmentClass: c.equipmentClass.Code,
      Extendable: 'All',
      RepositionReasonCode: c.reason.ReasonCode,
    },
    Orders: units.map((n, i) => ({
      ToLocationId: (c.destinations[i] ?? c.destinations[0])?.LocationId,
      UnitsRequestedCount: n,
      MotorCarrierId: c.carrier.CustomerId,
      WithRedelivery: false,
    })),
    Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
    // Whatever the origin holds, the over-available question is answered yes.
    Acknowledged: ['reposition.over-available'],
  };
}

/** Books a reposition through the real API; answers its BookingOrderId. */
export async function bookReposition(
  server: RealServer,
  user: DemoUser,
  c: RepositionChoices,
  units: readonly number[],
): Promise<number> {
  const res = await server.call('POST', '/api/repositionbooking/create', {
    token: await server.token(user),
    body: repositionBody(c, units),
    headers: { 'idempotency-key': randomUUID() },
  });
  if (res.status !== 200) throw new Error(`reposition create: ${res.status} ${res.body}`);
  return res.json<{ BookingOrderId: number }>().BookingOrderId;
}
