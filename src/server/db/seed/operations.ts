/** Staff-side data: internal reservations at provider-managed pools and weekly booking thresholds. */

import { orderTypesWhere } from '../../../domain/booking-type-facts';
import { CONFIGURED_LOCATION_ID, DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import type { InternalReservationTable, WeeklyThresholdTable } from '../types';
import type { OrderPlan } from './booking-orders';
import type { CustomerRow } from './customers';
import { CHASSIS_CATEGORIES, kindFor } from './equipment';
import { ANCHOR, ANCHOR_MS, DAY_MS, iso, type Rng, randomInstant } from './random';
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

/** What a demo customer can still book this week under each of its thresholds, whatever the seed day. */
const DEMO_HEADROOM = 20;
const THRESHOLD_TYPES: readonly string[] = orderTypesWhere((f) => f.countsTowardThreshold);

/**
 * The demo customers' thresholds leave DEMO_HEADROOM units this week. The demo data places orders
 * up to a few days back, so late in a week the demo customer's own seeded orders can already fill
 * its limits, and its first booking of a demo would go to review instead of getting a number. A
 * limit below what the seeded orders hold this week (counted as weeklyThresholdUsage counts them:
 * open or pending bookings of the threshold's types, market and size, the week from Monday 00:00
 * UTC) is raised to that plus the headroom; other customers' limits stay as drawn.
 */
export function withDemoHeadroom(
  thresholds: readonly ThresholdRow[],
  plans: readonly OrderPlan[],
  isDemo: (customerId: number) => boolean,
): ThresholdRow[] {
  const weekStart = ANCHOR_MS - ((ANCHOR.getUTCDay() + 6) % 7) * DAY_MS;
  const thisWeek = plans.filter(
    (p) =>
      isDemo(p.order.customer_id) &&
      THRESHOLD_TYPES.includes(p.order.booking_order_type_code) &&
      Date.parse(p.order.created_at) >= weekStart,
  );
  return thresholds.map((t) => {
    if (!isDemo(t.customer_id)) return t;
    const used = thisWeek
      .filter(
        (p) =>
          p.order.customer_id === t.customer_id &&
          (t.market_code === null || p.order.market_code === t.market_code),
      )
      .flatMap((p) => p.bookings)
      .filter(
        (b) =>
          (b.status_code === 'OP' || b.status_code === 'PN') &&
          (t.equipment_category_code === null || b.equipment_category_code === t.equipment_category_code),
      )
      .reduce((sum, b) => sum + b.units_requested_count, 0);
    return used + DEMO_HEADROOM > t.weekly_limit ? { ...t, weekly_limit: used + DEMO_HEADROOM } : t;
  });
}
