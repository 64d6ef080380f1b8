/**
 * Inventory availability (base /api/inventoryavailability): per location and equipment size, the
 * units in the yard, held by open bookings, reserved, pending and available — zero rows included
 * (SPEC §9) — and the weekly bookings of each market against what is available there now.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { EXTENDABLE_FILTER_VALUES } from '../domain/constants';

export const TREND_WEEKS_DEFAULT = 8;
export const TREND_WEEKS_MAX = 26;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const availabilityFilterSchema = {
  type: 'object',
  description: 'A market or a location is needed; the rest narrows. Blank text counts as absent.',
  properties: {
    InventoryOrgCode: {
      type: 'string',
      maxLength: 40,
      description: 'A provider-managed org: only the locations it holds inventory at.',
    },
    MarketCode: { type: 'string', maxLength: 10 },
    LocationId: id,
    EquipmentSize: { type: 'string', maxLength: 40, description: 'One size; absent: every chassis size.' },
    EquipmentClass: {
      type: 'string',
      maxLength: 10,
      description: 'One class; absent: all classes together.',
    },
    Extendable: { type: 'string', enum: EXTENDABLE_FILTER_VALUES, default: 'All' },
  },
  additionalProperties: false,
} as const;
export type AvailabilityFilter = FromSchema<typeof availabilityFilterSchema>;

const count = { type: 'integer', minimum: 0 } as const;

export const availabilityRowSchema = {
  type: 'object',
  properties: {
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    MarketCode: { type: 'string' },
    EquipmentSize: { type: 'string' },
    InYard: { ...count, description: 'Pool units standing there available (Stock).' },
    Held: { ...count, description: 'Units open bookings still hold.' },
    Reserved: { ...count, description: 'Units internal reservations hold back from customers.' },
    Pending: { ...count, description: 'Units of bookings waiting for staff review (they hold nothing yet).' },
    Available: { ...count, description: 'What customers can book: InYard − Held − Reserved, never below 0.' },
  },
  required: [
    'LocationId',
    'LocationName',
    'MarketCode',
    'EquipmentSize',
    'InYard',
    'Held',
    'Reserved',
    'Pending',
    'Available',
  ],
  additionalProperties: false,
} as const;
export type AvailabilityRow = FromSchema<typeof availabilityRowSchema>;

export const availabilityResponseSchema = {
  type: 'object',
  properties: {
    AsOf: { type: 'string', format: 'date-time', description: 'When the numbers were read.' },
    Rows: { type: 'array', items: availabilityRowSchema },
  },
  required: ['AsOf', 'Rows'],
  additionalProperties: false,
} as const;
export type AvailabilityResponse = FromSchema<typeof availabilityResponseSchema>;

export const trendFilterSchema = {
  type: 'object',
  properties: {
    MarketCode: { type: 'string', maxLength: 10, description: 'One market; absent: every market.' },
    EquipmentSize: { type: 'string', maxLength: 40 },
    EquipmentClass: { type: 'string', maxLength: 10 },
    Weeks: { type: 'integer', minimum: 1, maximum: TREND_WEEKS_MAX, default: TREND_WEEKS_DEFAULT },
  },
  additionalProperties: false,
} as const;
export type TrendFilter = FromSchema<typeof trendFilterSchema>;

export const trendResponseSchema = {
  type: 'object',
  properties: {
    AsOf: { type: 'string', format: 'date-time' },
    Weeks: {
      type: 'array',
      items: { type: 'string', format: 'date' },
      description: 'The Mondays (UTC) the weeks start on, oldest first; the last is this week.',
    },
    Markets: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          MarketCode: { type: 'string' },
          MarketName: { type: 'string' },
          AvailableNow: { ...count, description: 'Units available in the market now.' },
          BookedUnits: {
            type: 'array',
            items: count,
            description: 'Units booked each week (open, pending or fulfilled bookings made that week).',
          },
        },
        required: ['MarketCode', 'MarketName', 'AvailableNow', 'BookedUnits'],
        additionalProperties: false,
      },
    },
  },
  required: ['AsOf', 'Weeks', 'Markets'],
  additionalProperties: false,
} as const;
export type TrendResponse = FromSchema<typeof trendResponseSchema>;
