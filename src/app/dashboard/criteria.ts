/**
 * The dashboard search form as the user types it (text for every field) and its translation into
 * the DashboardCriteria the API takes (src/schemas/dashboard.ts). The checks are SPEC §5's, shared
 * with the server (src/domain/dashboard-criteria.ts), so the form and the API say the same.
 */
import { type CriteriaProblem, criteriaProblem } from '../../domain/dashboard-criteria';
import { normalizeChassisId } from '../../domain/equipment';
import { DASHBOARD_CRITERIA_FIELDS, type DashboardCriteria } from '../../schemas/dashboard';

export type SearchField = (typeof DASHBOARD_CRITERIA_FIELDS)[number];
export type SearchForm = Record<SearchField, string>;

export const EMPTY_FORM: SearchForm = Object.fromEntries(
  DASHBOARD_CRITERIA_FIELDS.map((f) => [f, '']),
) as SearchForm;

/** The default search covers orders created in this many days up to today (docs/decisions.md). */
export const DEFAULT_CREATED_WITHIN_DAYS = 90;

const DAY_MS = 86_400_000;

/** A calendar day in the browser's time zone, as `<input type="date">` and the API write it. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day of the default search: DEFAULT_CREATED_WITHIN_DAYS before today. */
export const defaultCreatedFrom = (today = new Date()): string =>
  localDay(new Date(today.getTime() - DEFAULT_CREATED_WITHIN_DAYS * DAY_MS));

/** The search the dashboard opens with. */
export const defaultForm = (today: Date): SearchForm => ({
  ...EMPTY_FORM,
  CreatedFrom: defaultCreatedFrom(today),
});

export type CriteriaCheck = { ok: true; criteria: DashboardCriteria } | ({ ok: false } & CriteriaProblem);

/**
 * Checks the form and builds the criteria. `staff` decides whether the customer text counts: only
 * internal users search by customer (a customer only ever sees its own bookings).
 */
export function toCriteria(form: SearchForm, staff: boolean): CriteriaCheck {
  const text = (f: SearchField) => form[f].trim();
  const c: DashboardCriteria = {};
  if (text('BookingCode')) c.BookingCode = text('BookingCode');
  if (text('BookingOrderTypeCode'))
    c.BookingOrderTypeCode = text('BookingOrderTypeCode') as DashboardCriteria['BookingOrderTypeCode'];
  if (text('StatusCode')) c.StatusCode = text('StatusCode') as DashboardCriteria['StatusCode'];
  if (staff && text('CustomerName')) c.CustomerName = text('CustomerName');
  if (text('MarketCode')) c.MarketCode = text('MarketCode');
  if (text('LocationId')) c.LocationId = Number(text('LocationId'));
  if (text('EquipmentSize')) c.EquipmentSize = text('EquipmentSize');
  for (const day of ['CreatedFrom', 'CreatedTo', 'UpdatedFrom', 'UpdatedTo'] as const) {
    if (text(day)) c[day] = text(day);
  }
  if (text('ChassisId')) c.ChassisId = text('ChassisId');
  const problem = criteriaProblem(c, Object.keys(c).length);
  if (problem) return { ok: false, ...problem };
  if (c.ChassisId) c.ChassisId = normalizeChassisId(c.ChassisId);
  return { ok: true, criteria: c };
}
