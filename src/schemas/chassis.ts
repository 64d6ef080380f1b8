/**
 * Issue 31: the chassis a company holds ("My chassis", base /api/chassis/held) and the chassis
 * lookup any signed-in user may make (GET /api/chassis/lookup/{chassisId}).
 */
import type { FromSchema } from 'json-schema-to-ts';

/** What a redelivery or reuse flow accepts, so its picker lists only those chassis. */
export const HELD_PURPOSES = ['reuse', 'poolRedelivery', 'termLeaseRedelivery'] as const;
export type HeldPurpose = (typeof HELD_PURPOSES)[number];

export const heldChassisQuerySchema = {
  type: 'object',
  properties: {
    Search: {
      type: 'string',
      maxLength: 100,
      description: 'Chassis ID, booking number, contract number or location contains.',
    },
    Purpose: { type: 'string', enum: HELD_PURPOSES, description: 'Only the chassis this flow accepts.' },
    CustomerId: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'Staff: whose chassis.' },
    Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
  },
  additionalProperties: false,
} as const;
export type HeldChassisQuery = FromSchema<typeof heldChassisQuerySchema>;

const nullableString = { type: ['string', 'null'] } as const;

export const heldChassisSchema = {
  type: 'object',
  properties: {
    ChassisId: { type: 'string' },
    EquipmentSize: { type: 'string', description: 'The equipment category code, e.g. Chassis.40.' },
    EquipmentSizeName: { type: 'string' },
    EquipmentClass: { type: 'string' },
    EquipmentClassName: { type: 'string' },
    OnHireSince: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Null where the records do not say.',
    },
    BookingCode: { ...nullableString, description: 'The booking it was picked up against.' },
    BookingOrderId: { type: ['integer', 'null'] },
    ContractNumber: { ...nullableString, description: 'The term lease it is on.' },
    ContractStart: {
      type: ['string', 'null'],
      format: 'date',
      description:
        "The term lease's first day (a calendar day): the earliest it can be on hire under it. Null for a pool chassis.",
    },
    PickedUpAt: { ...nullableString, description: 'The location it was picked up at.' },
  },
  required: [
    'ChassisId',
    'EquipmentSize',
    'EquipmentSizeName',
    'EquipmentClass',
    'EquipmentClassName',
    'OnHireSince',
    'BookingCode',
    'BookingOrderId',
    'ContractNumber',
    'ContractStart',
    'PickedUpAt',
  ],
  additionalProperties: false,
} as const;
export type HeldChassis = FromSchema<typeof heldChassisSchema>;

export const heldChassisListSchema = {
  type: 'object',
  properties: { TotalCount: { type: 'integer' }, ResultSet: { type: 'array', items: heldChassisSchema } },
  required: ['TotalCount', 'ResultSet'],
  additionalProperties: false,
} as const;
export type HeldChassisList = FromSchema<typeof heldChassisListSchema>;

export const CHASSIS_STANDINGS = [
  'Available',
  'OnHireToYou',
  'OnHireToOther',
  'OutOfService',
  'NotOurs',
] as const;

export const chassisLookupParamsSchema = {
  type: 'object',
  properties: { chassisId: { type: 'string', minLength: 1, maxLength: 20 } },
  required: ['chassisId'],
} as const;

export const chassisLookupSchema = {
  type: 'object',
  properties: {
    ChassisId: { type: 'string' },
    Ours: { type: 'boolean' },
    Standing: {
      type: 'string',
      enum: CHASSIS_STANDINGS,
      description:
        'Available, on hire to your company, on hire to another (never whom), out of service, or not ours.',
    },
    Message: { type: 'string', description: 'The answer in one sentence.' },
    EquipmentSize: nullableString,
    EquipmentSizeName: nullableString,
    EquipmentClass: nullableString,
    EquipmentClassName: nullableString,
    PoolType: { ...nullableString, description: 'Pool, Term Lease, Co-op Pool or Private.' },
    LocationName: { ...nullableString, description: 'Where an available chassis stands.' },
    OtherPool: {
      ...nullableString,
      description: 'Not ours: the other pool its prefix belongs to, where known.',
    },
  },
  required: [
    'ChassisId',
    'Ours',
    'Standing',
    'Message',
    'EquipmentSize',
    'EquipmentSizeName',
    'EquipmentClass',
    'EquipmentClassName',
    'PoolType',
    'LocationName',
    'OtherPool',
  ],
  additionalProperties: false,
} as const;
export type ChassisLookup = FromSchema<typeof chassisLookupSchema>;
