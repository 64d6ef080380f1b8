/**
 * What the booking submit routes (one per flow, src/server/routes/flows.ts) and the available-units
 * routes answer. Field names as SPEC §3 spells them.
 */

import type { FromSchema } from 'json-schema-to-ts';

const bookedSchema = {
  type: 'object',
  properties: {
    BookingId: { type: 'integer' },
    BookingCode: {
      type: ['string', 'null'],
      description: 'The booking number; null while the booking is pending review (SPEC §4).',
    },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    ToLocationName: {
      type: 'string',
      description: 'A reposition booking: the destination the units move to (LocationName is the origin).',
    },
    EquipmentSize: { type: 'string', description: 'An equipment category code, e.g. Chassis.40.' },
    EquipmentClass: { type: ['string', 'null'] },
    UnitsRequestedCount: { type: 'integer' },
    BookingStatusCode: { type: 'string' },
    Chassis: { type: 'array', items: { type: 'string' }, description: 'Reuse bookings: the chassis booked.' },
  },
  required: [
    'BookingId',
    'BookingCode',
    'LocationId',
    'LocationName',
    'EquipmentSize',
    'EquipmentClass',
    'UnitsRequestedCount',
    'BookingStatusCode',
  ],
  additionalProperties: false,
} as const;

export const bookingSubmitResponseSchema = {
  type: 'object',
  description: 'The booking order as booked; a replayed Idempotency-Key answers the same order again.',
  properties: {
    BookingOrderId: { type: 'integer' },
    BookingOrderTypeCode: { type: 'string' },
    StatusCode: { type: 'string', enum: ['OP', 'PN'] },
    PendingReview: { type: 'boolean' },
    Message: { type: 'string' },
    Version: {
      type: 'integer',
      description: 'The order’s Version now (send it back with an edit; see the order document).',
    },
    Bookings: { type: 'array', items: bookedSchema },
  },
  required: ['BookingOrderId', 'BookingOrderTypeCode', 'StatusCode', 'PendingReview', 'Message', 'Bookings'],
  additionalProperties: false,
} as const;
export type BookingSubmitResponse = FromSchema<typeof bookingSubmitResponseSchema>;
export type BookedItem = FromSchema<typeof bookedSchema>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_LENGTH = { min: 8, max: 100 } as const;

/** Documents the header; the handler checks it so the message says what to send. */
export const submitHeadersSchema = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: IDEMPOTENCY_KEY_LENGTH.min,
      maxLength: IDEMPOTENCY_KEY_LENGTH.max,
      description: 'One key per submit (e.g. a UUID), repeated on a retry so the order is booked once.',
    },
  },
  required: [IDEMPOTENCY_KEY_HEADER],
} as const;

export const availableUnitsBodySchema = {
  type: 'object',
  properties: {
    CustomerId: { type: 'integer', minimum: 1 },
    MarketCode: { type: 'string', minLength: 1, maxLength: 10 },
    EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
    EquipmentClass: { type: 'string', minLength: 1, maxLength: 10 },
  },
  required: ['MarketCode', 'EquipmentSize', 'EquipmentClass'],
  additionalProperties: false,
} as const;
export type AvailableUnitsBody = FromSchema<typeof availableUnitsBodySchema>;

export const availableUnitsResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      LocationId: { type: 'integer' },
      LocationName: { type: 'string' },
      Available: { type: 'integer', minimum: 0 },
    },
    required: ['LocationId', 'LocationName', 'Available'],
    additionalProperties: false,
  },
} as const;
export type AvailableUnitRow = FromSchema<typeof availableUnitsResponseSchema>[number];
