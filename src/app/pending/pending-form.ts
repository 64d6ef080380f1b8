/** The pending queue's search form: its fields as typed, and the criteria they make. */
import type { PendingSearch } from '../../schemas/pending';

/** The search form's fields, as typed (text); blank ones are left out of the criteria. */
export const PENDING_FORM_FIELDS = [
  'RequestTypeCode',
  'FailureCode',
  'BookingPendingStatus',
  'CustomerName',
  'MarketCode',
  'LocationId',
  'BookingOrderTypeCode',
  'CreatedFrom',
  'CreatedTo',
  'BookingCode',
] as const;
export type PendingFormField = (typeof PENDING_FORM_FIELDS)[number];
export type PendingForm = Record<PendingFormField, string>;
export const EMPTY_FORM = Object.fromEntries(PENDING_FORM_FIELDS.map((f) => [f, ''])) as PendingForm;

/** The form's filled fields as the search's criteria (blank ones left out). */
export function toCriteria(form: PendingForm): PendingSearch {
  const criteria: Record<string, unknown> = {};
  for (const field of PENDING_FORM_FIELDS) {
    const value = form[field].trim();
    if (value === '') continue;
    criteria[field] = field === 'LocationId' ? Number(value) : value;
  }
  return criteria as PendingSearch;
}
