/** About 3,000 historical booking orders of every type and status, each with 1–3 bookings. */
import { DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import type { BookingOrderTable } from '../types';
import { type BookingRow, buildBookings } from './bookings';
import type { ContractLineRow, ContractRow } from './contracts';
import type { CustomerRow } from './customers';
import type { LocationRow } from './locations';
import { PORT_MARKETS } from './market-data';
import { ANCHOR_MS, DAY_MS, HISTORY_DAYS, iso, type Rng, randomInstant } from './random';
import { DEMO_STAFF_USER_ID } from './users';

export const ORDER_COUNT = 3000;

const REPOSITION_REASONS = ['RAMP_IMB', 'PORT_SURGE', 'SEASONAL', 'DEPOT_FULL', 'CUSTOMER_REQ', 'MAINT'];

/**
 * A reposition as the booker writes one, so that it opens in edit mode: every destination leaves
 * one origin with one size, class and Extendable, moved by the order's carrier, and the order keeps
 * its own header fields (org, origin, reason) in details.
 */
function repositionShape(order: OrderRow, bookings: BookingRow[], usable: readonly LocationRow[]): void {
  const first = bookings[0];
  if (!first) return;
  const taken = new Set<number>([first.location_id]);
  for (const b of bookings) {
    b.location_id = first.location_id;
    b.equipment_category_code = first.equipment_category_code;
    b.equipment_class_code = first.equipment_class_code;
    b.extendable = first.extendable;
    b.motor_carrier_id = order.motor_carrier_id;
    // Picked without the generator, so every other order of the demo data stays as it was.
    const to = usable.filter((l) => !taken.has(l.location_id));
    const from = to.length ? to : usable;
    b.to_location_id = (
      from[(order.booking_order_id * 7 + b.booking_id) % from.length] as LocationRow
    ).location_id;
    taken.add(b.to_location_id);
  }
  order.details = JSON.stringify({
    InventoryOrgCode: DEFAULT_INVENTORY_ORG,
    FromLocationId: first.location_id,
    Extendable: first.extendable ? 'Yes' : 'All',
    RepositionReasonCode: REPOSITION_REASONS[order.booking_order_id % REPOSITION_REASONS.length],
    ExternalPartyEmails: null,
  });
}

type Stamped = 'created_at' | 'updated_at' | 'send_external_notification' | 'version' | 'details';
export type OrderRow = Omit<BookingOrderTable, 'booking_order_id' | Stamped> & {
  booking_order_id: number;
  /** Reposition: the order's own header fields as JSON (the order document's Details). */
  details?: string | null;
  send_external_notification: boolean;
  created_at: string;
  updated_at: string;
};
export interface OrderPlan {
  order: OrderRow;
  bookings: BookingRow[];
  /** The status the order was created in: PN when it waited in the pending queue first. */
  initialStatus: string | null;
  lines: readonly ContractLineRow[];
}

export interface OrderContext {
  customers: readonly CustomerRow[];
  contracts: readonly ContractRow[];
  lines: readonly ContractLineRow[];
  locations: readonly LocationRow[];
  /** The user who acts for a customer, when it has one. */
  userOfCustomer: ReadonlyMap<number, number>;
  staffUserIds: readonly number[];
}

type W<T> = ReadonlyArray<readonly [T, number]>;
const BASE_TYPES: W<string> = [
  ['PB', 30],
  ['RU', 10],
  ['RP', 8],
  ['DL', 8],
  ['PR', 12],
  ['IR', 5],
  ['MI', 4],
  ['RD', 3],
];
const JUST_PLACED_STATUS: W<string | null> = [
  ['OP', 5],
  ['PN', 3],
  [null, 2],
];
const RECENT_STATUS: W<string | null> = [
  ['OP', 35],
  ['PN', 18],
  [null, 10],
  ['FF', 15],
  ['CN', 10],
  ['CL', 8],
  ['NA', 2],
];
const OLD_STATUS: W<string | null> = [
  ['CL', 40],
  ['FF', 25],
  ['CN', 15],
  ['EX', 12],
  ['OP', 4],
  ['NA', 3],
];
const COMMENTS = [
  'Driver will call ahead',
  'Need by Monday AM',
  'Vessel cutoff Thursday',
  'Please stage near gate',
  'Hazmat load, inspect tires',
];

export function buildOrders(rng: Rng, ctx: OrderContext): OrderPlan[] {
  const active = ctx.customers.filter((c) => c.active);
  const byClass = (...classes: string[]) => active.filter((c) => classes.includes(c.customer_class));
  const carriers = byClass('MC');
  const responsible = byClass('SSL', 'BCO', 'NVO');
  const contractsOf = new Map<number, ContractRow[]>();
  for (const c of ctx.contracts)
    contractsOf.set(c.customer_id, [...(contractsOf.get(c.customer_id) ?? []), c]);
  const linesOf = new Map<number, ContractLineRow[]>();
  for (const l of ctx.lines) linesOf.set(l.contract_id, [...(linesOf.get(l.contract_id) ?? []), l]);
  const usable = ctx.locations.filter((l) => l.active !== false);
  const inMarket = new Map<string, LocationRow[]>();
  for (const l of usable) inMarket.set(l.market_code, [...(inMarket.get(l.market_code) ?? []), l]);
  const marketCodes = [...inMarket.keys()];

  // A few dozen orders each for the demo customers, the rest by class weight.
  const assigned: CustomerRow[] = [];
  const demo: Array<[number, number]> = [
    [0, 45],
    [1, 35],
    [2, 6],
  ];
  for (const [index, count] of demo)
    for (let i = 0; i < count; i++) assigned.push(ctx.customers[index] as CustomerRow);
  const weights = active
    .filter((c) => c.customer_id > 3)
    .map((c) => [c, c.customer_class === 'MC' ? 5 : c.customer_class === 'RR' ? 1 : 3] as const);
  while (assigned.length < ORDER_COUNT) assigned.push(rng.weighted(weights));
  const customers = rng.sample(assigned, assigned.length);

  const plans: OrderPlan[] = [];
  let bookingId = 0;
  for (const customer of customers) {
    const contracts = contractsOf.get(customer.customer_id) ?? [];
    const types: W<string> = [
      ...BASE_TYPES,
      ...(contracts.length
        ? ([
            ['TL', 18],
            ['TR', 14],
          ] as const)
        : []),
    ];
    let type = rng.weighted(types);
    if (customer.customer_class === 'RR' && type !== 'RP') type = rng.pick(['RP', 'PB', 'IR']);
    const contract = type === 'TL' || type === 'TR' ? rng.pick(contracts) : null;
    const lines = contract ? (linesOf.get(contract.contract_id) ?? []) : [];
    const market =
      lines.length > 0
        ? (lines[0] as ContractLineRow).market_code
        : type === 'DL'
          ? rng.pick(PORT_MARKETS)
          : rng.pick(marketCodes);

    const demoCustomer = customer.customer_id <= 3;
    // A few orders are just placed: created in the last week, still open or pending.
    const justPlaced = rng.chance(0.05);
    const days = justPlaced
      ? rng.int(0, 6)
      : Math.floor(HISTORY_DAYS * rng.float() ** (demoCustomer ? 2.2 : 1.3));
    const created = randomInstant(rng, days, days);
    // Demo accounts get more open work, so their dashboards have something to act on.
    const recent = days < (demoCustomer ? 60 : 14);
    const status = rng.weighted(justPlaced ? JUST_PLACED_STATUS : recent ? RECENT_STATUS : OLD_STATUS);
    const closes = status !== null && status !== 'OP' && status !== 'PN';
    const updated =
      justPlaced || !closes
        ? created
        : new Date(Math.min(created.getTime() + rng.int(0, 30) * DAY_MS, ANCHOR_MS));
    const initialStatus =
      status === 'PN' || (status !== null && rng.chance(status === 'CN' ? 0.3 : 0.08))
        ? 'PN'
        : status === null
          ? null
          : 'OP';
    const internal = type === 'IR' || type === 'MI';
    const createdBy = internal
      ? rng.pick(ctx.staffUserIds)
      : (ctx.userOfCustomer.get(customer.customer_id) ?? null);
    const contact = `${customer.customer_name} Dispatch`;
    const domain = customer.email?.split('@')[1] ?? 'example.com';
    const emails = rng.chance(0.4) ? `dispatch@${domain};ops@${domain}` : `dispatch@${domain}`;
    const order: OrderRow = {
      booking_order_id: plans.length + 1,
      booking_order_type_code: type,
      customer_id: customer.customer_id,
      responsible_party_id:
        (type === 'PB' || type === 'DL') && customer.customer_class === 'MC' && rng.chance(0.4)
          ? rng.pick(responsible).customer_id
          : null,
      motor_carrier_id:
        type === 'RP' || (customer.customer_class !== 'MC' && (type === 'PB' || type === 'DL'))
          ? rng.pick(carriers).customer_id
          : customer.customer_class === 'MC'
            ? customer.customer_id
            : null,
      market_code: market,
      contract_id: contract?.contract_id ?? null,
      status_code: status,
      contact_name: contact,
      email_addresses: emails,
      send_external_notification: rng.chance(0.3),
      booking_comment: rng.chance(0.15) ? rng.pick(COMMENTS) : null,
      idempotency_key: null,
      request_fingerprint: null,
      created_by: createdBy,
      created_at: iso(created),
      updated_by: closes && rng.chance(0.5) ? DEMO_STAFF_USER_ID : createdBy,
      updated_at: iso(updated),
    };

    const bookings = buildBookings(rng, order, lines, { inMarket, usable }, bookingId + 1);
    if (type === 'RP') repositionShape(order, bookings, usable);
    bookingId += bookings.length;
    plans.push({ order, bookings, initialStatus, lines });
  }
  return plans;
}
