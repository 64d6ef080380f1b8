import type { FromSchema } from 'json-schema-to-ts';
import { CHASSIS_LIST_MAX } from '../domain/constants';
import { LOOKUP_DATASETS } from '../domain/lookups';

export const lookupParamsSchema = {
  type: 'object',
  properties: { dataset: { type: 'string', enum: LOOKUP_DATASETS } },
  required: ['dataset'],
  additionalProperties: false,
} as const;

/** Customer sets take the SPEC §5 customer filter; other datasets ignore it. */
export const lookupQuerySchema = {
  type: 'object',
  properties: {
    search: {
      type: 'string',
      maxLength: 100,
      description: 'At least 2 characters to filter: contains, on name with SCAC.',
    },
    customerClass: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Z]{1,5}$' },
      maxItems: 10,
      description: 'One class or several (repeat the parameter).',
    },
    poolBookingAllowed: {
      type: 'integer',
      enum: [0, 1, 2],
      description: 'SPEC §9 pool-booking-allowed filter: 0 All, 1 Yes (may pool-book), 2 No.',
    },
    t: { type: 'string', maxLength: 40 },
  },
  additionalProperties: false,
} as const;
export type LookupQuery = FromSchema<typeof lookupQuerySchema>;

export const lookupResponseSchema = {
  type: 'array',
  items: { type: 'object', additionalProperties: true },
} as const;

/** Issue 30 §3: several whole datasets in one request (a page's first lookups). */
export const lookupBatchQuerySchema = {
  type: 'object',
  properties: {
    dataset: {
      type: 'array',
      items: { type: 'string', enum: LOOKUP_DATASETS },
      minItems: 1,
      maxItems: LOOKUP_DATASETS.length,
      uniqueItems: true,
      description:
        'The datasets to answer (repeat the parameter), each as GET /api/lookup/{dataset} answers it.',
    },
  },
  required: ['dataset'],
  additionalProperties: false,
} as const;
export type LookupBatchQuery = FromSchema<typeof lookupBatchQuerySchema>;

export const lookupBatchResponseSchema = {
  type: 'object',
  description: 'Each dataset asked for, by its name, with its rows.',
  additionalProperties: lookupResponseSchema,
} as const;

/** The largest list a single check accepts: the biggest chassis list any flow submits. */
export const equipmentBodySchema = {
  type: 'object',
  properties: {
    ChassisIds: {
      type: 'array',
      minItems: 1,
      maxItems: CHASSIS_LIST_MAX,
      items: { type: 'string', minLength: 1, maxLength: 20 },
    },
    CustomerId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'Staff: check as this customer (on hire to them); customers leave it out.',
    },
    OrderType: {
      type: 'string',
      minLength: 1,
      maxLength: 10,
      description:
        'The booking order type the chassis are listed for (e.g. RU): each verdict then also says what that booking refuses at submit (a term lease, an open booking holding the chassis). Needs the rights to book that type.',
    },
  },
  required: ['ChassisIds'],
  additionalProperties: false,
} as const;
export type EquipmentBody = FromSchema<typeof equipmentBodySchema>;

const nullableString = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

export const equipmentVerdictSchema = {
  type: 'object',
  properties: {
    Input: { type: 'string' },
    ChassisId: nullableString,
    Valid: { type: 'boolean' },
    Message: nullableString,
    ChassisMasterId: nullableInteger,
    EquipmentCategoryCode: nullableString,
    EquipmentClassCode: nullableString,
    OnHireToCaller: { type: 'boolean' },
    LocationId: nullableInteger,
  },
  required: [
    'Input',
    'ChassisId',
    'Valid',
    'Message',
    'ChassisMasterId',
    'EquipmentCategoryCode',
    'EquipmentClassCode',
    'OnHireToCaller',
    'LocationId',
  ],
  additionalProperties: false,
} as const;
export type EquipmentVerdict = FromSchema<typeof equipmentVerdictSchema>;

export const equipmentResponseSchema = {
  type: 'object',
  properties: { Results: { type: 'array', items: equipmentVerdictSchema } },
  required: ['Results'],
  additionalProperties: false,
} as const;

export const codeNameListSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { Code: { type: 'string' }, Name: { type: 'string' } },
    required: ['Code', 'Name'],
    additionalProperties: false,
  },
} as const;
