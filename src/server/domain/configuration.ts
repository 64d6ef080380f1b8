/** What the SPA is told about this environment (SPEC §7 Configuration). */
import * as constants from '../../domain/constants';
import type { UiConfiguration } from '../../schemas/configuration';
import type { ServerConfig } from '../config';

/**
 * SPEC §7: the environment key initialises the feature flags. "Pending queue contact info"
 * (FEATURE_PENDING_QUEUE_CONTACT_INFO) and "internal reservation comments"
 * (FEATURE_INTERNAL_RESERVATION_COMMENTS) and "term close of fulfilled booking"
 * (FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING) are configuration.
 */
export const publicConfiguration = (config: ServerConfig) => ({
  EnvironmentKey: config.environment,
  FeatureFlags: {
    TermCloseOfFulfilledBooking: config.featureFlags.termCloseOfFulfilledBooking,
    InternalReservationComments: config.featureFlags.internalReservationComments,
    PendingQueueContactInfo: config.featureFlags.pendingQueueContactInfo,
  },
});

/** The server-side settings the SPA caches as uiconfiguration: the limits it must show and obey. */
export const uiConfiguration = (config: ServerConfig): UiConfiguration => ({
  Environment: config.environment,
  DashboardPageSize: constants.DASHBOARD_PAGE_SIZE,
  PaginatorPageSize: constants.PAGINATOR_DEFAULTS.pageSize,
  MinSearchTextLength: constants.MIN_SEARCH_TEXT_LENGTH,
  ChassisLimitPoolRedelivery: constants.CHASSIS_LIMIT_POOL_REDELIVERY,
  ChassisLimitTermLeaseRedelivery: constants.CHASSIS_LIMIT_TERM_LEASE_REDELIVERY,
  DefaultInventoryOrg: constants.DEFAULT_INVENTORY_ORG,
  ConfiguredLocationId: constants.CONFIGURED_LOCATION_ID,
  TokenLifetimeMinutes: config.tokenLifetimeMinutes,
});
