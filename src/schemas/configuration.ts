import type { FromSchema } from 'json-schema-to-ts';
import { timestampQueryValue } from './common';

export const versionQuerySchema = {
  type: 'object',
  properties: { t: timestampQueryValue },
  additionalProperties: false,
} as const;

export const publicConfigQuerySchema = {
  type: 'object',
  properties: { dt: timestampQueryValue },
  additionalProperties: false,
} as const;

export const versionResponseSchema = {
  type: 'object',
  properties: { hash: { type: 'string' } },
  required: ['hash'],
  additionalProperties: false,
} as const;

/** SPEC §7: the environment key initialises the feature flags. */
export const publicConfigResponseSchema = {
  type: 'object',
  properties: {
    EnvironmentKey: { type: 'string' },
    FeatureFlags: {
      type: 'object',
      properties: {
        TermCloseOfFulfilledBooking: { type: 'boolean' },
        InternalReservationComments: { type: 'boolean' },
        PendingQueueContactInfo: { type: 'boolean' },
      },
      required: ['TermCloseOfFulfilledBooking', 'InternalReservationComments', 'PendingQueueContactInfo'],
      additionalProperties: false,
    },
  },
  required: ['EnvironmentKey', 'FeatureFlags'],
  additionalProperties: false,
} as const;

const clientConfigFields = [
  'apiBaseUrl',
  'applicationCode',
  'environment',
  'customerSupportPhone',
  'roadServicePhone',
  'customerServiceUrl',
  'appStoreUrl',
  'playStoreUrl',
  'privacyUrl',
  'termsUrl',
  'doNotSellUrl',
  'securityAppUrl',
  'ebmAppUrl',
] as const;

/** /config/config.json: the environment configuration the SPA reads at start-up (SPEC §7). */
export const clientConfigResponseSchema = {
  type: 'object',
  properties: Object.fromEntries(clientConfigFields.map((f) => [f, { type: 'string' }])) as Record<
    (typeof clientConfigFields)[number],
    { type: 'string' }
  >,
  required: clientConfigFields,
  additionalProperties: false,
} as const;
export type ClientConfig = FromSchema<typeof clientConfigResponseSchema>;

/**
 * What the SPA caches as uiconfiguration. Each field named: the API docs list them, and Fastify
 * writes the answer with a serializer made for them (issue 30 §2: a schema of any properties cost
 * a call more than a microsecond to write).
 */
export const uiConfigurationResponseSchema = {
  type: 'object',
  properties: {
    Environment: { type: 'string' },
    DashboardPageSize: { type: 'integer' },
    PaginatorPageSize: { type: 'integer' },
    MinSearchTextLength: { type: 'integer' },
    ChassisLimitPoolRedelivery: { type: 'integer' },
    ChassisLimitTermLeaseRedelivery: { type: 'integer' },
    DefaultInventoryOrg: { type: 'string' },
    ConfiguredLocationId: { type: 'integer' },
    TokenLifetimeMinutes: { type: 'integer' },
  },
  required: [
    'Environment',
    'DashboardPageSize',
    'PaginatorPageSize',
    'MinSearchTextLength',
    'ChassisLimitPoolRedelivery',
    'ChassisLimitTermLeaseRedelivery',
    'DefaultInventoryOrg',
    'ConfiguredLocationId',
    'TokenLifetimeMinutes',
  ],
  additionalProperties: false,
} as const;
export type UiConfiguration = FromSchema<typeof uiConfigurationResponseSchema>;
