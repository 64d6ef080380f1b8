/**
 * The weekly threshold (SPEC §1 "customer booking threshold", base /api/weeklythreshold): staff
 * list, add, change and remove a customer's weekly booking cap, for all markets or one and all
 * sizes or one; the threshold meter shows a customer how much of its caps this week's bookings use.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { DASHBOARD_MAX_PAGE_SIZE, DASHBOARD_PAGE_SIZE } from '../domain/constants';

/** A cap above any sensible week: a typo of an extra digit or two is refused, not stored. */
export const WEEKLY_LIMIT_MAX = 100_000;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const scopeFields = {
  MarketCode: {
    type: ['string', 'null'],
    maxLength: 10,
    description: 'The market the cap applies to; null (or blank) for all markets.',
  },
  EquipmentSize: {
    type: ['string', 'null'],
    maxLength: 40,
    description:
      'The equipment category (e.g. Chassis.40) the cap applies to; null (or blank) for all sizes.',
  },
} as const;

export const thresholdSearchSchema = {
  type: 'object',
  description: 'Every criterion is optional: without any, every threshold, by customer name.',
  properties: {
    CustomerId: id,
    CustomerName: {
      type: 'string',
      maxLength: 100,
      description: 'At least 2 characters: case-insensitive contains on "Name (SCAC)".',
    },
    MarketCode: { type: 'string', maxLength: 10 },
    EquipmentSize: { type: 'string', maxLength: 40 },
    StartRecordNumber: { type: 'integer', minimum: 1, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: DASHBOARD_MAX_PAGE_SIZE, default: DASHBOARD_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;
export type ThresholdSearch = FromSchema<typeof thresholdSearchSchema>;

export const thresholdSchema = {
  type: 'object',
  properties: {
    ThresholdId: { type: 'integer' },
    CustomerId: { type: 'integer' },
    CustomerNameWithSCAC: { type: 'string' },
    MarketCode: { type: ['string', 'null'] },
    EquipmentSize: { type: ['string', 'null'] },
    WeeklyLimit: { type: 'integer' },
    UsedThisWeek: {
      type: 'integer',
      description: 'Units of open and pending pool and daily lease bookings made this week in the scope.',
    },
    ModifiedBy: { type: ['string', 'null'] },
    ModifiedAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'ThresholdId',
    'CustomerId',
    'CustomerNameWithSCAC',
    'MarketCode',
    'EquipmentSize',
    'WeeklyLimit',
    'UsedThisWeek',
    'ModifiedBy',
    'ModifiedAt',
  ],
  additionalProperties: false,
} as const;
export type Threshold = FromSchema<typeof thresholdSchema>;

export const thresholdSearchResponseSchema = {
  type: 'object',
  properties: {
    TotalCount: { type: 'integer' },
    StartRecordNumber: { type: 'integer' },
    PageSize: { type: 'integer' },
    ResultSet: { type: 'array', items: thresholdSchema },
  },
  required: ['TotalCount', 'StartRecordNumber', 'PageSize', 'ResultSet'],
  additionalProperties: false,
} as const;
export type ThresholdSearchResponse = FromSchema<typeof thresholdSearchResponseSchema>;

const weeklyLimit = {
  type: 'integer',
  minimum: 0,
  maximum: WEEKLY_LIMIT_MAX,
  description: 'Units a week; 0 sends every booking in the scope to review.',
} as const;

export const thresholdCreateSchema = {
  type: 'object',
  properties: { CustomerId: id, ...scopeFields, WeeklyLimit: weeklyLimit },
  required: ['CustomerId', 'WeeklyLimit'],
  additionalProperties: false,
} as const;
export type ThresholdCreate = FromSchema<typeof thresholdCreateSchema>;

export const thresholdUpdateSchema = {
  type: 'object',
  description: 'The new scope and cap; the customer stays.',
  properties: { ...scopeFields, WeeklyLimit: weeklyLimit },
  required: ['MarketCode', 'EquipmentSize', 'WeeklyLimit'],
  additionalProperties: false,
} as const;
export type ThresholdUpdate = FromSchema<typeof thresholdUpdateSchema>;

export const thresholdParamsSchema = {
  type: 'object',
  properties: { id },
  required: ['id'],
  additionalProperties: false,
} as const;

export const meterQuerySchema = {
  type: 'object',
  properties: {
    MarketCode: { type: 'string', minLength: 1, maxLength: 10 },
    EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
    CustomerId: {
      ...id,
      description: 'Staff: the customer they book for. Customers: their own (may be left out).',
    },
  },
  required: ['MarketCode', 'EquipmentSize'],
  additionalProperties: false,
} as const;
export type MeterQuery = FromSchema<typeof meterQuerySchema>;

export const meterResponseSchema = {
  type: 'object',
  description: 'Every cap that applies to a booking in this market and size, with this week’s use.',
  properties: {
    CustomerId: { type: 'integer' },
    MarketCode: { type: 'string' },
    EquipmentSize: { type: 'string' },
    WeekStart: { type: 'string', format: 'date-time', description: 'Monday 00:00 UTC.' },
    Thresholds: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ThresholdId: { type: 'integer' },
          MarketCode: { type: ['string', 'null'] },
          EquipmentSize: { type: ['string', 'null'] },
          WeeklyLimit: { type: 'integer' },
          Used: { type: 'integer' },
          Remaining: {
            type: 'integer',
            description: 'Units a booking may still take before it goes to review.',
          },
        },
        required: ['ThresholdId', 'MarketCode', 'EquipmentSize', 'WeeklyLimit', 'Used', 'Remaining'],
        additionalProperties: false,
      },
    },
  },
  required: ['CustomerId', 'MarketCode', 'EquipmentSize', 'WeekStart', 'Thresholds'],
  additionalProperties: false,
} as const;
export type MeterResponse = FromSchema<typeof meterResponseSchema>;
