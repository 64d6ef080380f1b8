import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Area } from '../domain/permissions';

export interface PageProps {
  title: string;
}
type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Where a route appears in the slide-out menu (SPEC §2) and whether the header's Bookings lists it. */
export interface MenuPlacement {
  label: string;
  group?: 'Bookings' | 'Redelivery';
  inHeaderBookings?: boolean;
}

/** A route of the authenticated layout: its area names the permissions it needs (SPEC §6). */
export interface AreaRoute {
  path: string;
  area: Area;
  title: string;
  page: Page;
  menu?: MenuPlacement;
}

/** A route outside the layout (SPEC §2: login, sign-up, recover, reset, account validation). */
export interface PublicRoute {
  path: string;
  title: string;
  page: Page;
}

// Areas not built yet share one placeholder page; each area still loads on demand (SPEC §2).
const coming: Page = lazy(() => import('./pages/ComingPage'));

export const HOME_PATH = '/app/dashboard';
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/support/resetpassword';
export const RECOVER_PASSWORD_PATH = '/support/recoverpassword';
export const SIGN_UP_PATH = '/support/usersignup';
export const ACCOUNT_VALIDATION_PATH = '/accountValidation';

/**
 * Every authenticated route of SPEC §2, in slide-out menu order. The router, the route guard, the
 * slide-out menu and the header's Bookings dropdown all read this one list.
 */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: HOME_PATH, area: 'dashboard', title: 'Dashboard', page: coming, menu: { label: 'Dashboard' } },
  {
    path: '/pool_booking/request',
    area: 'poolBooking',
    title: 'Pool Booking',
    page: coming,
    menu: { label: 'Pool', group: 'Bookings', inHeaderBookings: true },
  },
  {
    path: '/reuse/request/new',
    area: 'reuseBooking',
    title: 'Reuse Booking',
    page: coming,
    menu: { label: 'Reuse', group: 'Bookings', inHeaderBookings: true },
  },
  {
    path: '/term_lease/request',
    area: 'termLeaseBooking',
    title: 'Term Lease Booking',
    page: coming,
    menu: { label: 'Term Lease', group: 'Bookings' },
  },
  {
    path: '/reposition_booking/request',
    area: 'repositionBooking',
    title: 'Reposition Booking',
    page: coming,
    menu: { label: 'Reposition', group: 'Bookings' },
  },
  {
    path: '/term_lease_redelivery/pre_request',
    area: 'termLeaseRedelivery',
    title: 'Term Lease Redelivery',
    page: coming,
    menu: { label: 'Term Lease Redelivery', group: 'Redelivery' },
  },
  {
    path: '/pool_redelivery/request',
    area: 'poolRedelivery',
    title: 'Pool Redelivery',
    page: coming,
    menu: { label: 'Pool Redelivery', group: 'Redelivery' },
  },
  route('/internal_reservation/request', 'internalReservation', 'Internal Reservation'),
  route('/pending_processing/request', 'pendingQueue', 'Pending Queue'),
  route('/manual_inventory/request', 'manualInventory', 'Manual Inventory'),
  route('/inventory_availability/request', 'inventoryAvailability', 'Inventory Availability'),
  route('/weekly_threshold/request', 'weeklyThreshold', 'Weekly Threshold'),
  { path: '/my_account/info', area: 'myAccount', title: 'My Account', page: coming },
];

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: SIGN_UP_PATH, title: 'Register as a New User', page: coming },
  { path: '/usersignup', title: 'Register as a New User', page: coming },
  { path: RECOVER_PASSWORD_PATH, title: 'Recover Password', page: coming },
  { path: RESET_PASSWORD_PATH, title: 'Reset Password', page: coming },
];

function route(path: string, area: Area, title: string): AreaRoute {
  return { path, area, title, page: coming, menu: { label: title } };
}
