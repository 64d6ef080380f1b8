/** SPEC §7: GET user details by id; issue 27: staff deactivate, reactivate, force a password reset. */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  draftKeySchema,
  type UserActiveBody,
  userActiveBodySchema,
  userDetailsSchema,
  userIdParamsSchema,
} from '../../schemas/users';
import type { AppContext } from '../context';
import { draftKeyFor } from '../domain/draft-keys';
import { forcePasswordReset, setUserActive } from '../domain/user-admin';
import { getUserDetails } from '../domain/users';
import { viewerOf } from '../plugins/access';

export function userRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/users/me/draftkey', {
    schema: {
      tags: ['Users'],
      summary: "The key the signed-in user's unsent drafts are sealed with in their browser.",
      security: [{ bearer: [] }],
      response: { 200: draftKeySchema, ...errorResponses },
    },
    handler: (request) => draftKeyFor(db, viewerOf(request).userId),
  });
  app.get<{ Params: { id: number } }>('/api/users/:id', {
    schema: {
      tags: ['Users'],
      summary: "A user's details: yourself, or anyone for staff.",
      params: userIdParamsSchema,
      security: [{ bearer: [] }],
      response: { 200: userDetailsSchema, ...errorResponses },
    },
    handler: (request) => getUserDetails(db, viewerOf(request), request.params.id),
  });
  app.put<{ Params: { id: number }; Body: UserActiveBody }>('/api/users/:id/active', {
    config: { access: Abilities.usersManage },
    schema: {
      tags: ['Users'],
      summary: 'Deactivate (Active false) or reactivate a user; their next call learns it. Audited.',
      params: userIdParamsSchema,
      body: userActiveBodySchema,
      security: [{ bearer: [] }],
      response: { 200: userDetailsSchema, ...errorResponses },
    },
    handler: (request) => setUserActive(db, viewerOf(request), request.params.id, request.body.Active),
  });
  app.post<{ Params: { id: number } }>('/api/users/:id/forcepasswordreset', {
    config: { access: Abilities.usersManage },
    schema: {
      tags: ['Users'],
      summary: 'Make a user choose a new password at their next sign-in; their sessions end now. Audited.',
      params: userIdParamsSchema,
      security: [{ bearer: [] }],
      response: { 200: userDetailsSchema, ...errorResponses },
    },
    handler: (request) => forcePasswordReset(db, viewerOf(request), request.params.id),
  });
}
