/** Markets, about 300 locations (rail ramps, depots, port bays) and the inventory orgs serving them. */
import type { Insertable } from 'kysely';
import { CONFIGURED_LOCATION_ID, DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import type { InventoryOrgLocationTable, InventoryOrgTable, LocationTable, MarketTable } from '../types';
import { type City, DEPOT_BRANDS, MARKETS, type MarketData, OPERATING_HOURS, STREETS } from './market-data';
import type { Rng } from './random';

export type LocationRow = Insertable<LocationTable>;

/** The configured default port bay (SPEC §9); it must exist as a PORT_BAY in LAX. */
export const CONFIGURED_PORT_BAY_NAME = 'Long Beach Container Terminal Bay 4';

export const INVENTORY_ORGS: InventoryOrgTable[] = [
  {
    inventory_org_code: DEFAULT_INVENTORY_ORG,
    description: 'Intermodal Direct Lease Pool',
    hierarchy_code: 'PROVIDER.POOL.IDL',
    trac_managed: true,
    org_type: 'Pool',
    co_op_pool: false,
  },
  {
    inventory_org_code: 'MRP',
    description: 'Marine Reserve Pool',
    hierarchy_code: 'PROVIDER.POOL.MRP',
    trac_managed: true,
    org_type: 'Pool',
    co_op_pool: false,
  },
  {
    inventory_org_code: 'COOP',
    description: 'Gray Chassis Co-op Pool',
    hierarchy_code: 'COOP.GCP',
    trac_managed: false,
    org_type: 'Co-op Pool',
    co_op_pool: true,
  },
  {
    inventory_org_code: 'TERM',
    description: 'Term Lease Fleet',
    hierarchy_code: 'PROVIDER.TERM',
    trac_managed: true,
    org_type: 'Term Lease',
    co_op_pool: false,
  },
  {
    inventory_org_code: 'PRIV',
    description: 'Private Fleets',
    hierarchy_code: 'PRIVATE',
    trac_managed: false,
    org_type: 'Private',
    co_op_pool: false,
  },
];

export interface LocationData {
  markets: MarketTable[];
  locations: LocationRow[];
  orgLocations: InventoryOrgLocationTable[];
}

type Draft = Omit<LocationRow, 'location_id'> & { fixedId?: number };

function address(rng: Rng, city: City) {
  return {
    street1: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
    street2: rng.chance(0.2) ? `Gate ${rng.int(1, 9)}` : null,
    street3: null,
    city: city.city,
    state_province: city.state,
    zip_code: rng.pick(city.zips),
  };
}

function draft(rng: Rng, m: MarketData, city: City, name: string, type: LocationRow['location_type']): Draft {
  const port = type === 'PORT_BAY';
  return {
    location_name: name,
    ...address(rng, city),
    market_code: m.code,
    operating_hours: port ? rng.pick(OPERATING_HOURS.slice(0, 4)) : rng.pick(OPERATING_HOURS),
    location_type: type,
    is_cgi: rng.chance(type === 'DEPOT' ? 0.3 : 0.1),
    is_gobo: rng.chance(type === 'DEPOT' ? 0.2 : 0.05),
    pool_booking_allowed: !rng.chance(0.1),
    daily_lease_allowed: port,
    active: !rng.chance(0.03),
  };
}

function marketDrafts(rng: Rng, m: MarketData): Draft[] {
  const drafts: Draft[] = [];
  for (const rr of m.railroads) {
    const cities = rng.sample(m.cities, rng.int(1, 2));
    for (const city of cities) {
      const kind = rng.pick(['Intermodal Ramp', 'Logistics Park', 'Intermodal Terminal']);
      drafts.push(draft(rng, m, city, `${rr} ${city.city} ${kind}`, 'RAIL_RAMP'));
    }
  }
  const depots = 16 + rng.int(0, 4);
  for (let i = 0; i < depots; i++) {
    const city = rng.pick(m.cities);
    drafts.push(draft(rng, m, city, `${rng.pick(DEPOT_BRANDS)} ${city.city} Depot`, 'DEPOT'));
  }
  if (m.code === 'LAX') {
    for (let bay = 1; bay <= 6; bay++) {
      const d = draft(rng, m, m.cities[0] as City, `Long Beach Container Terminal Bay ${bay}`, 'PORT_BAY');
      if (d.location_name === CONFIGURED_PORT_BAY_NAME) {
        Object.assign(d, {
          street1: '1171 Pier F Ave',
          street2: null,
          city: 'Long Beach',
          state_province: 'CA',
          zip_code: '90802',
          operating_hours: 'Mon-Fri 06:00-18:00;Sat 07:00-12:00;Sun Closed',
          pool_booking_allowed: true,
          active: true,
          fixedId: CONFIGURED_LOCATION_ID,
        });
      }
      drafts.push(d);
    }
  }
  for (const terminal of m.terminals) {
    const bays = rng.int(2, 4);
    const city = rng.pick(m.cities.slice(0, 2));
    for (let bay = 1; bay <= bays; bay++)
      drafts.push(draft(rng, m, city, `${terminal} Bay ${bay}`, 'PORT_BAY'));
  }
  return drafts;
}

/** Location names are unique: a second "Gateway Joliet Depot" becomes "Gateway Joliet Depot 2". */
function dedupeNames(drafts: Draft[]) {
  const seen = new Map<string, number>();
  for (const d of drafts) {
    const n = (seen.get(d.location_name) ?? 0) + 1;
    seen.set(d.location_name, n);
    if (n > 1) d.location_name = `${d.location_name} ${n}`;
  }
}

export function buildLocations(rng: Rng): LocationData {
  const markets = MARKETS.map((m) => ({ market_code: m.code, market_name: m.name }));
  const drafts = MARKETS.flatMap((m) => marketDrafts(rng, m));
  dedupeNames(drafts);
  let next = 18_001;
  const locations: LocationRow[] = drafts.map(({ fixedId, ...d }) => {
    if (fixedId !== undefined) return { location_id: fixedId, ...d };
    next += rng.int(1, 6);
    if (next === CONFIGURED_LOCATION_ID) next += 1;
    return { location_id: next, ...d };
  });
  locations.sort((a, b) => a.location_id - b.location_id);
  return { markets, locations, orgLocations: mapOrgs(rng, locations) };
}

const PORT_MARKET_CODES = new Set(MARKETS.filter((m) => m.terminals.length > 0).map((m) => m.code));

function mapOrgs(rng: Rng, locations: readonly LocationRow[]): InventoryOrgLocationTable[] {
  const rows: InventoryOrgLocationTable[] = [];
  for (const l of locations) {
    const port = PORT_MARKET_CODES.has(l.market_code);
    const add = (code: string) => rows.push({ inventory_org_code: code, location_id: l.location_id });
    add(DEFAULT_INVENTORY_ORG);
    if (port ? rng.chance(0.8) : rng.chance(0.25)) add('MRP');
    if (rng.chance(0.4)) add('COOP');
    if (l.location_type !== 'PORT_BAY' && rng.chance(0.6)) add('TERM');
    if (rng.chance(0.15)) add('PRIV');
  }
  return rows;
}

/** Location ids of each inventory org, for placing available chassis where their org operates. */
export function locationsByOrg(orgLocations: readonly InventoryOrgLocationTable[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const r of orgLocations) {
    const list = map.get(r.inventory_org_code) ?? [];
    list.push(r.location_id);
    map.set(r.inventory_org_code, list);
  }
  return map;
}
