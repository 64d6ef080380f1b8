import type { LookupStore } from '../stores/LookupStore';

interface OrderTypeRow {
  BookingOrderTypeCode: string;
  BookingOrderTypeName: string;
}

/**
 * The order types a search offers (dashboard, pending queue): the server's `dashboardOrderTypes`,
 * which its booking-type registry writes — so a new type (a test's fixture type too) is offered
 * without a list here (issue 26). By name, as people look for them.
 */
export function orderTypeOptions(lookups: Pick<LookupStore, 'rows'>): { value: string; label: string }[] {
  return lookups
    .rows<OrderTypeRow>('dashboardOrderTypes')
    .map((r) => ({ value: r.BookingOrderTypeCode, label: r.BookingOrderTypeName }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
