import { flowMenus } from 'virtual:flows/menu';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { type Area, AreaAccess, BOOKING_AREAS, type PermissionRequirement } from '../domain/permissions';
import { flowRoute, withFlowRoutes } from './flows/flow-routes';

export interface PageProps {
  title: string;
}
type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Where a route appears in the slide-out menu (SPEC §2) and whether the header's Bookings lists it. */
export interface MenuPlacement {
  label: string;
  group?: 'Bookings' | 'Redelivery';
  inHeaderBookings?: boolean;
  /** Position within its group; lower first (flow files give one). */
  order?: number;
}

/**
 * A route of the authenticated layout. Hand-written routes name their area (the permissions it
 * needs, SPEC §6); flow routes carry their flow file's permissions and good-standing rule.
 */
export interface AreaRoute {
  path: string;
  area?: Area;
  access?: readonly PermissionRequirement[];
  /** SPEC §6: an account not in good standing cannot create chassis bookings. */
  requiresGoodStanding?: boolean;
  /** The flow file behind the route; choosing its menu entry resets the flow (SPEC §2). */
  flowId?: string;
  title: string;
  page: Page;
  menu?: MenuPlacement;
}

/** What a route demands: its own list, else its area's. */
export const routeAccess = (route: Pick<AreaRoute, 'area' | 'access'>): readonly PermissionRequirement[] =>
  route.access ?? (route.area ? AreaAccess[route.area] : []);

export const routeNeedsGoodStanding = (route: Pick<AreaRoute, 'area' | 'requiresGoodStanding'>): boolean =>
  route.requiresGoodStanding ?? (route.area !== undefined && BOOKING_AREAS.includes(route.area));

/** A route outside the layout (SPEC §2: login, sign-up, recover, reset, account validation). */
export interface PublicRoute {
  path: string;
  title: string;
  page: Page;
}

// Areas not built yet share one placeholder page; each area still loads on demand (SPEC §2).
const coming: Page = lazy(() => import('./pages/ComingPage'));
// SPEC §2 areas my_account and support (sign-up, recover, reset), each loaded on demand.
const myAccountPage: Page = lazy(() => import('./pages/account/MyAccountPage'));
const signUpPage: Page = lazy(() => import('./pages/account/SignUpPage'));
const recoverPasswordPage: Page = lazy(() => import('./pages/account/RecoverPasswordPage'));
const resetPasswordPage: Page = lazy(() => import('./pages/account/ResetPasswordPage'));
const dashboardPage: Page = lazy(() => import('./dashboard/DashboardPage'));
const dashboardDetailPage: Page = lazy(() => import('./dashboard/DetailPage'));
// SPEC §2 areas pending_processing and weekly_threshold, each loaded on demand.
const pendingQueuePage: Page = lazy(() => import('./pending/PendingQueuePage'));
const weeklyThresholdPage: Page = lazy(() => import('./weekly-threshold/WeeklyThresholdPage'));
// SPEC §2 areas internal_reservation, manual_inventory and inventory_availability, each on demand.
const internalReservationPage: Page = lazy(() => import('./internal-reservation/InternalReservationPage'));
const manualInventoryPage: Page = lazy(() => import('./manual-inventory/ManualInventoryPage'));
const inventoryAvailabilityPage: Page = lazy(
  () => import('./inventory-availability/InventoryAvailabilityPage'),
);

export const HOME_PATH = '/app/dashboard';
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/support/resetpassword';
export const RECOVER_PASSWORD_PATH = '/support/recoverpassword';
export const SIGN_UP_PATH = '/support/usersignup';
export const ACCOUNT_VALIDATION_PATH = '/accountValidation';

/** The hand-written routes, in slide-out menu order (SPEC §2); the flows join them below. */
const FIXED_ROUTES: readonly AreaRoute[] = [
  {
    path: HOME_PATH,
    area: 'dashboard',
    title: 'Dashboard',
    page: dashboardPage,
    menu: { label: 'Dashboard' },
  },
  { path: `${HOME_PATH}/details/:id`, area: 'dashboard', title: 'Booking Order', page: dashboardDetailPage },
  {
    path: '/reposition_booking/request',
    area: 'repositionBooking',
    title: 'Reposition Booking',
    page: coming,
    menu: { label: 'Reposition', group: 'Bookings' },
  },
  {
    // Taken over by its flow file; kept as the place of the Redelivery group in the menu (flow-routes.ts).
    path: '/term_lease_redelivery/pre_request',
    area: 'termLeaseRedelivery',
    title: 'Term Lease Redelivery',
    page: coming,
    menu: { label: 'Term Lease Redelivery', group: 'Redelivery', order: 10 },
  },
  route(
    '/internal_reservation/request',
    'internalReservation',
    'Internal Reservation',
    internalReservationPage,
  ),
  {
    path: '/pending_processing/request',
    area: 'pendingQueue',
    title: 'Pending Queue',
    page: pendingQueuePage,
    menu: { label: 'Pending Queue' },
  },
  route('/manual_inventory/request', 'manualInventory', 'Manual Inventory', manualInventoryPage),
  route(
    '/inventory_availability/request',
    'inventoryAvailability',
    'Inventory Availability',
    inventoryAvailabilityPage,
  ),
  {
    path: '/weekly_threshold/request',
    area: 'weeklyThreshold',
    title: 'Weekly Threshold',
    page: weeklyThresholdPage,
    menu: { label: 'Weekly Threshold' },
  },
  { path: '/my_account/info', area: 'myAccount', title: 'My Account', page: myAccountPage },
];

/**
 * Every authenticated route of SPEC §2, in slide-out menu order: the hand-written ones and one per
 * flow file (pool, reuse, daily lease… come from src/flows). The router, the route guard, the
 * slide-out menu and the header's Bookings dropdown all read this one list.
 */
export const AREA_ROUTES: readonly AreaRoute[] = withFlowRoutes(FIXED_ROUTES, flowMenus.map(flowRoute));

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: SIGN_UP_PATH, title: 'Register as a New User', page: signUpPage },
  { path: '/usersignup', title: 'Register as a New User', page: signUpPage },
  { path: RECOVER_PASSWORD_PATH, title: 'Recover Password', page: recoverPasswordPage },
  { path: RESET_PASSWORD_PATH, title: 'Reset Password', page: resetPasswordPage },
];

function route(path: string, area: Area, title: string, page: Page = coming): AreaRoute {
  return { path, area, title, page, menu: { label: title } };
}
