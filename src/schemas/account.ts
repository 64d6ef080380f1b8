/**
 * The account lifecycle API (issue 5, SPEC §1 account functions, §2 sign-up / recover / reset /
 * my account, §7 "user names, recover password, validate reset password request, reset password
 * and update account"). One schema per payload: it validates the request on the server, shapes the
 * client form, documents the API and gives the TypeScript type.
 *
 * Endpoints (all JSON; "signed in" = bearer token):
 * - POST /api/auth/recoverpassword        public     RecoverPasswordBody   → 202 AccountMessage (same answer whether or not the account exists; 429 when rate-limited)
 * - POST /api/auth/validateresetpassword  public     ValidateResetBody     → 200 ResetRequestValidity (the token in the body: never in a URL a server logs)
 * - POST /api/auth/resetpassword          public with Token, signed in without it  ResetPasswordBody → 200 PasswordChanged
 * - POST /api/auth/changepassword         signed in  ChangePasswordBody    → 200 PasswordChanged
 * - GET  /api/users/me/account            signed in                        → 200 MyAccount
 * - PUT  /api/auth/updateaccount          signed in  UpdateAccountBody     → 200 MyAccount
 *
 * Password changes and resets sign out the user's other sessions; the answer carries a fresh
 * `token` for the session that made the change (null after an emailed-link reset: sign in again).
 * Failures use the common ErrorResponse body (`error` is the text to show). Sign-up and the access
 * requests it makes are in sign-up.ts; the field shapes both use are here.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { userNameSchema } from './common';

// ---------------------------------------------------------------------------------------------
// Password policy: data the client shows as the rule, and the one check both sides run.
// ---------------------------------------------------------------------------------------------

/** The password rule, as data: the client lists it under the field, the server enforces it. */
export const passwordPolicy = {
  MinLength: 10,
  MaxLength: 128,
  /** At least MinClasses of these character classes must appear. */
  MinClasses: 3,
  Classes: [
    { Name: 'lowercase', Pattern: '[a-z]', Text: 'a lowercase letter' },
    { Name: 'uppercase', Pattern: '[A-Z]', Text: 'an uppercase letter' },
    { Name: 'digit', Pattern: '[0-9]', Text: 'a digit' },
    { Name: 'symbol', Pattern: '[^A-Za-z0-9]', Text: 'a symbol such as ! # $ %' },
  ],
  /** The password may not contain the user name (compared case-insensitively). */
  NotContainingUserName: true,
  /** A new password must differ from the current one. */
  DifferentFromCurrent: true,
} as const;
export type PasswordPolicy = typeof passwordPolicy;

/** The rule in one sentence, e.g. for the help text under a new-password field. */
export const PASSWORD_POLICY_TEXT = `Use ${passwordPolicy.MinLength} to ${passwordPolicy.MaxLength} characters with at least ${passwordPolicy.MinClasses} of: ${passwordPolicy.Classes.map((c) => c.Text).join(', ')}; do not include your user name.`;

/**
 * What is wrong with a proposed password under the policy (empty when it passes). The server adds
 * the "different from current" check, which needs the stored hash.
 */
export function passwordPolicyProblems(password: string, userName?: string | null): string[] {
  const problems: string[] = [];
  if (password.length < passwordPolicy.MinLength) {
    problems.push(`The password must be at least ${passwordPolicy.MinLength} characters long.`);
  }
  if (password.length > passwordPolicy.MaxLength) {
    problems.push(`The password must be at most ${passwordPolicy.MaxLength} characters long.`);
  }
  const classes = passwordPolicy.Classes.filter((c) => new RegExp(c.Pattern).test(password));
  if (classes.length < passwordPolicy.MinClasses) {
    problems.push(
      `The password must contain at least ${passwordPolicy.MinClasses} of: ${passwordPolicy.Classes.map((c) => c.Text).join(', ')}.`,
    );
  }
  const name = userName?.trim().toLowerCase();
  if (
    passwordPolicy.NotContainingUserName &&
    name &&
    name.length >= 3 &&
    password.toLowerCase().includes(name)
  ) {
    problems.push('The password must not contain your user name.');
  }
  return problems;
}

