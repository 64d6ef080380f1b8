/**
 * The demo customers' weekly thresholds leave room for a demo's first booking on any seed day:
 * late in a week the demo data's own recent orders could fill them (a booking then went to review
 * instead of getting a number, and e2e/tests/booking-pool.spec.ts failed on Fridays).
 */
import { describe, expect, it } from 'vitest';
import type { OrderPlan } from '../../src/server/db/seed/booking-orders';
import { type ThresholdRow, withDemoHeadroom } from '../../src/server/db/seed/operations';
import { ANCHOR, ANCHOR_MS, DAY_MS } from '../../src/server/db/seed/random';

const threshold = (customerId: number, market: string | null, category: string | null, limit: number) =>
  ({
    customer_id: customerId,
    market_code: market,
    equipment_category_code: category,
    weekly_limit: limit,
    modified_by: 1,
    modified_at: ANCHOR.toISOString(),
  }) as ThresholdRow;

const plan = (
  customerId: number,
  type: string,
  market: string,
  at: number,
  bookings: [status: string, category: string, units: number][],
) =>
  ({
    order: {
      customer_id: customerId,
      booking_order_type_code: type,
      market_code: market,
      created_at: new Date(at).toISOString(),
    },
    bookings: bookings.map(([status, category, units]) => ({
      status_code: status,
      equipment_category_code: category,
      units_requested_count: units,
    })),
  }) as unknown as OrderPlan;

describe('the demo customers’ weekly thresholds', () => {
  const weekStart = ANCHOR_MS - ((ANCHOR.getUTCDay() + 6) % 7) * DAY_MS;
  const plans = [
    // This week: 55 units open in Chicago 40', 10 cancelled (not held), a term lease (not counted).
    plan(1, 'PB', 'CHI', ANCHOR_MS, [
      ['OP', 'Chassis.40', 55],
      ['CN', 'Chassis.40', 10],
    ]),
    plan(1, 'TL', 'CHI', ANCHOR_MS, [['OP', 'Chassis.40', 30]]),
    // Last week's orders count no more.
    plan(1, 'PB', 'CHI', weekStart - DAY_MS, [['OP', 'Chassis.40', 100]]),
    // Not a demo customer: its limits stay as drawn.
    plan(9, 'PB', 'CHI', ANCHOR_MS, [['OP', 'Chassis.40', 50]]),
  ];
  const isDemo = (id: number) => id <= 3;

  it('are raised to what the demo data holds this week plus the headroom, and only those', () => {
    const out = withDemoHeadroom(
      [
        threshold(1, null, null, 60),
        threshold(1, 'CHI', 'Chassis.40', 20),
        threshold(1, 'LAX', null, 40),
        threshold(9, null, null, 5),
      ],
      plans,
      isDemo,
    );
    expect(out.map((t) => t.weekly_limit)).toEqual([75, 75, 40, 5]);
  });

  it('keep a limit that already leaves room', () => {
    expect(withDemoHeadroom([threshold(1, null, null, 500)], plans, isDemo)[0]?.weekly_limit).toBe(500);
  });
});
