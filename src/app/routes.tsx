import { flowMenus } from 'virtual:flows/menu';
import type { ComponentType } from 'react';
import type { LookupDataset } from '../domain/lookups';
import {
  type Area,
  AreaAccess,
  BOOKING_AREAS,
  hasAnyPermission,
  type PermissionRequirement,
} from '../domain/permissions';
import { Abilities, type Ability, type Actor, can } from '../domain/policies';
import { CATALOGUE_PATH, PREVIEW_PATH } from './analyst/paths';
import { flowRoute, withFlowRoutes } from './flows/flow-routes';
import { HOME_PATH, RECOVER_PASSWORD_PATH, RESET_PASSWORD_PATH, SIGN_UP_PATH } from './paths';
import { type Preloadable, preloadable } from './router/preloadable';
import type { RootStore } from './stores/RootStore';

export interface PageProps {
  title: string;
}
/** A page loaded on demand (SPEC §2); `preload` fetches its code ahead of the first visit. */
export type Page = Preloadable<PageProps>;

/** A route's page, loaded on demand: `preloadable` with the props every page gets. */
export const lazyPage: (load: () => Promise<{ default: ComponentType<PageProps> }>) => Page = preloadable;

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
  /**
   * An ability of the policies (src/domain/policies.ts) that decides who may open the route, for
   * routes whose rule is more than bits (issue 18: the audit trail is staff only).
   */
  ability?: Ability;
  /** SPEC §6: an account not in good standing cannot create chassis bookings. */
  requiresGoodStanding?: boolean;
  /** The flow file behind the route; choosing its menu entry resets the flow (SPEC §2). */
  flowId?: string;
  title: string;
  page: Page;
  menu?: MenuPlacement;
  /**
   * Lookup datasets the page shows at once: when it is the first page after sign-in they are asked
   * for before the rest (issue 15). A page reading another dataset gets it moved up too.
   */
  lookups?: readonly LookupDataset[];
  /** SPEC §2 "preloaded when flagged": the page's code is fetched right after sign-in. */
  preload?: boolean;
  /**
   * What the page starts the moment the route rules let the user in, before its code has rendered
   * (issue 30 §3: the dashboard's default search, so the first rows wait for their data only).
   */
  enter?: (root: RootStore) => void;
}

/** What a route demands: its own list, else its area's. */
export const routeAccess = (route: Pick<AreaRoute, 'area' | 'access'>): readonly PermissionRequirement[] =>
  route.access ?? (route.area ? AreaAccess[route.area] : []);

/** Whether a user may open a route (the menu shows it, the guard lets them in): its ability, else its area's bits. */
export const routeAllows = (
  actor: Pick<Actor, 'permissions' | 'isInternal'>,
  route: Pick<AreaRoute, 'area' | 'access' | 'ability'>,
): boolean =>
  route.ability ? can(actor, route.ability) : hasAnyPermission(actor.permissions, routeAccess(route));

export const routeNeedsGoodStanding = (route: Pick<AreaRoute, 'area' | 'requiresGoodStanding'>): boolean =>
  route.requiresGoodStanding ?? (route.area !== undefined && BOOKING_AREAS.includes(route.area));

/** A route outside the layout (SPEC §2: login, sign-up, recover, reset, account validation). */
export interface PublicRoute {
  path: string;
  title: string;
  page: Page;
}

