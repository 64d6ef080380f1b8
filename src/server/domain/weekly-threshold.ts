/**
 * The customer booking threshold (SPEC §1 "weekly threshold"): staff cap how many units a customer
 * may book in a week, for all markets or one, for all sizes or one. A booking that would pass any
 * cap that applies to it goes to the pending queue instead of being refused.
 */
import { type Kysely, sql } from 'kysely';
import { orderTypesWhere } from '../../domain/booking-type-facts';
import type { Database } from '../db/types';

/** The order types that count toward, and are held to, the threshold (their facts' countsTowardThreshold). */
export const THRESHOLD_ORDER_TYPES: readonly string[] = orderTypesWhere((f) => f.countsTowardThreshold);

export interface ThresholdScope {
  customerId: number;
  marketCode: string;
  category: string;
}

export interface ThresholdBreach {
  thresholdId: number;
  weeklyLimit: number;
  /** Units of open and pending bookings already made this week in the threshold's scope. */
  used: number;
}

export interface ThresholdUsage {
  thresholdId: number;
  marketCode: string | null;
  category: string | null;
  weeklyLimit: number;
  /** Units of open and pending bookings of the week in the threshold's scope. */
  used: number;
}

export interface UsageOptions {
  /** The week that contains this instant; the current week (database clock) when absent. */
  weekOf?: Date;
  /** Leave this order's bookings out of the count (a pending request weighed on its own). */
  excludeOrderId?: number;
}

/**
 * Every threshold of the customer that applies to the scope, with the units already booked in it
 * this week. The one query behind the booker's check, the pending queue's validation and the
 * threshold meter customers see. The week runs from Monday 00:00 UTC (the database's clock, the
 * same that stamps created_at) for seven days.
 */
export async function weeklyThresholdUsage(
  db: Kysely<Database>,
  { customerId, marketCode, category }: ThresholdScope,
  options: UsageOptions = {},
): Promise<ThresholdUsage[]> {
  const at = options.weekOf ? sql`${options.weekOf.toISOString()}::timestamptz` : sql`now()`;
  const week = sql`(date_trunc('week', ${at} at time zone 'UTC') at time zone 'UTC')`;
  const exclude = options.excludeOrderId ?? 0;
  const { rows } = await sql<{
    threshold_id: number;
    market_code: string | null;
    equipment_category_code: string | null;
    weekly_limit: number;
    used: number;
  }>`
    select t.threshold_id, t.market_code, t.equipment_category_code, t.weekly_limit,
      (select coalesce(sum(b.units_requested_count), 0)
        from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
        where o.customer_id = t.customer_id
          and o.booking_order_type_code in (${sql.join(THRESHOLD_ORDER_TYPES)})
          and b.status_code in ('OP', 'PN')
          and o.booking_order_id <> ${exclude}
          and o.created_at >= ${week} and o.created_at < ${week} + interval '7 days'
          and (t.market_code is null or o.market_code = t.market_code)
          and (t.equipment_category_code is null or b.equipment_category_code = t.equipment_category_code)
      ) as used
    from weekly_thresholds t
    where t.customer_id = ${customerId}
      and (t.market_code is null or t.market_code = ${marketCode})
      and (t.equipment_category_code is null or t.equipment_category_code = ${category})
    order by t.threshold_id`.execute(db);
  return rows.map((r) => ({
    thresholdId: r.threshold_id,
    marketCode: r.market_code,
    category: r.equipment_category_code,
    weeklyLimit: r.weekly_limit,
    used: Number(r.used),
  }));
}

/** The first threshold that `units` more would pass (weeklyThresholdUsage says how much is used). */
export async function weeklyThresholdBreach(
  db: Kysely<Database>,
  scope: ThresholdScope,
  units: number,
): Promise<ThresholdBreach | null> {
  const breach = (await weeklyThresholdUsage(db, scope)).find((r) => r.used + units > r.weeklyLimit);
  return breach
    ? { thresholdId: breach.thresholdId, weeklyLimit: breach.weeklyLimit, used: breach.used }
    : null;
}
