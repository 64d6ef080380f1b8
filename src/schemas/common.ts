/** Shared JSON Schema pieces: every API error and the small reusable field shapes. */

/** One problem of a 400: where (a dotted field path, '' for the whole request), what, and which rule. */
export const fieldErrorSchema = {
  type: 'object',
  properties: { field: { type: 'string' }, message: { type: 'string' }, ruleId: { type: 'string' } },
  required: ['field', 'message'],
  additionalProperties: false,
} as const;

/** A confirm or acknowledge rule a submit must answer first (a flow's question). */
export const ruleVerdictSchema = {
  type: 'object',
  properties: {
    ruleId: { type: 'string' },
    kind: { type: 'string' },
    field: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['ruleId', 'kind', 'field', 'message'],
  additionalProperties: false,
} as const;

export const errorResponseSchema = {
  $id: 'ErrorResponse',
  type: 'object',
  description:
    'Every failed call answers with this body. `error` is the message to show (SPEC §8 reads it first); `message` repeats it for callers that read that field (the login page does).',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    requestId: { type: 'string' },
    errors: {
      type: 'array',
      items: fieldErrorSchema,
      description:
        'Issue 26: on every 400, each problem: the field (dotted path; empty when the request as a whole is refused), the message, and the rule or check that refused it.',
    },
    unanswered: {
      type: 'array',
      items: ruleVerdictSchema,
      description: 'A refused submit: the confirm and acknowledge rules to list in Acknowledged.',
    },
  },
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false,
} as const;

/** Cache-busting timestamp query (`?t=` / `?dt=`): any short token is accepted and ignored. */
export const timestampQueryValue = { type: 'string', maxLength: 40 } as const;

export const userNameSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const errorResponses = {
  400: { $ref: 'ErrorResponse#' },
  401: { $ref: 'ErrorResponse#' },
  403: { $ref: 'ErrorResponse#' },
  404: { $ref: 'ErrorResponse#' },
} as const;