// Areas not built yet share one placeholder page; each area still loads on demand (SPEC §2).
const coming: Page = lazyPage(() => import('./pages/ComingPage'));
// SPEC §2 areas my_account and support (sign-up, recover, reset), each loaded on demand.
const myAccountPage: Page = lazyPage(() => import('./pages/account/MyAccountPage'));
const signUpPage: Page = lazyPage(() => import('./pages/account/SignUpPage'));
const recoverPasswordPage: Page = lazyPage(() => import('./pages/account/RecoverPasswordPage'));
const resetPasswordPage: Page = lazyPage(() => import('./pages/account/ResetPasswordPage'));
const dashboardPage: Page = lazyPage(() => import('./dashboard/DashboardPage'));
const dashboardDetailPage: Page = lazyPage(() => import('./dashboard/DetailPage'));
// SPEC §2 areas pending_processing and weekly_threshold, each loaded on demand.
const pendingQueuePage: Page = lazyPage(() => import('./pending/PendingQueuePage'));
const weeklyThresholdPage: Page = lazyPage(() => import('./weekly-threshold/WeeklyThresholdPage'));
// SPEC §2 areas internal_reservation, manual_inventory and inventory_availability, each on demand.
const internalReservationPage: Page = lazyPage(
  () => import('./internal-reservation/InternalReservationPage'),
);
const manualInventoryPage: Page = lazyPage(() => import('./manual-inventory/ManualInventoryPage'));
// Issue 18: the staff's audit trail search, on demand.
const auditTrailPage: Page = lazyPage(() => import('./audit/AuditTrailPage'));
// Issue 31: My chassis, the chassis lookup and the staff's gate exceptions, each on demand.
const myChassisPage: Page = lazyPage(() => import('./chassis/MyChassisPage'));
const chassisLookupPage: Page = lazyPage(() => import('./chassis/ChassisLookupPage'));
const gateExceptionsPage: Page = lazyPage(() => import('./gate/GateExceptionsPage'));
// Issue 32: the analyst's flow catalogue and live preview, on demand.
const flowCataloguePage: Page = lazyPage(() => import('./analyst/FlowCataloguePage'));
const flowPreviewPage: Page = lazyPage(() => import('./analyst/FlowPreviewPage'));
const inventoryAvailabilityPage: Page = lazyPage(
  () => import('./inventory-availability/InventoryAvailabilityPage'),
);

/** The dashboard's search form and results name order types, markets, locations, sizes and classes. */
const DASHBOARD_LOOKUPS: readonly LookupDataset[] = [
  'dashboardOrderTypes',
  'locationmarkets',
  'locations',
  'equipmentCategories',
  'equipmentClasses',
];

/** The hand-written routes, in slide-out menu order (SPEC §2); the flows join them below. */
const FIXED_ROUTES: readonly AreaRoute[] = [
  {
    path: HOME_PATH,
    area: 'dashboard',
    title: 'Dashboard',
    page: dashboardPage,
    menu: { label: 'Dashboard' },
    lookups: DASHBOARD_LOOKUPS,
    preload: true,
    enter: (root) => root.dashboard.open(),
  },
  {
    path: `${HOME_PATH}/details/:id`,
    area: 'dashboard',
    title: 'Booking Order',
    page: dashboardDetailPage,
    lookups: DASHBOARD_LOOKUPS,
    preload: true,
  },
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
  {
    path: '/audit_trail',
    area: 'dashboard',
    ability: Abilities.auditSearch,
    title: 'Audit Trail',
    page: auditTrailPage,
    menu: { label: 'Audit Trail' },
  },
  {
    path: '/gate_exceptions',
    area: 'manualInventory',
    ability: Abilities.gateExceptionsRead,
    title: 'Gate Exceptions',
    page: gateExceptionsPage,
    menu: { label: 'Gate Exceptions' },
  },
  {
    path: '/my_chassis',
    area: 'dashboard',
    ability: Abilities.myChassis,
    title: 'My Chassis',
    page: myChassisPage,
    menu: { label: 'My Chassis' },
  },
  {
    path: '/chassis_lookup',
    area: 'dashboard',
    ability: Abilities.session,
    title: 'Chassis Lookup',
    page: chassisLookupPage,
    menu: { label: 'Chassis Lookup' },
  },
  ...[CATALOGUE_PATH, `${CATALOGUE_PATH}/:flowId`].map((path, i) => ({
    path,
    ability: Abilities.flowCatalogue,
    title: 'Flow Catalogue',
    page: flowCataloguePage,
    ...(i === 0 ? { menu: { label: 'Flow Catalogue' } } : {}),
  })),
  {
    path: PREVIEW_PATH,
    ability: Abilities.flowPreview,
    title: 'Flow Preview',
    page: flowPreviewPage,
    menu: { label: 'Flow Preview' },
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
