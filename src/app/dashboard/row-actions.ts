/**
 * Where a dashboard row's (or the detail page's) Edit and Load Booking go. The flow of an order
 * type is the flow file that names it (`orderType`, virtual:flows/menu), so a new booking type
 * needs no line here; whether an order may be edited is the server's answer (CanEdit), never
 * decided again on the client.
 */
import { type FlowMenuEntry, flowMenus } from 'virtual:flows/menu';
import { hasAnyPermission, type PermissionSet } from '../../domain/permissions';
import { BookingOrderType, type BookingOrderTypeCode } from '../../domain/status-codes';
import { AREA_ROUTES, routeAccess } from '../routes';

/** What Edit and Load Booking read of a row or a detail: the server computes CanEdit (and may name the route). */
export interface OpenableOrder {
  BookingOrderId: number;
  BookingOrderTypeCode: string;
  BookingOrderTypeName?: string;
  CanEdit?: boolean;
  EditRoute?: string | null;
}

export type RowAction = { path: string; unavailable: null } | { path: null; unavailable: string };

/** The query parameters a flow route reads to open an existing order (FlowPage). */
export const EDIT_PARAM = 'edit';
export const LOAD_PARAM = 'load';

const typeName = (order: OpenableOrder): string =>
  order.BookingOrderTypeName ||
  BookingOrderType[order.BookingOrderTypeCode as BookingOrderTypeCode] ||
  'this type';

/** The query parameter naming the order's type, so View reads it where its flow file says (edit.view). */
export const TYPE_PARAM = 'type';

/** GET /api/dashboard/details/{id}: View of an order whose type's flow names no view of its own. */
export const DEFAULT_VIEW_URL = '/api/dashboard/details/{id}';

/** Where View reads an order of this type: its flow file's edit.view, else the generic detail. */
export const viewUrlOf = (
  orderType: string | null | undefined,
  flows: readonly FlowMenuEntry[] = flowMenus,
): string =>
  (orderType ? flows.find((f) => f.orderType === orderType && f.viewUrl)?.viewUrl : undefined) ??
  DEFAULT_VIEW_URL;

/**
 * The detail page of an order. The type rides along only where its flow names a view of its own,
 * so every other order keeps the plain address (and a link without it reads the generic detail).
 */
export const detailPath = (bookingOrderId: number, orderType?: string): string =>
  `/app/dashboard/details/${bookingOrderId}${
    orderType && viewUrlOf(orderType) !== DEFAULT_VIEW_URL
      ? `?${TYPE_PARAM}=${encodeURIComponent(orderType)}`
      : ''
  }`;

/** The flow file of an order type that can open orders the given way, if any. */
export function flowOfOrderType(
  orderType: string,
  way: keyof FlowMenuEntry['opens'],
  flows: readonly FlowMenuEntry[] = flowMenus,
): FlowMenuEntry | undefined {
  return flows.find((f) => f.orderType === orderType && f.opens[way]);
}

/** '/reposition_booking/request' + edit 42 → '/reposition_booking/request?edit=42'. */
export const openOrderPath = (route: string, param: string, bookingOrderId: number): string =>
  `${route}?${param}=${bookingOrderId}`;

/**
 * Edit: shown only when the server says the caller may edit the order now (null path, no reason:
 * the button is left out). The server's EditRoute wins; otherwise the flow of the order's type.
 */
export function editAction(order: OpenableOrder): string | null {
  if (order.CanEdit !== true) return null;
  const route = order.EditRoute ?? flowOfOrderType(order.BookingOrderTypeCode, 'update')?.route;
  if (!route) return null;
  return route.includes('?') ? route : openOrderPath(route, EDIT_PARAM, order.BookingOrderId);
}

/** Load Booking: a new request of the order's type prefilled from it, when the user may open that flow. */
/**
 * Issue 25: SPEC §2's "Load Booking" starts a new request from an order; people know that as
 * "Book again" (a download arrow read as "download").
 */
export const BOOK_AGAIN = 'Book again';

export function loadBookingAction(
  order: OpenableOrder,
  permissions: PermissionSet,
  flows: readonly FlowMenuEntry[] = flowMenus,
): RowAction {
  const flow = flowOfOrderType(order.BookingOrderTypeCode, 'load', flows);
  const route = flow ? AREA_ROUTES.find((r) => r.flowId === flow.id) : undefined;
  if (!flow || !route)
    return { path: null, unavailable: `there is no booking screen for ${typeName(order)} yet` };
  if (!hasAnyPermission(permissions, routeAccess(route)))
    return { path: null, unavailable: `you may not book a ${typeName(order)}` };
  return { path: openOrderPath(flow.route, LOAD_PARAM, order.BookingOrderId), unavailable: null };
}
