/** SPEC §7: GET user details by id. */
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../schemas/common';
import { userDetailsSchema, userIdParamsSchema } from '../../schemas/users';
import type { AppContext } from '../context';
import { getUserDetails } from '../domain/users';
import { viewerOf } from '../plugins/access';

export function userRoutes(app: FastifyInstance, { db }: AppContext): void {
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
}