/** One email address (the same shape SPEC §5's email lists accept per entry). */
export const EMAIL_PATTERN = '^[^\\s@;,]+@[^\\s@;,]+\\.[^\\s@;,]+$';
/** SPEC §8 "Invalid email": the message for a badly formed address. */
export const INVALID_EMAIL_TEXT = 'Invalid email address';
export const isValidEmail = (value: string): boolean => new RegExp(EMAIL_PATTERN).test(value.trim());

// ---------------------------------------------------------------------------------------------
// Shared field shapes
// ---------------------------------------------------------------------------------------------

export const personNameSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** Checked on the server with INVALID_EMAIL_TEXT (SPEC §8), so the schema only bounds the length. */
export const emailSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 254,
  description: `One email address; a malformed one is refused with '${INVALID_EMAIL_TEXT}'.`,
} as const;
export const PHONE_PATTERN = '^[0-9+()./ x-]{7,30}$';
export const phoneSchema = {
  type: 'string',
  minLength: 7,
  maxLength: 30,
  pattern: PHONE_PATTERN,
  description: 'Digits, spaces and + ( ) - . x (extension); 7 to 30 characters.',
} as const;
/** A password as typed: the policy (passwordPolicyProblems) is checked by the server with its own messages. */
const passwordInputSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** A route inside the portal to return to after a reset, e.g. '/app/dashboard' (never another site). */
export const RETURN_URL_PATTERN = '^/(?![/\\\\])[A-Za-z0-9_./?=&%-]*$';
const returnUrlSchema = {
  type: 'string',
  maxLength: 300,
  pattern: RETURN_URL_PATTERN,
  description: "A hash route of the portal, starting with '/', e.g. /app/dashboard.",
} as const;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The one answer of recover password, whether or not the account exists. */
export const RECOVER_PASSWORD_TEXT =
  'If an account matches what you entered, we have sent an email with a link to reset your password. The link can be used once and expires in 60 minutes.';
export const RECOVER_RATE_LIMIT_TEXT =
  'Too many password recovery requests. Please wait 15 minutes before trying again, or contact customer support.';
/** While the token says ResetPassword, every other call answers 403 with this. */
export const RESET_REQUIRED_TEXT =
  'You must reset your password before you can continue. Go to the reset password page to choose a new password.';

export const accountMessageSchema = {
  type: 'object',
  properties: { Message: { type: 'string', description: 'The text to show the user.' } },
  required: ['Message'],
  additionalProperties: false,
} as const;
export type AccountMessage = FromSchema<typeof accountMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Recover and reset password
// ---------------------------------------------------------------------------------------------

/** POST /api/auth/recoverpassword: mails a single-use reset link valid for 60 minutes. */
export const recoverPasswordBodySchema = {
  type: 'object',
  properties: {
    UserNameOrEmail: {
      ...userNameSchema,
      maxLength: 254,
      description: 'The user name or the email address.',
    },
    ReturnUrl: returnUrlSchema,
  },
  required: ['UserNameOrEmail'],
  additionalProperties: false,
} as const;
export type RecoverPasswordBody = FromSchema<typeof recoverPasswordBodySchema>;

/** The reset link in the mail: `#/support/resetpassword?token=<token>&returnUrl=<ReturnUrl>`. */
export const RESET_PASSWORD_ROUTE = '/support/resetpassword';

