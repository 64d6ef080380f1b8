/** SPEC §7 Authentication: /api/auth/login, refresh, status, logout. */
import type { FastifyInstance } from 'fastify';
import {
  accountStatusSchema,
  type LoginBody,
  loginBodySchema,
  refreshQuerySchema,
  statusQuerySchema,
  tokenResponseSchema,
} from '../../schemas/auth';
import { errorResponses } from '../../schemas/common';
import { createDirectory } from '../auth/directory';
import type { AppContext } from '../context';
import { accountStatusFor, refreshToken, signIn, signOut } from '../domain/auth';
import { AppError } from '../errors';
import { viewerOf } from '../plugins/access';

const tags = ['Authentication'];

export function authRoutes(app: FastifyInstance, { db, tokens, config, authCache }: AppContext): void {
  const policy = { attempts: config.lockoutAttempts, minutes: config.lockoutMinutes };
  const directory = config.directory ? createDirectory(config.directory, app.log) : null;
  if (directory) {
    app.log.info(
      { url: config.directory?.url },
      'internal (Directory) users sign in through the company directory',
    );
  } else {
    app.log.warn(
      'DIRECTORY_URL is not set: internal (Directory) users sign in with local passwords (demo mode)',
    );
  }

  app.post<{ Body: LoginBody }>('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Sign in with a user name and password; answers a token.',
      body: loginBodySchema,
      response: {
        200: tokenResponseSchema,
        400: errorResponses[400],
        401: errorResponses[401],
        429: { $ref: 'ErrorResponse#' },
      },
    },
    handler: (request) => {
      // Issue 11: this server signs in to one application; another code is a client's mistake.
      if (request.body.ApplicationCode !== config.client.applicationCode)
        throw new AppError(
          400,
          `ApplicationCode must be ${config.client.applicationCode}: this server signs in to that application only.`,
          'UNKNOWN_APPLICATION',
        );
      return signIn(db, tokens, policy, request.body, directory, request.ip);
    },
  });

  app.get('/api/auth/refresh', {
    config: { allowDuringPasswordReset: true },
    schema: {
      tags,
      summary: 'A fresh token for the signed-in user (status and permissions re-read).',
      querystring: refreshQuerySchema,
      security: [{ bearer: [] }],
      response: { 200: tokenResponseSchema, 401: errorResponses[401] },
    },
    handler: async (request) => {
      const { token } = await refreshToken(db, tokens, viewerOf(request));
      return { token };
    },
  });

  app.get<{ Querystring: { userId: string } }>('/api/auth/status', {
    config: { allowDuringPasswordReset: true },
    schema: {
      tags,
      summary: "'Active' or 'NotActive' for a user (by numeric UserId or user name).",
      querystring: statusQuerySchema,
      security: [{ bearer: [] }],
      response: {
        200: accountStatusSchema,
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    },
    handler: async (request, reply) => {
      const status = await accountStatusFor(db, viewerOf(request), request.query.userId);
      // A bare string would go out as text/plain; the client reads a JSON string.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(status));
    },
  });

  app.post('/api/auth/logout', {
    config: { allowDuringPasswordReset: true },
    schema: {
      tags,
      summary: 'Sign out: the token presented is revoked on the server.',
      security: [{ bearer: [] }],
      response: { 204: { type: 'null' }, 401: errorResponses[401] },
    },
    handler: async (request, reply) => {
      const viewer = viewerOf(request);
      await signOut(db, viewer.token, viewer.claims.exp, config.tokenLifetimeMinutes);
      // Refused on this instance's very next call; the others hear migration 0017's NOTIFY.
      authCache?.invalidate();
      return reply.code(204).send();
    },
  });
}
