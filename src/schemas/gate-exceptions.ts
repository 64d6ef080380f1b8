/**
 * Issue 31: the gate events staff must look at (base /api/gateevents/exceptions): events that
 * matched nothing, and term lease returns to a location the contract does not allow. Staff search
 * them, resolve an unmatched pick-up by choosing its booking, or dismiss one with a reason.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const GATE_REVIEW_STATUSES = ['Open', 'Resolved', 'Dismissed', 'All'] as const;

export const gateExceptionQuerySchema = {
  type: 'object',
  properties: {
    Search: {
      type: 'string',
      maxLength: 100,
      description: 'Chassis ID, booking number, location or reason contains.',
    },
    Status: { type: 'string', enum: GATE_REVIEW_STATUSES, default: 'Open' },
    Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;
export type GateExceptionQuery = FromSchema<typeof gateExceptionQuerySchema>;

const nullableString = { type: ['string', 'null'] } as const;

export const gateExceptionSchema = {
  type: 'object',
  properties: {
    GateEventId: { type: 'integer' },
    ChassisId: { type: 'string' },
    Kind: { type: 'string', enum: ['OutGate', 'InGate'] },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    EventTime: { type: 'string', format: 'date-time' },
    ReceivedAt: { type: 'string', format: 'date-time' },
    BookingCode: { ...nullableString, description: 'The booking number the gate sent, if any.' },
    Scac: nullableString,
    Reason: { type: 'string' },
    Applied: {
      type: 'boolean',
      description: 'The event moved the chassis (a flagged return); staff only acknowledge it.',
    },
    Status: { type: 'string', enum: ['Open', 'Resolved', 'Dismissed'] },
    Sender: { ...nullableString, description: 'The gate key that sent it.' },
    ReviewedBy: nullableString,
    ReviewedAt: { type: ['string', 'null'], format: 'date-time' },
    ReviewNote: nullableString,
    CanResolve: {
      type: 'boolean',
      description: 'An unmatched pick-up of our chassis: resolvable by choosing a booking.',
    },
  },
  required: [
    'GateEventId',
    'ChassisId',
    'Kind',
    'LocationId',
    'LocationName',
    'EventTime',
    'ReceivedAt',
    'BookingCode',
    'Scac',
    'Reason',
    'Applied',
    'Status',
    'Sender',
    'ReviewedBy',
    'ReviewedAt',
    'ReviewNote',
    'CanResolve',
  ],
  additionalProperties: false,
} as const;
export type GateException = FromSchema<typeof gateExceptionSchema>;

export const gateExceptionListSchema = {
  type: 'object',
  properties: {
    TotalCount: { type: 'integer' },
    ResultSet: { type: 'array', items: gateExceptionSchema },
  },
  required: ['TotalCount', 'ResultSet'],
  additionalProperties: false,
} as const;
export type GateExceptionList = FromSchema<typeof gateExceptionListSchema>;

export const gateExceptionParamsSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
} as const;

export const gateResolveSchema = {
  type: 'object',
  properties: {
    BookingCode: {
      type: 'string',
      minLength: 1,
      maxLength: 30,
      description: 'The booking the chassis was picked up against.',
    },
  },
  required: ['BookingCode'],
  additionalProperties: false,
} as const;
export type GateResolve = FromSchema<typeof gateResolveSchema>;

export const gateDismissSchema = {
  type: 'object',
  properties: {
    Reason: { type: 'string', minLength: 1, maxLength: 500, description: 'Why nothing is to be done.' },
  },
  required: ['Reason'],
  additionalProperties: false,
} as const;
export type GateDismiss = FromSchema<typeof gateDismissSchema>;
