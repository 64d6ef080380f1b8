/**
 * SPEC §5 and §7 Dashboard search: the criteria a search, an export and an Excel download share,
 * turned into one filtered row query that runs in the database.
 */

import { criteriaProblem } from '../../domain/dashboard-criteria';
import { seesEveryCustomer } from '../../domain/policies';
import { NEW_STATUS_FILTER } from '../../domain/status-codes';
import { DASHBOARD_CRITERIA_FIELDS, type DashboardCriteria } from '../../schemas/dashboard';
import { AppError } from '../errors';
import { customerNameWithScac } from './customer-name';
import type { MatchQuery, RowQuery } from './dashboard-rows';
import type { Viewer } from './viewer';

const badCriteria = (message: string) => new AppError(400, message, 'INVALID_CRITERIA');

/** Blank text is no criterion: a cleared field of the form must not narrow the search to nothing. */
function present(criteria: DashboardCriteria): DashboardCriteria {
  const kept: Record<string, unknown> = {};
  for (const key of DASHBOARD_CRITERIA_FIELDS) {
    const value = criteria[key];
    if (typeof value === 'string') {
      if (value.trim() !== '') kept[key] = value.trim();
    } else if (value !== undefined) kept[key] = value;
  }
  return kept as DashboardCriteria;
}

/**
 * The criteria a search may run with: the form's own checks (src/domain/dashboard-criteria.ts, the
 * same messages), and customer names for staff only. Anything else is a 400 the user can act on.
 */
export function checkCriteria(criteria: DashboardCriteria, viewer: Viewer): DashboardCriteria {
  const kept = present(criteria);
  const problem = criteriaProblem(kept, Object.keys(kept).length);
  if (problem) throw badCriteria(problem.message);
  if (kept.CustomerName !== undefined && !seesEveryCustomer(viewer))
    throw badCriteria(
      'Searching by customer is for provider staff: your search already covers your own bookings.',
    );
  return kept;
}

/** The caller's time zone, as the TimeZoneOffset header gives it: hours east of UTC. */
export interface TimeZone {
  offsetMinutes: number;
}
export const UTC: TimeZone = { offsetMinutes: 0 };

/** The instant a calendar day begins in the caller's zone. */
export function dayStart(day: string, zone: TimeZone): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - zone.offsetMinutes * 60_000);
}
const nextDayStart = (day: string, zone: TimeZone): Date =>
  new Date(dayStart(day, zone).getTime() + 24 * 3600_000);

/** LIKE treats % and _ as wildcards; a user's text means them literally. */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Chassis IDs are stored as four letters and six digits, upper case, no hyphen. */
const normalChassisId = (id: string) => id.replace('-', '').toUpperCase();

/**
 * Narrows the read model's rows (alias `r`: a MatchQuery, or a RowQuery built on one) to checked
 * criteria (checkCriteria first).
 */
export function applyCriteria<Q extends MatchQuery | RowQuery>(
  query: Q,
  c: DashboardCriteria,
  zone: TimeZone,
): Q {
  let q = query as MatchQuery;
  if (c.BookingCode !== undefined) {
    const prefix = `${literalLike(c.BookingCode.trim().toUpperCase())}%`;
    q = q.where('r.booking_id', 'in', (eb) =>
      eb.selectFrom('bookings as bb').select('bb.booking_id').where('bb.booking_code', 'like', prefix),
    );
  }
  if (c.BookingOrderTypeCode !== undefined)
    q = q.where('r.booking_order_type_code', '=', c.BookingOrderTypeCode);
  // A New order's rows have no status in the read model; every other row has its booking's.
  if (c.StatusCode === NEW_STATUS_FILTER) q = q.where('r.status_code', 'is', null);
  else if (c.StatusCode !== undefined) q = q.where('r.status_code', '=', c.StatusCode);
  if (c.CustomerName !== undefined) {
    const pattern = `%${literalLike(c.CustomerName.trim())}%`;
    q = q.where('r.customer_id', 'in', (eb) =>
      eb
        .selectFrom('customers as cc')
        .select('cc.customer_id')
        .where(customerNameWithScac('cc'), 'ilike', pattern),
    );
  }
  if (c.MarketCode !== undefined) q = q.where('r.market_code', '=', c.MarketCode.trim().toUpperCase());
  if (c.LocationId !== undefined) q = q.where('r.location_id', '=', c.LocationId);
  if (c.EquipmentSize !== undefined) q = q.where('r.equipment_category_code', '=', c.EquipmentSize);
  if (c.CreatedFrom !== undefined) q = q.where('r.created_at', '>=', dayStart(c.CreatedFrom, zone));
  if (c.CreatedTo !== undefined) q = q.where('r.created_at', '<', nextDayStart(c.CreatedTo, zone));
  if (c.UpdatedFrom !== undefined) q = q.where('r.updated_at', '>=', dayStart(c.UpdatedFrom, zone));
  if (c.UpdatedTo !== undefined) q = q.where('r.updated_at', '<', nextDayStart(c.UpdatedTo, zone));
  if (c.ChassisId !== undefined) {
    const chassisId = normalChassisId(c.ChassisId);
    q = q.where('r.booking_id', 'in', (eb) =>
      eb
        .selectFrom('booking_chassis as bc')
        .innerJoin('chassis as ch', 'ch.chassis_master_id', 'bc.chassis_master_id')
        .select('bc.booking_id')
        .where('ch.chassis_id', '=', chassisId),
    );
  }
  return q as Q;
}
