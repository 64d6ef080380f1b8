/** Staff-side data: internal reservations at provider-managed pools and weekly booking thresholds. */
import { CONFIGURED_LOCATION_ID, DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import type { InternalReservationTable, WeeklyThresholdTable } from '../types';
import type { CustomerRow } from './customers';
import { CHASSIS_CATEGORIES, kindFor } from './equipment';
import { iso, type Rng, randomInstant } from './random';
import { reasonCodes } from './reference-data';

export type ReservationRow = Omit<
  InternalReservationTable,
  'reservation_id' | 'last_modified' | 'comment_date'
> & {
  last_modified: string;
  comment_date: Date | null;
};
export type ThresholdRow = Omit<WeeklyThresholdTable, 'threshold_id' | 'modified_at'> & {
  modified_at: string;
};

const COMMENTS: Record<string, string> = {
  ROADABILITY: 'Brakes and lights due before release',
  FMCSA: 'Annual inspection stickers pending',
  KEY_ACCOUNT: 'Held for peak-season allocation',
  REPO_STAGING: 'Staged for rail move next week',
  RELABEL: 'New plates on order',
  SURGE: 'Two vessels arriving Thursday',
};

export function buildReservations(
  rng: Rng,
  orgLocations: ReadonlyMap<string, readonly number[]>,
  staffNames: readonly string[],
): ReservationRow[] {
  const rows: ReservationRow[] = [];
  const keys = new Set<string>();
  const reasons = reasonCodes('INTERNAL_RESERVATION');
  const add = (org: string, location: number) => {
    const kind = kindFor(rng, rng.pick(CHASSIS_CATEGORIES));
    const key = [org, location, kind.category, kind.equipmentClass, kind.extendable].join('|');
    if (keys.has(key)) return;
    keys.add(key);
    const reason = rng.pick(reasons);
    const when = iso(randomInstant(rng, 0, 90));
    const who = rng.pick(staffNames);
    const commented = rng.chance(0.7);
    rows.push({
      inventory_org_code: org,
      location_id: location,
      equipment_category_code: kind.category,
      equipment_class_code: kind.equipmentClass,
      extendable: kind.extendable,
      reserved_quantity: rng.int(1, 40),
      customer_bookings_allowed: rng.chance(0.3),
      reason_code: reason,
      reservation_comment: commented ? (COMMENTS[reason] ?? null) : null,
      comment_user: commented ? who : null,
      comment_date: commented ? new Date(when) : null,
      modified_by: who,
      last_modified: when,
    });
  };
  for (let i = 0; i < 3; i++) add(DEFAULT_INVENTORY_ORG, CONFIGURED_LOCATION_ID);
  for (const [org, count] of [
    [DEFAULT_INVENTORY_ORG, 60],
    ['MRP', 20],
  ] as const) {
    const places = orgLocations.get(org) ?? [];
    for (let i = 0; i < count; i++) add(org, rng.pick(places));
  }
  return rows;
}

export function buildThresholds(
  rng: Rng,
  customers: readonly CustomerRow[],
  marketCodes: readonly string[],
  staff: readonly number[],
): ThresholdRow[] {
  const rows: ThresholdRow[] = [];
  const keys = new Set<string>();
  const add = (customerId: number, market: string | null, category: string | null, limit: number) => {
    const key = `${customerId}|${market ?? ''}|${category ?? ''}`;
    if (keys.has(key)) return;
    keys.add(key);
    rows.push({
      customer_id: customerId,
      market_code: market,
      equipment_category_code: category,
      weekly_limit: limit,
      modified_by: rng.pick(staff),
      modified_at: iso(randomInstant(rng, 0, 300)),
    });
  };
  add(1, null, null, 60);
  add(1, 'CHI', 'Chassis.40', 20);
  add(2, 'LAX', null, 40);
  const candidates = customers.filter(
    (c) => c.active && c.customer_id > 3 && ['MC', 'SSL', 'LSP'].includes(c.customer_class),
  );
  for (const c of rng.sample(candidates, 45)) {
    const scope = rng.int(0, 2);
    const market = scope > 0 ? rng.pick(marketCodes) : null;
    const category = scope > 1 ? rng.pick(CHASSIS_CATEGORIES) : null;
    add(c.customer_id, market, category, rng.int(5, 120));
    if (rng.chance(0.3)) add(c.customer_id, rng.pick(marketCodes), null, rng.int(5, 60));
  }
  return rows;
}
