/**
 * The pool redelivery's own call besides the flow's submit (SPEC §7 "pool redelivery" base): the
 * per-row check of the bulk chassis list, at most limits.json termLeaseValidationChassisMax IDs
 * per call (SPEC §5: 300 at a time for validation).
 */
import type { FromSchema } from 'json-schema-to-ts';
import limits from '../rules/limits.json' with { type: 'json' };

export const CHASSIS_CHECK_MAX = limits.termLeaseValidationChassisMax;

export const poolRedeliveryCheckBodySchema = {
  type: 'object',
  properties: {
    ChassisIds: {
      type: 'array',
      minItems: 1,
      maxItems: CHASSIS_CHECK_MAX,
      items: { type: 'string', minLength: 1, maxLength: 20 },
    },
    CustomerId: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'Staff: check as this customer; customers leave it out.',
    },
  },
  required: ['ChassisIds'],
  additionalProperties: false,
} as const;
export type PoolRedeliveryCheckBody = FromSchema<typeof poolRedeliveryCheckBodySchema>;
