/** Shared JSON Schema pieces: every API error and the small reusable field shapes. */

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
