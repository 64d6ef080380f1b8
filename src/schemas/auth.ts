import type { FromSchema } from 'json-schema-to-ts';
import { timestampQueryValue, userNameSchema } from './common';

/** SPEC §3 "Sign-in payload". */
export const loginBodySchema = {
  type: 'object',
  properties: {
    UserId: { ...userNameSchema, description: 'The user name typed on the login page.' },
    Password: { type: 'string', minLength: 1, maxLength: 200 },
    ApplicationCode: { type: 'string', minLength: 1, maxLength: 50 },
  },
  required: ['UserId', 'Password', 'ApplicationCode'],
  additionalProperties: false,
} as const;
export type LoginBody = FromSchema<typeof loginBodySchema>;

export const tokenResponseSchema = {
  type: 'object',
  properties: { token: { type: 'string', description: 'A signed JWT carrying the SPEC §3 claims.' } },
  required: ['token'],
  additionalProperties: false,
} as const;
export type TokenResponse = FromSchema<typeof tokenResponseSchema>;

export const refreshQuerySchema = {
  type: 'object',
  properties: { t: timestampQueryValue },
  additionalProperties: false,
} as const;

export const statusQuerySchema = {
  type: 'object',
  properties: {
    userId: { ...userNameSchema, description: 'The numeric UserId claim, or the user name.' },
  },
  required: ['userId'],
  additionalProperties: false,
} as const;

export const accountStatusSchema = {
  type: 'string',
  enum: ['Active', 'NotActive'],
} as const;
export type AccountStatus = FromSchema<typeof accountStatusSchema>;
