/**
 * The reposition booking's own calls besides the flow's submit and update (SPEC §7 "reposition
 * booking" base): the availability step action, which fills Header.AvailableQuantity.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const repositionAvailabilityBodySchema = {
  type: 'object',
  properties: {
    CustomerId: {
      type: 'integer',
      minimum: 1,
      description: 'Staff: the customer booking; customers leave it out.',
    },
    InventoryOrgCode: { type: 'string', minLength: 1, maxLength: 20 },
    FromLocationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
    EquipmentClass: { type: 'string', minLength: 1, maxLength: 20 },
    Extendable: { type: 'string', enum: ['All', 'Yes', 'No'] },
    BookingOrderId: {
      type: 'integer',
      minimum: 1,
      description: 'Edit mode: the order being edited; what it already holds is counted as available.',
    },
  },
  required: ['InventoryOrgCode', 'FromLocationId', 'EquipmentSize', 'EquipmentClass', 'Extendable'],
  additionalProperties: false,
} as const;
export type RepositionAvailabilityBody = FromSchema<typeof repositionAvailabilityBodySchema>;

export const repositionAvailabilityResponseSchema = {
  type: 'object',
  properties: {
    AvailableQuantity: { type: 'integer' },
    FromLocationId: { type: 'integer' },
    CheckedAt: { type: 'string', format: 'date-time' },
  },
  required: ['AvailableQuantity', 'FromLocationId', 'CheckedAt'],
  additionalProperties: false,
} as const;
export type RepositionAvailabilityResponse = FromSchema<typeof repositionAvailabilityResponseSchema>;
