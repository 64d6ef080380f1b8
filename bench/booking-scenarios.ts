/**
 * What the booking bench submits (issue 30 §1): a pool booking, a pool redelivery and a reposition,
 * each as the customers' next request and as what varies when pgbench replays its statements.
 */
import { randomUUID } from 'node:crypto';
import {
  CLASS,
  CUSTOMERS,
  HELD_PER_CUSTOMER,
  heldChassisId,
  MARKET,
  SCARCE_UNITS,
  SIZE,
} from './booking-stage';
import type { Varying } from './booking-statements';

export interface Staged {
  bearer: string[];
  customers: number[];
  scarce: number;
  plentiful: number[];
  held: { firstMasterId: number };
  repositionOrigin: { origins: number[]; org: string; reason: string; redeliveryReason: string };
}

export interface Scenario {
  name: string;
  path: string;
  /** Customer `connection`'s next body (each call a new request). */
  body(connection: number): Record<string, unknown>;
  /** What differs in pgbench's replay of the statements `traced` (customer 0's body, key `key`). */
  varying(traced: Record<string, unknown>, key: string): Varying[];
  /** A share of submits sent where they race for the last units (pool booking only). */
  scarceShare?: number;
  /** The stage was reset: start over (the held chassis are held again). */
  restart?(): void;
}

const CONTACT = { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' };

/** Customer, key and a location chosen among `locations`: what every scenario varies. */
function common(s: Staged, key: string, location: number, locations: readonly number[]): Varying[] {
  return [
    {
      name: 'customer',
      value: String(s.customers[0]),
      set: [`\\set customer ${s.customers[0]} + :client_id % ${CUSTOMERS}`],
    },
    { name: 'key', value: key, set: ['\\set key random(1, 9000000000000000000)'] },
    {
      name: 'location',
      value: String(location),
      set: [`\\set location random(1, ${locations.length})`],
      sql: `(array[${locations.join(',')}])[:location]`,
    },
  ];
}

export function poolBooking(s: Staged): Scenario {
  let turn = 0;
  const scenario: Scenario = {
    name: 'pool booking',
    path: '/api/poolbooking/create',
    scarceShare: 0,
    body: () => {
      turn++;
      const scarce = Math.random() < (scenario.scarceShare ?? 0);
      return {
        Equipment: { MarketCode: MARKET, EquipmentSize: SIZE, EquipmentClass: CLASS },
        // Available: what the form showed the customer before the run (the scarce location's 40).
        AvailableUnits: [
          {
            LocationId: scarce ? s.scarce : s.plentiful[turn % s.plentiful.length],
            Available: SCARCE_UNITS,
            CustomerBooking: { UnitsRequestedCount: 1 },
          },
        ],
        Contact: CONTACT,
      };
    },
    varying: (traced, key) =>
      common(
        s,
        key,
        (traced.AvailableUnits as { LocationId: number }[])[0]?.LocationId as number,
        s.plentiful,
      ),
  };
  return scenario;
}

/** Each customer returns its held chassis one by one, at the market's pool locations. */
export function poolRedelivery(s: Staged): Scenario {
  const next = s.customers.map(() => 0);
  let turn = 0;
  const today = new Date().toISOString().slice(0, 10);
  return {
    name: 'pool redelivery',
    path: '/api/poolredelivery',
    restart: () => next.fill(0),
    body: (connection) => {
      turn++;
      const k = next[connection] ?? 0;
      next[connection] = k + 1;
      if (k >= HELD_PER_CUSTOMER) throw new Error(`customer ${connection} has no held chassis left`);
      return {
        Redelivery: {
          LocationId: s.plentiful[turn % s.plentiful.length],
          RedeliveryDate: today,
          ReasonCode: s.repositionOrigin.redeliveryReason,
        },
        Chassis: { ChassisIds: [heldChassisId(connection, k)] },
        Contact: CONTACT,
      };
    },
    varying: (traced, key) => {
      const chassisId = (traced.Chassis as { ChassisIds: string[] }).ChassisIds[0] as string;
      const k = Number(chassisId.slice(4)) - Number(heldChassisId(0, 0).slice(4));
      return [
        ...common(s, key, (traced.Redelivery as { LocationId: number }).LocationId, s.plentiful),
        {
          name: 'held',
          value: chassisId,
          // Customer c's chassis, as the server's run names them (repeats do not matter to the
          // database's work: nothing in the replay branches on what a check found).
          set: [
            `\\set held (:client_id % ${CUSTOMERS}) * ${HELD_PER_CUSTOMER} + random(0, ${HELD_PER_CUSTOMER - 1})`,
          ],
          sql: `('PLCX' || (${Number(heldChassisId(0, 0).slice(4))} + :held))`,
        },
        {
          name: 'held_master',
          value: String(s.held.firstMasterId + k),
          set: [],
          sql: `(${s.held.firstMasterId} + :held)`,
        },
      ];
    },
  };
}

/** One unit from one of the origins to one of the other locations, carried by the first customer. */
export function reposition(s: Staged): Scenario {
  let turn = 0;
  const { origins } = s.repositionOrigin;
  const destinations = s.plentiful.filter((l) => !origins.includes(l));
  return {
    name: 'reposition',
    path: '/api/repositionbooking/create',
    body: () => {
      turn++;
      return {
        Header: {
          InventoryOrgCode: s.repositionOrigin.org,
          FromLocationId: origins[turn % origins.length],
          EquipmentSize: SIZE,
          EquipmentClass: CLASS,
          Extendable: 'All',
          RepositionReasonCode: s.repositionOrigin.reason,
          AvailableQuantity: 1_000,
        },
        Orders: [
          {
            ToLocationId: destinations[turn % destinations.length],
            UnitsRequestedCount: 1,
            MotorCarrierId: s.customers[0],
          },
        ],
        Contact: CONTACT,
      };
    },
    varying: (traced, key) => [
      ...common(
        s,
        key,
        (traced.Orders as { ToLocationId: number }[])[0]?.ToLocationId as number,
        destinations,
      ),
      {
        name: 'origin',
        value: String((traced.Header as { FromLocationId: number }).FromLocationId),
        set: [`\\set origin random(1, ${origins.length})`],
        sql: `(array[${origins.join(',')}])[:origin]`,
      },
    ],
  };
}

/** A request of `scenario` by customer `connection`, with a new Idempotency-Key. */
export const requestOf = (s: Staged, scenario: Scenario, connection: number, key: string = randomUUID()) => ({
  path: scenario.path,
  headers: { authorization: s.bearer[connection] as string, 'idempotency-key': key },
  body: JSON.stringify(scenario.body(connection)),
});
