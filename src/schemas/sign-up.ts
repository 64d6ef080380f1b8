/**
 * Sign-up (issue 5, SPEC §2 "Register as a New User", §8 "Sign-up success"): the request for access
 * a new user makes, the check that a user name is free, and the access requests staff read. The
 * person, email and phone fields are account.ts's, as My Account uses them too.
 *
 * Endpoints (all JSON):
 * - POST /api/auth/signup                 public     SignUpBody            → 201 AccountMessage
 * - GET  /api/auth/usernames?userName=    public     UserNameQuery         → 200 UserNameAvailability
 * - GET  /api/auth/accessrequests         internal staff only              → 200 AccessRequest[]
 */
import type { FromSchema } from 'json-schema-to-ts';
import { emailSchema, personNameSchema, phoneSchema } from './account';
import { userNameSchema } from './common';

/** A new user name: letters, digits and . _ - @, starting with a letter or digit. */
export const NEW_USER_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$';
export const newUserNameSchema = {
  type: 'string',
  minLength: 3,
  maxLength: 50,
  pattern: NEW_USER_NAME_PATTERN,
  description: '3 to 50 characters: letters, digits and . _ - @, starting with a letter or digit.',
} as const;

/** The booking areas a new user may ask for (sign-up "requested access"). */
export const requestedAccessAreas = [
  { Value: 'PoolBooking', Label: 'Pool booking' },
  { Value: 'ReuseBooking', Label: 'Reuse booking' },
  { Value: 'TermLeaseBooking', Label: 'Term lease booking' },
  { Value: 'RepositionBooking', Label: 'Reposition booking' },
  { Value: 'DailyLeaseBooking', Label: 'Daily lease booking' },
  { Value: 'TermLeaseRedelivery', Label: 'Term lease redelivery' },
  { Value: 'PoolRedelivery', Label: 'Pool redelivery' },
] as const;
export const REQUESTED_ACCESS_VALUES = [
  'PoolBooking',
  'ReuseBooking',
  'TermLeaseBooking',
  'RepositionBooking',
  'DailyLeaseBooking',
  'TermLeaseRedelivery',
  'PoolRedelivery',
] as const;
export type RequestedAccessArea = (typeof REQUESTED_ACCESS_VALUES)[number];

/** SPEC §8 "Sign-up success": the request for access is approved and setup is in process. */
export const SIGN_UP_SUCCESS_TEXT =
  'Thank you for registering. Your request for access has been approved and your account setup is in process. You will receive an email when your account is ready.';

/** POST /api/auth/signup: "Register as a New User". Creates an access request staff can see. */
export const signUpBodySchema = {
  type: 'object',
  properties: {
    CompanyName: { type: 'string', minLength: 1, maxLength: 200 },
    SCAC: {
      type: 'string',
      pattern: '^[A-Za-z]{2,4}$',
      description: 'Standard Carrier Alpha Code: 2 to 4 letters.',
    },
    FirstName: personNameSchema,
    LastName: personNameSchema,
    UserName: newUserNameSchema,
    Email: emailSchema,
    Phone: phoneSchema,
    RequestedAccess: {
      type: 'array',
      minItems: 1,
      maxItems: REQUESTED_ACCESS_VALUES.length,
      uniqueItems: true,
      items: { type: 'string', enum: REQUESTED_ACCESS_VALUES },
      description: 'The booking areas the new user asks for.',
    },
  },
  required: ['CompanyName', 'SCAC', 'FirstName', 'LastName', 'UserName', 'Email', 'Phone', 'RequestedAccess'],
  additionalProperties: false,
} as const;
export type SignUpBody = FromSchema<typeof signUpBodySchema>;

/** GET /api/auth/usernames?userName=: is a user name free for sign-up (not used, not requested). */
export const userNameQuerySchema = {
  type: 'object',
  properties: { userName: userNameSchema },
  required: ['userName'],
  additionalProperties: false,
} as const;
export type UserNameQuery = FromSchema<typeof userNameQuerySchema>;

export const userNameAvailabilitySchema = {
  type: 'object',
  properties: {
    UserName: { type: 'string' },
    Available: { type: 'boolean' },
    Message: { type: 'string', description: 'Why it is not available, or that it is.' },
  },
  required: ['UserName', 'Available', 'Message'],
  additionalProperties: false,
} as const;
export type UserNameAvailability = FromSchema<typeof userNameAvailabilitySchema>;

export const ACCESS_REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;

/** GET /api/auth/accessrequests (internal staff): the sign-ups, newest first. */
export const accessRequestSchema = {
  type: 'object',
  properties: {
    AccessRequestId: { type: 'integer' },
    CompanyName: { type: 'string' },
    SCAC: { type: 'string' },
    FirstName: { type: 'string' },
    LastName: { type: 'string' },
    UserName: { type: 'string' },
    Email: { type: 'string' },
    Phone: { type: 'string' },
    RequestedAccess: { type: 'array', items: { type: 'string', enum: REQUESTED_ACCESS_VALUES } },
    Status: { type: 'string', enum: ACCESS_REQUEST_STATUSES },
    RequestedAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'AccessRequestId',
    'CompanyName',
    'SCAC',
    'FirstName',
    'LastName',
    'UserName',
    'Email',
    'Phone',
    'RequestedAccess',
    'Status',
    'RequestedAt',
  ],
  additionalProperties: false,
} as const;
export type AccessRequest = FromSchema<typeof accessRequestSchema>;
export const accessRequestListSchema = { type: 'array', items: accessRequestSchema } as const;
