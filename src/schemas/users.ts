import type { FromSchema } from 'json-schema-to-ts';

export const userIdParamsSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** GET /api/users/{id}: what the portal shows of a user, never the password or lockout state. */
export const userDetailsSchema = {
  type: 'object',
  properties: {
    UserId: { type: 'integer' },
    UserName: { type: 'string' },
    FirstName: { type: 'string' },
    LastName: { type: 'string' },
    UserFullName: { type: 'string' },
    Email: { type: 'string' },
    Phone: { type: ['string', 'null'] },
    AuthProvider: { type: 'string' },
    IsInternal: { type: 'boolean' },
    Active: { type: 'boolean' },
    CustomerId: { type: ['integer', 'null'] },
    CustomerName: { type: ['string', 'null'] },
    SCAC: { type: ['string', 'null'] },
    CustomerClass: { type: ['string', 'null'] },
    GoodStanding: { type: 'boolean', description: 'False when the customer may not create bookings.' },
  },
  required: [
    'UserId',
    'UserName',
    'FirstName',
    'LastName',
    'UserFullName',
    'Email',
    'Phone',
    'AuthProvider',
    'IsInternal',
    'Active',
    'CustomerId',
    'CustomerName',
    'SCAC',
    'CustomerClass',
    'GoodStanding',
  ],
  additionalProperties: false,
} as const;
export type UserDetails = FromSchema<typeof userDetailsSchema>;

/** Issue 27: PUT /api/users/{id}/active — staff deactivate (false) or reactivate (true) a user. */
export const userActiveBodySchema = {
  type: 'object',
  properties: { Active: { type: 'boolean' } },
  required: ['Active'],
  additionalProperties: false,
} as const;
export type UserActiveBody = FromSchema<typeof userActiveBodySchema>;

/** Issue 27: GET /api/users/me/draftkey — the key the signed-in user's drafts are sealed with. */
export const draftKeySchema = {
  type: 'object',
  properties: {
    KeyId: { type: 'string', description: "Names the storage entry of this user's drafts." },
    Key: { type: 'string', description: 'AES-256-GCM key, base64.' },
  },
  required: ['KeyId', 'Key'],
  additionalProperties: false,
} as const;
export type DraftKey = FromSchema<typeof draftKeySchema>;
