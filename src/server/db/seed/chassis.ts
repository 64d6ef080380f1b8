/**
 * About 30,000 pieces of equipment: chassis of every size (40' and 53' the most), axles, containers
 * and gensets, available at locations, on hire to customers, or out of service.
 */
import { DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import { PROVIDER_PREFIXES } from '../../../domain/equipment';
import type { ChassisTable } from '../types';
import type { ContractLineRow, ContractRow } from './contracts';
import { TERM_ORG } from './contracts';
import type { CustomerRow } from './customers';
import { FLEET_MIX, kindFor } from './equipment';
import { HISTORY_DAYS, iso, type Rng, randomInstant } from './random';

/** Marks of equipment the provider does not own: the co-op pool's and private fleets'. */
export const COOP_PREFIXES = ['GCCZ', 'GCCU'] as const;
export const PRIVATE_PREFIXES = ['PRVU'] as const;

export const FLEET_SIZE = 30_000;

export type ChassisRow = Omit<
  ChassisTable,
  | 'chassis_master_id'
  | 'updated_at'
  | 'on_hire_since'
  | 'on_hire_booking_id'
  | 'on_hire_location_id'
  | 'last_gate_at'
> & {
  chassis_master_id: number;
  updated_at: string;
  /** A pool chassis on hire went out at its last change; a term lease's runs from its contract (null). */
  on_hire_since: string | null;
};

const ORG_MIX: ReadonlyArray<readonly [string, number]> = [
  [DEFAULT_INVENTORY_ORG, 60],
  ['MRP', 17],
  ['COOP', 13],
  ['PRIV', 6],
  [TERM_ORG, 4],
];

/** Demo accounts need equipment on hire: reuse and redelivery demos start from it. */
const DEMO_ON_HIRE: ReadonlyArray<readonly [number, number]> = [
  [1, 64], // Demo Motor Carrier
  [2, 30], // Demo Steamship Line
  [3, 8], // Suspended Trucking
];
const DEMO_ON_HIRE_MIX: ReadonlyArray<readonly [string, number]> = [
  ['Chassis.40', 40],
  ['Chassis.20', 20],
  ['Chassis.45', 10],
  ['Chassis.48', 5],
  ['Chassis.53', 20],
  ['Genset.Genset', 5],
];

export interface ChassisContext {
  customers: readonly CustomerRow[];
  contracts: readonly ContractRow[];
  lines: readonly ContractLineRow[];
  /** Active location ids where each inventory org operates. */
  orgLocations: ReadonlyMap<string, readonly number[]>;
}

export function buildChassis(rng: Rng, ctx: ChassisContext): ChassisRow[] {
  const counters = new Map<string, number>();
  const nextId = (prefixes: readonly string[]) => {
    const prefix = rng.pick(prefixes);
    const n = (counters.get(prefix) ?? rng.int(100_000, 200_000)) + rng.int(1, 9);
    counters.set(prefix, n);
    return `${prefix}${String(n).padStart(6, '0')}`;
  };
  const rows: ChassisRow[] = [];
  const push = (
    r: Omit<
      ChassisRow,
      'chassis_master_id' | 'chassis_id' | 'manufactured_year' | 'updated_at' | 'on_hire_since'
    >,
  ) => {
    const prefixes =
      r.inventory_org_code === 'COOP'
        ? COOP_PREFIXES
        : r.inventory_org_code === 'PRIV'
          ? PRIVATE_PREFIXES
          : PROVIDER_PREFIXES;
    const row: ChassisRow = {
      chassis_master_id: rows.length + 1,
      chassis_id: nextId(prefixes),
      manufactured_year: rng.weighted([
        [rng.int(2008, 2014), 2],
        [rng.int(2015, 2020), 4],
        [rng.int(2021, 2026), 3],
      ]),
      updated_at: iso(randomInstant(rng, 0, HISTORY_DAYS)),
      on_hire_since: null,
      ...r,
    };
    // Drawn from the change already drawn: the random stream, and every row after, stay as they were.
    if (row.status === 'ON_HIRE' && row.contract_id === null) row.on_hire_since = row.updated_at;
    rows.push(row);
  };
  const onHire = (customerId: number, contractId: number | null = null) => ({
    status: 'ON_HIRE' as const,
    location_id: null,
    on_hire_customer_id: customerId,
    contract_id: contractId,
  });

  // Term lease: every line of an active contract is on hire to the contract's customer.
  const active = new Map(ctx.contracts.filter((c) => c.status === 'ACTIVE').map((c) => [c.contract_id, c]));
  for (const line of ctx.lines) {
    const contract = active.get(line.contract_id);
    if (!contract) continue;
    for (let i = 0; i < line.quantity; i++) {
      push({
        equipment_category_code: line.equipment_category_code,
        equipment_class_code: line.equipment_class_code,
        extendable: line.extendable,
        inventory_org_code: TERM_ORG,
        ...onHire(contract.customer_id, contract.contract_id),
      });
    }
  }
  for (const [customerId, count] of DEMO_ON_HIRE) {
    for (let i = 0; i < count; i++) {
      const kind = kindFor(rng, rng.weighted(DEMO_ON_HIRE_MIX));
      push({
        equipment_category_code: kind.category,
        equipment_class_code: kind.equipmentClass,
        extendable: kind.extendable,
        inventory_org_code: DEFAULT_INVENTORY_ORG,
        ...onHire(customerId),
      });
    }
  }

  const hirers = ctx.customers.filter((c) => c.active && c.customer_id > 3);
  const hirerWeights = hirers.map(
    (c) => [c, c.customer_class === 'MC' ? 6 : c.customer_class === 'RR' ? 0.5 : 2] as const,
  );
  while (rows.length < FLEET_SIZE) {
    const org = rng.weighted(ORG_MIX);
    const kind = kindFor(rng, rng.weighted(FLEET_MIX));
    const roll = rng.float();
    const state =
      org !== TERM_ORG && roll < 0.3
        ? onHire(rng.weighted(hirerWeights).customer_id)
        : {
            status: roll > 0.96 ? ('OUT_OF_SERVICE' as const) : ('AVAILABLE' as const),
            location_id: rng.pick(ctx.orgLocations.get(org) ?? []),
            on_hire_customer_id: null,
            contract_id: null,
          };
    push({
      equipment_category_code: kind.category,
      equipment_class_code: kind.equipmentClass,
      extendable: kind.extendable,
      inventory_org_code: org,
      ...state,
    });
  }
  return rows;
}
