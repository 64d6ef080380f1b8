/**
 * What a dashboard row's Edit and Load Booking do today (docs/decisions.md, Dashboard (client)).
 * Edit needs a screen that opens an existing order, and none exists yet; Load Booking opens the
 * booking screen of the order's type where a flow exists for it and the user may open it.
 */
import { hasAnyPermission, type PermissionSet } from '../../domain/permissions';
import { BookingOrderType, type BookingOrderTypeCode } from '../../domain/status-codes';
import type { DashboardRow } from '../../schemas/dashboard';
import { AREA_ROUTES, routeAccess } from '../routes';

/** Order types whose booking screen is a flow file, by that flow's id. */
const FLOW_OF_ORDER_TYPE: Partial<Record<BookingOrderTypeCode, string>> = {
  PB: 'pool-booking',
  DL: 'daily-lease-booking',
  RU: 'reuse-booking',
};

export type RowAction = { path: string; unavailable: null } | { path: null; unavailable: string };

const typeName = (row: DashboardRow): string =>
  row.BookingOrderTypeName ||
  BookingOrderType[row.BookingOrderTypeCode as BookingOrderTypeCode] ||
  'this type';

export const detailPath = (bookingOrderId: number): string => `/app/dashboard/details/${bookingOrderId}`;

/** Editing an existing order: no booking screen opens one yet, so the reason says where to go. */
export function editAction(row: DashboardRow): RowAction {
  return {
    path: null,
    unavailable: `editing a ${typeName(row)} is not available yet; View shows the order and cancels it`,
  };
}

/** Load Booking: the flow of the order's type, when there is one and the user may open it. */
export function loadBookingAction(row: DashboardRow, permissions: PermissionSet): RowAction {
  const flowId = FLOW_OF_ORDER_TYPE[row.BookingOrderTypeCode as BookingOrderTypeCode];
  const route = flowId ? AREA_ROUTES.find((r) => r.flowId === flowId) : undefined;
  if (!route) return { path: null, unavailable: `there is no booking screen for ${typeName(row)} yet` };
  if (!hasAnyPermission(permissions, routeAccess(route)))
    return { path: null, unavailable: `you may not book a ${typeName(row)}` };
  return { path: route.path, unavailable: null };
}
