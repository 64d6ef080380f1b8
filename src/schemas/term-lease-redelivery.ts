/**
 * The term lease redelivery's own calls besides the flow's submit (SPEC §7 longTermRedelivery):
 * contractForChassis (the step action that groups the pasted chassis per contract line) — at most
 * limits.json termLeaseValidationChassisMax chassis per call (SPEC §5).
 */
import type { FromSchema } from 'json-schema-to-ts';
import limits from '../rules/limits.json' with { type: 'json' };

export const contractForChassisBodySchema = {
  type: 'object',
  properties: {
    ChassisIds: {
      type: 'array',
      minItems: 1,
      maxItems: limits.termLeaseValidationChassisMax,
      items: { type: 'string', minLength: 1, maxLength: 20 },
    },
    CustomerId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'Staff: the customer returning; customers leave it out.',
    },
    MarketCode: {
      type: 'string',
      minLength: 1,
      maxLength: 10,
      description: 'With LocationIds: applied to every line that offers them (SPEC §4).',
    },
    LocationIds: {
      type: 'array',
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      description:
        'SPEC §3 search model: the return locations; with MarketCode, each line that offers the market gets the first of these it offers.',
    },
    EquipmentSizes: {
      type: 'array',
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 30 },
      description:
        'Only chassis of these sizes (equipment category codes, e.g. Chassis.40); none: every size.',
    },
    InventoryOrg: {
      type: 'string',
      minLength: 1,
      maxLength: 10,
      description: 'The org the chassis are returned into (default IDL): its locations are the ones offered.',
    },
    BookingOrderId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description:
        'The redelivery being edited: its own chassis are not "already on a redelivery", and come back with its choices.',
    },
  },
  required: ['ChassisIds'],
  additionalProperties: false,
} as const;
export type ContractForChassisBody = FromSchema<typeof contractForChassisBodySchema>;

/** The answer's lines are SPEC §3's group line items and line item details (src/domain/term-lease-redelivery.ts). */
export const contractForChassisResponseSchema = {
  type: 'object',
  properties: {
    Results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Input: { type: 'string' },
          ChassisId: { type: ['string', 'null'] },
          Valid: { type: 'boolean' },
          Message: { type: ['string', 'null'] },
        },
        required: ['Input', 'ChassisId', 'Valid', 'Message'],
      },
    },
    GroupLineItems: { type: 'array', items: { type: 'object', additionalProperties: true } },
    RequestedValidChassis: { type: 'array', items: { type: 'string' } },
  },
  required: ['Results', 'GroupLineItems', 'RequestedValidChassis'],
} as const;
