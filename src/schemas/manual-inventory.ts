/**
 * Manual inventory (base /api/manualinventory): staff record a count of units at a location for a
 * provider-managed org, size and class — an MI order with a reason and a comment. The preview
 * shows the difference from the system's count before saving; saving makes the system hold what
 * was counted (docs/decisions.md "Inventory screens").
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The most units one count may name: above any yard. */
export const COUNTED_QUANTITY_MAX = 5_000;
export const MI_COMMENT_MAX = 500;

/** Why staff counted; the one list of manual inventory reasons (SPEC §3 lists none of its own). */
export const MANUAL_INVENTORY_REASONS = [
  { ReasonCode: 'YARD_COUNT', ReasonDescription: 'Scheduled yard count' },
  { ReasonCode: 'MISSING', ReasonDescription: 'Units missing from the yard' },
  { ReasonCode: 'DAMAGED', ReasonDescription: 'Units damaged, out of service' },
  { ReasonCode: 'FOUND', ReasonDescription: 'Units found in the yard' },
  { ReasonCode: 'REPAIRED', ReasonDescription: 'Units back from repair' },
] as const;
export const MANUAL_INVENTORY_REASON_CODES = MANUAL_INVENTORY_REASONS.map((r) => r.ReasonCode);

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const countFields = {
  InventoryOrgCode: { type: 'string', minLength: 1, maxLength: 40, description: 'A provider-managed org.' },
  LocationId: id,
  EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
  EquipmentClass: { type: 'string', minLength: 1, maxLength: 10 },
  CountedQuantity: {
    type: 'integer',
    minimum: 0,
    maximum: COUNTED_QUANTITY_MAX,
    description: 'Units of this org, size and class standing serviceable in the yard.',
  },
} as const;
const countRequired = [
  'InventoryOrgCode',
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
  'CountedQuantity',
] as const;

export const countPreviewSchema = {
  type: 'object',
  properties: countFields,
  required: [...countRequired],
  additionalProperties: false,
} as const;
export type CountPreview = FromSchema<typeof countPreviewSchema>;

export const countDifferenceSchema = {
  type: 'object',
  properties: {
    InventoryOrgCode: { type: 'string' },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: { type: 'string' },
    SystemCount: { type: 'integer', description: 'Units the system holds available there now.' },
    CountedQuantity: { type: 'integer' },
    Difference: { type: 'integer', description: 'CountedQuantity − SystemCount.' },
    OutOfServiceCount: {
      type: 'integer',
      description: 'Units there out of service: a higher count returns these first, then adds units.',
    },
    Effect: { type: 'string', description: 'What saving would do, in words.' },
  },
  required: [
    'InventoryOrgCode',
    'LocationId',
    'LocationName',
    'EquipmentSize',
    'EquipmentClass',
    'SystemCount',
    'CountedQuantity',
    'Difference',
    'OutOfServiceCount',
    'Effect',
  ],
  additionalProperties: false,
} as const;
export type CountDifference = FromSchema<typeof countDifferenceSchema>;

export const countCreateSchema = {
  type: 'object',
  properties: {
    ...countFields,
    SystemCount: {
      type: 'integer',
      minimum: 0,
      maximum: 2147483647,
      description: 'The system count the preview showed: if it moved since, the save is a 409.',
    },
    ReasonCode: { type: 'string', enum: MANUAL_INVENTORY_REASON_CODES },
    Comment: { type: ['string', 'null'], maxLength: MI_COMMENT_MAX },
  },
  required: [...countRequired, 'SystemCount', 'ReasonCode'],
  additionalProperties: false,
} as const;
export type CountCreate = FromSchema<typeof countCreateSchema>;

export const miOrderSchema = {
  type: 'object',
  properties: {
    MiOrderId: { type: 'integer' },
    OrderNumber: { type: 'string', description: 'MI and the order id, e.g. MI000042.' },
    InventoryOrgCode: { type: 'string' },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    MarketCode: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: { type: 'string' },
    SystemCount: { type: 'integer' },
    CountedQuantity: { type: 'integer' },
    Difference: { type: 'integer' },
    ReasonCode: { type: 'string' },
    ReasonDescription: { type: 'string' },
    Comment: { type: ['string', 'null'] },
    UnitsOutOfService: { type: 'array', items: { type: 'string' } },
    UnitsReturned: { type: 'array', items: { type: 'string' } },
    UnitsAdded: { type: 'array', items: { type: 'string' } },
    CreatedBy: { type: ['string', 'null'] },
    CreatedAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'MiOrderId',
    'OrderNumber',
    'InventoryOrgCode',
    'LocationId',
    'LocationName',
    'MarketCode',
    'EquipmentSize',
    'EquipmentClass',
    'SystemCount',
    'CountedQuantity',
    'Difference',
    'ReasonCode',
    'ReasonDescription',
    'Comment',
    'UnitsOutOfService',
    'UnitsReturned',
    'UnitsAdded',
    'CreatedBy',
    'CreatedAt',
  ],
  additionalProperties: false,
} as const;
export type MiOrder = FromSchema<typeof miOrderSchema>;

export const miSearchSchema = {
  type: 'object',
  description: 'The latest counts (at most 100), newest first.',
  properties: {
    InventoryOrgCode: { type: 'string', minLength: 1, maxLength: 40 },
    MarketCode: { type: 'string', maxLength: 10 },
    LocationId: id,
  },
  required: ['InventoryOrgCode'],
  additionalProperties: false,
} as const;
export type MiSearch = FromSchema<typeof miSearchSchema>;

export const miSearchResponseSchema = {
  type: 'object',
  properties: {
    Orders: { type: 'array', items: miOrderSchema },
    Reasons: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ReasonCode: { type: 'string' }, ReasonDescription: { type: 'string' } },
        required: ['ReasonCode', 'ReasonDescription'],
        additionalProperties: false,
      },
    },
  },
  required: ['Orders', 'Reasons'],
  additionalProperties: false,
} as const;
export type MiSearchResponse = FromSchema<typeof miSearchResponseSchema>;
