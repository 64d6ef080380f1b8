/**
 * The term lease booking's own calls besides the flow's submit and update (SPEC §7 "Term lease
 * booking", base LongtermBooking): the contract's details and markets, availability per location,
 * cancel order and reopen.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const contractParamsSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;
export type ContractParams = FromSchema<typeof contractParamsSchema>;

export const contractInfoQuerySchema = {
  type: 'object',
  properties: {
    BookingOrderId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'Edit mode: the order being edited; its own bookings are left out of BookedQuantity.',
    },
    t: { type: 'string', maxLength: 40 },
  },
  additionalProperties: false,
} as const;
export type ContractInfoQuery = FromSchema<typeof contractInfoQuerySchema>;

const contractLineSchema = {
  type: 'object',
  properties: {
    EquipmentLineID: { type: 'integer' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: { type: 'string' },
    Extendable: { type: 'boolean' },
    MarketCode: { type: 'string' },
    MarketName: { type: 'string' },
    Quantity: { type: 'integer' },
    DailyRate: { type: 'number' },
    AdditionalOnHireAllowed: { type: 'boolean' },
    BookedQuantity: { type: 'integer' },
    Locations: { type: 'array', items: { type: 'integer' } },
  },
  required: [
    'EquipmentLineID',
    'EquipmentSize',
    'EquipmentClass',
    'Extendable',
    'MarketCode',
    'MarketName',
    'Quantity',
    'DailyRate',
    'AdditionalOnHireAllowed',
    'BookedQuantity',
    'Locations',
  ],
  additionalProperties: false,
} as const;

export const contractInfoResponseSchema = {
  type: 'object',
  properties: {
    ContractId: { type: 'integer' },
    ContractNumber: { type: 'string' },
    CustomerId: { type: 'integer' },
    InventoryOrgCode: { type: 'string' },
    EffectiveDate: { type: 'string' },
    EffectiveTo: { type: 'string' },
    ContractStatus: { type: 'string' },
    Bookable: { type: 'boolean' },
    NotBookableReason: { type: ['string', 'null'] },
    Lines: { type: 'array', items: contractLineSchema },
  },
  required: [
    'ContractId',
    'ContractNumber',
    'CustomerId',
    'InventoryOrgCode',
    'EffectiveDate',
    'EffectiveTo',
    'ContractStatus',
    'Bookable',
    'NotBookableReason',
    'Lines',
  ],
  additionalProperties: false,
} as const;

export const contractMarketsResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ContractId: { type: 'integer' },
      MarketCode: { type: 'string' },
      MarketName: { type: 'string' },
    },
    required: ['ContractId', 'MarketCode', 'MarketName'],
    additionalProperties: false,
  },
} as const;

/** The step actions' body (contract info for the form, availability): the contract, and the order in edit mode. */
export const contractActionBodySchema = {
  type: 'object',
  properties: {
    ContractId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    BookingOrderId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description:
        'Edit mode: the order being edited (its bookings come with the lines; its own holds count as available).',
    },
  },
  required: ['ContractId'],
  additionalProperties: false,
} as const;
export type ContractActionBody = FromSchema<typeof contractActionBodySchema>;

export const termLeaseCancelBodySchema = {
  type: 'object',
  properties: {
    BookingOrderId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    AdditionalEmails: { type: 'string', maxLength: 1000 },
  },
  required: ['BookingOrderId'],
  additionalProperties: false,
} as const;
export type TermLeaseCancelBody = FromSchema<typeof termLeaseCancelBodySchema>;

export const openOrderParamsSchema = {
  type: 'object',
  properties: {
    orderId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    statuses: {
      type: 'string',
      pattern: '^(OP|CN|CL|FF|PN|EX)(,(OP|CN|CL|FF|PN|EX))*$',
      description: 'Booking statuses to include, comma-separated (SPEC §9: OP,CN,CL,FF,PN).',
    },
  },
  required: ['orderId', 'statuses'],
  additionalProperties: false,
} as const;
export type OpenOrderParams = FromSchema<typeof openOrderParamsSchema>;

/** Answers built in src/server/bookings/term-lease/booker.ts; documented loosely (objects). */
export const looseObjectSchema = { type: 'object', additionalProperties: true } as const;
