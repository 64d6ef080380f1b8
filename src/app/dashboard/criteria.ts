/**
 * The dashboard search form as the user types it (text for every field) and its translation into
 * the DashboardCriteria the API takes (src/schemas/dashboard.ts). Pure, so the client-side checks
 * (SPEC §5: no criterion is "Invalid search criteria"; the customer text needs 2 characters) are
 * tested without a page.
 */
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import { isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';
import { INVALID_CRITERIA_TEXT } from '../../domain/messages';
import {
  DASHBOARD_CRITERIA_FIELDS,
  type DashboardCriteria,
  dashboardSearchSchema,
} from '../../schemas/dashboard';

export type SearchField = (typeof DASHBOARD_CRITERIA_FIELDS)[number];
export type SearchForm = Record<SearchField, string>;

export const EMPTY_FORM: SearchForm = Object.fromEntries(
  DASHBOARD_CRITERIA_FIELDS.map((f) => [f, '']),
) as SearchForm;

/** The default search covers orders created in this many days up to today (docs/decisions.md). */
export const DEFAULT_CREATED_WITHIN_DAYS = 90;

const DAY_MS = 86_400_000;
const BOOKING_CODE_MAX = dashboardSearchSchema.properties.BookingCode.maxLength;
const BOOKING_CODE_TEXT = `Booking number: letters, digits and hyphens only, at most ${BOOKING_CODE_MAX}.`;

/** A calendar day in the browser's time zone, as `<input type="date">` and the API write it. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The search the dashboard opens with: created in the last DEFAULT_CREATED_WITHIN_DAYS days. */
export function defaultForm(today: Date): SearchForm {
  return {
    ...EMPTY_FORM,
    CreatedFrom: localDay(new Date(today.getTime() - DEFAULT_CREATED_WITHIN_DAYS * DAY_MS)),
  };
}

export type CriteriaCheck =
  | { ok: true; criteria: DashboardCriteria }
  | { ok: false; message: string; field: SearchField | null };

const refuse = (message: string, field: SearchField | null = null): CriteriaCheck => ({
  ok: false,
  message,
  field,
});

const ranges: ReadonlyArray<[SearchField, SearchField, string]> = [
  ['CreatedFrom', 'CreatedTo', 'Created from must be on or before Created to.'],
  ['UpdatedFrom', 'UpdatedTo', 'Updated from must be on or before Updated to.'],
];

/**
 * Checks the form and builds the criteria. `staff` decides whether the customer text counts: only
 * internal users search by customer (a customer only ever sees its own bookings).
 */
export function toCriteria(form: SearchForm, staff: boolean): CriteriaCheck {
  const text = (f: SearchField) => form[f].trim();
  const c: DashboardCriteria = {};
  const code = text('BookingCode');
  if (code) {
    if (code.length > BOOKING_CODE_MAX || !/^[A-Za-z0-9-]+$/.test(code))
      return refuse(BOOKING_CODE_TEXT, 'BookingCode');
    c.BookingCode = code;
  }
  if (text('BookingOrderTypeCode'))
    c.BookingOrderTypeCode = text('BookingOrderTypeCode') as DashboardCriteria['BookingOrderTypeCode'];
  if (text('StatusCode')) c.StatusCode = text('StatusCode') as DashboardCriteria['StatusCode'];
  const customer = staff ? text('CustomerName') : '';
  if (customer) {
    if (customer.length < MIN_SEARCH_TEXT_LENGTH)
      return refuse(`Customer: type at least ${MIN_SEARCH_TEXT_LENGTH} characters.`, 'CustomerName');
    c.CustomerName = customer;
  }
  if (text('MarketCode')) c.MarketCode = text('MarketCode');
  if (text('LocationId')) c.LocationId = Number(text('LocationId'));
  if (text('EquipmentSize')) c.EquipmentSize = text('EquipmentSize');
  for (const day of ['CreatedFrom', 'CreatedTo', 'UpdatedFrom', 'UpdatedTo'] as const) {
    if (text(day)) c[day] = text(day);
  }
  for (const [from, to, message] of ranges) {
    if (form[from] && form[to] && form[from] > form[to]) return refuse(message, from);
  }
  const chassis = text('ChassisId');
  if (chassis) {
    if (!isChassisIdFormat(chassis))
      return refuse('Chassis ID: four letters and six digits, e.g. PLCZ123456.', 'ChassisId');
    c.ChassisId = normalizeChassisId(chassis);
  }
  if (Object.keys(c).length === 0) return refuse(INVALID_CRITERIA_TEXT);
  return { ok: true, criteria: c };
}
