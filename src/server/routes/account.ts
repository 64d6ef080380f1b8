/**
 * The account lifecycle API (issue 5; contract in src/schemas/account.ts): sign-up, user names,
 * recover / validate / reset password, change password, my account, and the access requests staff
 * see. Routes validate and call one domain function each.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import {
  accountMessageSchema,
  type ChangePasswordBody,
  changePasswordBodySchema,
  myAccountSchema,
  passwordChangedSchema,
  type RecoverPasswordBody,
  type ResetPasswordBody,
  recoverPasswordBodySchema,
  resetPasswordBodySchema,
  resetRequestValiditySchema,
  type UpdateAccountBody,
  updateAccountBodySchema,
  type ValidateResetBody,
  validateResetBodySchema,
} from '../../schemas/account';
import { errorResponses } from '../../schemas/common';
import {
  accessRequestListSchema,
  type SignUpBody,
  signUpBodySchema,
  type UserNameQuery,
  userNameAvailabilitySchema,
  userNameQuerySchema,
} from '../../schemas/sign-up';
import type { AppContext } from '../context';
import { listAccessRequests, signUp, userNameAvailability } from '../domain/access-requests';
import { getMyAccount, updateMyAccount } from '../domain/my-account';
import { type AccountDeps, changePassword } from '../domain/password-change';
import { requestPasswordReset, resetPassword, validateResetRequest } from '../domain/password-reset';
import { takeRateLimit } from '../domain/rate-limit';
import { viewerOf } from '../plugins/access';

const tags = ['Account'];
/** Sign-up checks a name as it is typed (after a pause): a person asks far fewer a minute. */
export const USER_NAME_CHECKS_PER_MINUTE = 60;
const failures = {
  ...errorResponses,
  409: { $ref: 'ErrorResponse#' },
  429: { $ref: 'ErrorResponse#' },
} as const;

export function accountRoutes(
  app: FastifyInstance,
  { db, tokens, config, mail, authCache }: AppContext,
): void {
  const deps: AccountDeps = { db, tokens, config, mail };

  app.post<{ Body: SignUpBody }>('/api/auth/signup', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Register as a New User: files a request for access that staff see.',
      body: signUpBodySchema,
      response: { 201: accountMessageSchema, ...failures },
    },
    handler: async (request, reply) => reply.code(201).send(await signUp(db, mail, request.body, request.ip)),
  });

  app.get<{ Querystring: UserNameQuery }>('/api/auth/usernames', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Whether a user name can be chosen at sign-up.',
      querystring: userNameQuerySchema,
      response: { 200: userNameAvailabilitySchema, ...failures },
    },
    handler: async (request) => {
      // Issue 11: a name check answers whether an account exists; one address asks at a person's pace.
      await takeRateLimit(
        db,
        [{ bucket: `usernames:ip:${request.ip}`, limit: USER_NAME_CHECKS_PER_MINUTE }],
        1,
        'Too many user name checks from your address. Wait a minute, then try again.',
      );
      return userNameAvailability(db, request.query.userName);
    },
  });

  app.post<{ Body: RecoverPasswordBody }>('/api/auth/recoverpassword', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Mails a single-use reset link valid for 60 minutes; answers the same whether or not the account exists.',
      body: recoverPasswordBodySchema,
      response: { 202: accountMessageSchema, ...failures },
    },
    handler: async (request, reply) =>
      reply.code(202).send(await requestPasswordReset(deps, request.body, request.ip)),
  });

  app.post<{ Body: ValidateResetBody }>('/api/auth/validateresetpassword', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        "Whether a mailed reset link can still be used (the link's token in the body, never in the URL).",
      body: validateResetBodySchema,
      response: { 200: resetRequestValiditySchema, ...failures },
    },
    handler: (request) => validateResetRequest(deps, request.body.Token),
  });

  app.post<{ Body: ResetPasswordBody }>('/api/auth/resetpassword', {
    // With a mailed link's Token no sign-in is needed; without one, the signed-in (forced) reset.
    config: { access: 'optional', allowDuringPasswordReset: true },
    schema: {
      tags,
      summary: 'Sets a new password by mailed link (Token) or, signed in, with the current password.',
      body: resetPasswordBodySchema,
      security: [{}, { bearer: [] }],
      response: { 200: passwordChangedSchema, ...failures },
    },
    handler: async (request) => {
      const changed = await resetPassword(deps, request.viewer, request.body);
      // The user's other sessions end: refused on this instance's very next call (0017's NOTIFY
      // tells the others).
      authCache?.invalidate();
      return changed;
    },
  });

  app.post<{ Body: ChangePasswordBody }>('/api/auth/changepassword', {
    schema: {
      tags,
      summary: "Changes the signed-in user's password; other sessions are signed out.",
      body: changePasswordBodySchema,
      security: [{ bearer: [] }],
      response: { 200: passwordChangedSchema, ...failures },
    },
    handler: async (request) => {
      const changed = await changePassword(
        deps,
        viewerOf(request),
        request.body.CurrentPassword,
        request.body.NewPassword,
      );
      authCache?.invalidate(); // as for a reset: the other sessions are refused at once here
      return changed;
    },
  });

  app.get('/api/users/me/account', {
    schema: {
      tags,
      summary: "The signed-in user's account: name, email, phone, notification preferences.",
      security: [{ bearer: [] }],
      response: { 200: myAccountSchema, ...failures },
    },
    handler: (request) => getMyAccount(db, config, viewerOf(request)),
  });

  app.put<{ Body: UpdateAccountBody }>('/api/auth/updateaccount', {
    schema: {
      tags,
      summary: "Updates the signed-in user's name, email, phone and notification preferences.",
      body: updateAccountBodySchema,
      security: [{ bearer: [] }],
      response: { 200: myAccountSchema, ...failures },
    },
    handler: (request) => updateMyAccount(db, config, viewerOf(request), request.body),
  });

  app.get('/api/auth/accessrequests', {
    config: { access: Abilities.accessRequestsRead },
    schema: {
      tags,
      summary: 'Requests for access (sign-ups), newest first: internal staff only.',
      security: [{ bearer: [] }],
      response: { 200: accessRequestListSchema, ...failures },
    },
    handler: () => listAccessRequests(db),
  });
}
