/**
 * SPEC §7: the real-time hub on the dashboard path. Negotiate follows the SignalR negotiate
 * protocol (version 1), so the official @microsoft/signalr client connects unchanged; WebSockets
 * with text frames is the one transport offered.
 */

export const negotiateQuerySchema = {
  type: 'object',
  properties: {
    negotiateVersion: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;

export const negotiateResponseSchema = {
  type: 'object',
  properties: {
    connectionId: { type: 'string' },
    connectionToken: {
      type: 'string',
      description: 'Bring it back as `id` on the WebSocket request within 30 s; it works once.',
    },
    negotiateVersion: { type: 'integer', enum: [1] },
    availableTransports: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          transport: { type: 'string', enum: ['WebSockets'] },
          transferFormats: { type: 'array', items: { type: 'string', enum: ['Text'] } },
        },
        required: ['transport', 'transferFormats'],
        additionalProperties: false,
      },
    },
  },
  required: ['connectionId', 'connectionToken', 'negotiateVersion', 'availableTransports'],
  additionalProperties: false,
} as const;

export const hubConnectQuerySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200, description: 'The connectionToken from negotiate.' },
    access_token: {
      type: 'string',
      minLength: 1,
      maxLength: 4000,
      description: 'The bearer token: browsers cannot set headers on a WebSocket request.',
    },
  },
  required: ['id'],
} as const;
