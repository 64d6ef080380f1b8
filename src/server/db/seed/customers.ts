/** About 150 customers across every class, motor carriers the most; the three demo customers first. */
import type { CustomerTable } from '../types';
import { iso, type Rng, randomInstant } from './random';

export type CustomerRow = Omit<
  CustomerTable,
  'customer_id' | 'created_at' | 'good_standing' | 'active' | 'pool_booking_allowed'
> & {
  customer_id: number;
  created_at: string;
  good_standing: boolean;
  active: boolean;
  pool_booking_allowed: boolean;
};

export const DEMO_MOTOR_CARRIER = { customer_name: 'Demo Motor Carrier', scac: 'DMCR', customer_class: 'MC' };
export const DEMO_STEAMSHIP_LINE = {
  customer_name: 'Demo Steamship Line',
  scac: 'DSSL',
  customer_class: 'SSL',
};
export const SUSPENDED_TRUCKING = { customer_name: 'Suspended Trucking', scac: 'SUSP', customer_class: 'MC' };

const PLACES = [
  'Lone Star',
  'Midwest',
  'Blue Ridge',
  'Great Lakes',
  'Gulf Coast',
  'Pacific',
  'Atlantic',
  'Prairie',
  'Cascade',
  'Summit',
  'Heartland',
  'Keystone',
  'Tri-State',
  'Bayou',
  'Red River',
  'Golden Gate',
  'Magnolia',
  'Piedmont',
  'Ozark',
  'Sierra',
  'Northern Star',
  'Harbor City',
  'Delta',
  'Frontier',
] as const;

/** Name parts by class; every class gets its own vocabulary so the pickers look like the trade. */
const SUFFIXES: Record<string, readonly string[]> = {
  MC: ['Trucking', 'Transport', 'Freight Lines', 'Drayage', 'Carriers', 'Express', 'Cartage', 'Haulers'],
  SSL: ['Shipping', 'Container Line', 'Ocean Lines', 'Maritime', 'Navigation'],
  BCO: ['Home Goods', 'Foods', 'Retail Supply', 'Paper Products', 'Appliances', 'Beverages'],
  NVO: ['Consolidators', 'Ocean Forwarding', 'Global Freight', 'Cargo Services'],
  LSP: ['Logistics', 'Supply Chain', '3PL', 'Distribution Services'],
  RR: ['Railway', 'Rail Link', 'Terminal Railroad'],
};

const CLASS_COUNTS: ReadonlyArray<readonly [string, number]> = [
  ['MC', 80],
  ['SSL', 14],
  ['BCO', 20],
  ['NVO', 13],
  ['LSP', 15],
  ['RR', 5],
];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A 4-letter SCAC drawn from the name's initials, filled and made unique with further letters. */
function scacFor(rng: Rng, name: string, taken: Set<string>): string {
  const initials = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w[0] as string).toUpperCase())
    .join('');
  for (let attempt = 0; attempt < 100; attempt++) {
    let s = initials.slice(0, attempt < 10 ? 3 : 2);
    while (s.length < 4) s += LETTERS[rng.int(0, 25)];
    if (!taken.has(s)) {
      taken.add(s);
      return s;
    }
  }
  throw new Error(`no free SCAC for ${name}`);
}

const phone = (rng: Rng) => `(${rng.int(201, 989)}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`;
const domainOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`;

export function buildCustomers(rng: Rng): CustomerRow[] {
  const rows: CustomerRow[] = [];
  const taken = new Set<string>();
  const names = new Set<string>();
  const add = (
    base: { customer_name: string; scac: string; customer_class: string },
    goodStanding = true,
  ) => {
    taken.add(base.scac);
    names.add(base.customer_name);
    rows.push({
      customer_id: rows.length + 1,
      ...base,
      good_standing: goodStanding,
      active: true,
      pool_booking_allowed: true,
      email: `dispatch@${domainOf(base.customer_name)}`,
      phone: phone(rng),
      created_at: iso(randomInstant(rng, 700, 1500)),
    });
  };
  add(DEMO_MOTOR_CARRIER);
  add(DEMO_STEAMSHIP_LINE);
  add(SUSPENDED_TRUCKING, false);

  for (const [cls, count] of CLASS_COUNTS) {
    for (let i = 0; i < count; i++) {
      let name = '';
      do name = `${rng.pick(PLACES)} ${rng.pick(SUFFIXES[cls] as readonly string[])}`;
      while (names.has(name));
      const scac = scacFor(rng, name, taken);
      add({ customer_name: name, scac, customer_class: cls }, !rng.chance(0.05));
      const row = rows[rows.length - 1] as CustomerRow;
      // Issue 27: some customers may not pool-book (no draw on the generator: the rest stays as seeded).
      row.pool_booking_allowed = i % 9 !== 4;
      row.active = !rng.chance(0.04);
      row.created_at = iso(randomInstant(rng, 30, 1800));
    }
  }
  return rows;
}