/** The mailed link's token, in the body (issue 28): a URL's query is written to request logs. */
export const validateResetBodySchema = {
  type: 'object',
  properties: { Token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['Token'],
  additionalProperties: false,
} as const;
export type ValidateResetBody = FromSchema<typeof validateResetBodySchema>;

/** POST /api/auth/validateresetpassword: whether the link can still be used. */
export const resetRequestValiditySchema = {
  type: 'object',
  properties: {
    Valid: { type: 'boolean' },
    Message: { type: 'string', description: 'Why the link cannot be used, or what to do next.' },
    UserName: { type: ['string', 'null'], description: 'The account the link resets (null when not valid).' },
    ExpiresAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['Valid', 'Message', 'UserName', 'ExpiresAt'],
  additionalProperties: false,
} as const;
export type ResetRequestValidity = FromSchema<typeof resetRequestValiditySchema>;

/**
 * POST /api/auth/resetpassword, two ways:
 * - with `Token` from the mailed link (no sign-in needed);
 * - without `Token`, signed in: the forced reset of a user whose token says ResetPassword (or any
 *   signed-in user); then `CurrentPassword` is required.
 * NewPassword must pass the password policy and equal ConfirmPassword.
 */
export const resetPasswordBodySchema = {
  type: 'object',
  properties: {
    Token: { type: 'string', minLength: 1, maxLength: 200 },
    CurrentPassword: passwordInputSchema,
    NewPassword: passwordInputSchema,
    ConfirmPassword: passwordInputSchema,
  },
  required: ['NewPassword', 'ConfirmPassword'],
  additionalProperties: false,
} as const;
export type ResetPasswordBody = FromSchema<typeof resetPasswordBodySchema>;

/** POST /api/auth/changepassword (my account). */
export const changePasswordBodySchema = {
  type: 'object',
  properties: {
    CurrentPassword: passwordInputSchema,
    NewPassword: passwordInputSchema,
  },
  required: ['CurrentPassword', 'NewPassword'],
  additionalProperties: false,
} as const;
export type ChangePasswordBody = FromSchema<typeof changePasswordBodySchema>;

/** The answer to a password reset or change. */
export const passwordChangedSchema = {
  type: 'object',
  properties: {
    Message: { type: 'string' },
    token: {
      type: ['string', 'null'],
      description:
        'A fresh token for the session that made the change (its other sessions are signed out); null after a reset by emailed link.',
    },
  },
  required: ['Message', 'token'],
  additionalProperties: false,
} as const;
export type PasswordChanged = FromSchema<typeof passwordChangedSchema>;

// ---------------------------------------------------------------------------------------------
// My account
// ---------------------------------------------------------------------------------------------

export const notificationPreferencesSchema = {
  type: 'object',
  properties: {
    BookingNotifications: {
      type: 'boolean',
      description: 'Copy me on notifications about bookings I make.',
    },
    SecurityAlerts: {
      type: 'boolean',
      description: 'Email me when my password is changed or reset.',
    },
  },
  required: ['BookingNotifications', 'SecurityAlerts'],
  additionalProperties: false,
} as const;
export type NotificationPreferences = FromSchema<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  BookingNotifications: true,
  SecurityAlerts: true,
};

/** GET /api/users/me/account. */
export const myAccountSchema = {
  type: 'object',
  properties: {
    UserId: { type: 'integer' },
    UserName: { type: 'string' },
    FirstName: { type: 'string' },
    LastName: { type: 'string' },
    Email: { type: 'string' },
    Phone: { type: ['string', 'null'] },
    AuthProvider: { type: 'string' },
    IsInternal: { type: 'boolean' },
    CompanyName: { type: ['string', 'null'] },
    SCAC: { type: ['string', 'null'] },
    NotificationPreferences: notificationPreferencesSchema,
    /** False when the password lives in the company directory (change it there). */
    CanChangePassword: { type: 'boolean' },
    PasswordChangedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'UserId',
    'UserName',
    'FirstName',
    'LastName',
    'Email',
    'Phone',
    'AuthProvider',
    'IsInternal',
    'CompanyName',
    'SCAC',
    'NotificationPreferences',
    'CanChangePassword',
    'PasswordChangedAt',
  ],
  additionalProperties: false,
} as const;
export type MyAccount = FromSchema<typeof myAccountSchema>;

/** PUT /api/auth/updateaccount: the fields a user may change themselves. */
export const updateAccountBodySchema = {
  type: 'object',
  properties: {
    FirstName: personNameSchema,
    LastName: personNameSchema,
    Email: emailSchema,
    Phone: { ...phoneSchema, type: ['string', 'null'] },
    NotificationPreferences: notificationPreferencesSchema,
  },
  required: ['FirstName', 'LastName', 'Email', 'Phone', 'NotificationPreferences'],
  additionalProperties: false,
} as const;
export type UpdateAccountBody = FromSchema<typeof updateAccountBodySchema>;
