/**
 * Issue 18: a company's API keys (base /api/account/apikeys): make one (shown once), list them,
 * revoke one. docs/integrations.md "API keys" says how a system calls with one.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { KEY_ABILITIES } from '../domain/policies';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const abilities = {
  type: 'array',
  items: { type: 'string', enum: KEY_ABILITIES },
  maxItems: 4,
  description:
    'What the key may do: read (the dashboard, an order and its documents), book (the booking calls, edits included), cancel (cancel an order); or, alone and made by staff, gate (a terminal or depot sends gate events, POST /api/gateevents).',
} as const;
const locationIds = {
  type: 'array',
  items: id,
  maxItems: 50,
  description: 'A gate key only: the locations whose gate events the key sends.',
} as const;

export const apiKeyCreateSchema = {
  type: 'object',
  properties: {
    Name: {
      type: 'string',
      maxLength: 100,
      description: 'Which system uses the key; unique among the company’s working keys.',
    },
    Abilities: abilities,
    LocationIds: locationIds,
    ExpiresAt: {
      type: 'string',
      maxLength: 40,
      description:
        'A date (the key works to the end of that day, UTC) or a date-time; at most two years ahead.',
    },
    CustomerId: { ...id, description: 'Staff: the company the key is for. Others: their own company.' },
  },
  required: ['Name', 'Abilities', 'ExpiresAt'],
  additionalProperties: false,
} as const;
export type ApiKeyCreate = FromSchema<typeof apiKeyCreateSchema>;

export const apiKeyListQuerySchema = {
  type: 'object',
  properties: { CustomerId: { ...id, description: 'Staff: whose keys. Others: their own company’s.' } },
  additionalProperties: false,
} as const;
export type ApiKeyListQuery = FromSchema<typeof apiKeyListQuerySchema>;

export const apiKeyParamsSchema = {
  type: 'object',
  properties: { id },
  required: ['id'],
} as const;

const keyProperties = {
  ApiKeyId: { type: 'integer' },
  CustomerId: { type: 'integer' },
  Name: { type: 'string' },
  Prefix: { type: 'string', description: 'The key’s first characters, to tell keys apart.' },
  Abilities: abilities,
  LocationIds: { ...locationIds, type: ['array', 'null'] },
  CreatedBy: { type: ['string', 'null'] },
  CreatedAt: { type: 'string', format: 'date-time' },
  ExpiresAt: { type: 'string', format: 'date-time' },
  LastUsedAt: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'Within a minute: the time is written at most once a minute per server.',
  },
  RevokedAt: { type: ['string', 'null'], format: 'date-time' },
  Status: { type: 'string', enum: ['Active', 'Expired', 'Revoked'] },
} as const;
const keyRequired = [
  'ApiKeyId',
  'CustomerId',
  'Name',
  'Prefix',
  'Abilities',
  'LocationIds',
  'CreatedBy',
  'CreatedAt',
  'ExpiresAt',
  'LastUsedAt',
  'RevokedAt',
  'Status',
] as const;

export const apiKeySchema = {
  type: 'object',
  properties: keyProperties,
  required: keyRequired,
  additionalProperties: false,
} as const;
export type ApiKeyView = FromSchema<typeof apiKeySchema>;

export const apiKeyListSchema = { type: 'array', items: apiKeySchema } as const;

export const createdApiKeySchema = {
  type: 'object',
  properties: {
    ...keyProperties,
    Key: {
      type: 'string',
      description:
        'The whole key, shown this once: only its SHA-256 is kept. Send it as `Authorization: ApiKey <key>`.',
    },
  },
  required: [...keyRequired, 'Key'],
  additionalProperties: false,
} as const;
export type CreatedApiKey = FromSchema<typeof createdApiKeySchema>;
