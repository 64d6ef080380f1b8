/**
 * SPEC §9: every business constant and timing, defined once and read by client and server. The
 * limits a business analyst may change live in src/rules/limits.json and are re-exported here.
 */
import limits from '../rules/limits.json' with { type: 'json' };

export const IDLE_BEFORE_WARNING_S = 1800;
export const WARNING_COUNTDOWN_S = 60;
export const WATCH_RESTART_MS = 500;
export const NATURAL_EXPIRY_FLAG_CLEAR_MS = 10_000;
export const REMEMBERED_USERNAME_FILL_MS = 500;
/** The token is refreshed this many minutes before its refreshTokenInterval runs out. */
export const TOKEN_REFRESH_LEAD_MIN = 2;
export const TAB_TRACKING_MS = 3000;
export const TOKEN_CHECK_MS = 1000;
export const HUB_RECONNECT_DELAY_MS = 3000;
export const VERSION_CHECK_INTERVAL_MS = 600_000;
export const CACHE_DEFAULT_MAX_AGE_MS = 300_000;
export const SMALL_WIDTH_BREAKPOINT_PX = 920;
export const STORAGE_PREFIX = 'brr';
export const CHASSIS_LIMIT_POOL_REDELIVERY = limits.poolRedeliveryChassisMax;
export const CHASSIS_LIMIT_TERM_LEASE_REDELIVERY = limits.termLeaseRedeliveryChassisMax;
/** The longest chassis list any flow accepts: the cap of one equipment check. */
export const CHASSIS_LIST_MAX = Math.max(
  limits.poolRedeliveryChassisMax,
  limits.termLeaseRedeliveryChassisMax,
  limits.reuseChassisMax,
);
export const DEFAULT_INVENTORY_ORG = 'IDL';
export const CONFIGURED_LOCATION_ID = 18478;
export const OPEN_ORDER_STATUSES = ['OP', 'CN', 'CL', 'FF', 'PN'] as const;
export const EXTENDABLE_FILTER_VALUES = ['All', 'Yes', 'No'] as const;
export const POOL_BOOKING_ALLOWED_FILTER = { All: 0, Yes: 1, No: 2 } as const;
export const PAGINATOR_DEFAULTS = { page: 1, pageSize: 10, pageLinks: 5 } as const;
export const DASHBOARD_PAGE_SIZE = 20;
/** The largest dashboard page a search may ask for; exports take every row instead. */
export const DASHBOARD_MAX_PAGE_SIZE = 100;
export const MIN_SEARCH_TEXT_LENGTH = limits.minSearchTextLength;
export const TOOLTIP_DELAY_MS = 5;
export const DIALOG_MAX_WIDTH_PX = 720;
export const SESSION_WARNING_DIALOG_SIZE_PX = { width: 500, height: 230 } as const;
export const INVENTORY_CHECK_INCLUDE_ZERO = true;

/** The AuthProvider claim of staff who sign in through the directory (SPEC §6: internal users). */
export const DIRECTORY_AUTH_PROVIDER = 'Directory';
export const LOCAL_AUTH_PROVIDER = 'Local';
