/** SPEC §7 Pending bookings: the cached code lists (the queue itself comes with the pending-queue issue). */
import type { FastifyInstance } from 'fastify';
import { AreaAccess } from '../../domain/permissions';
import { errorResponses } from '../../schemas/common';
import { codeNameListSchema } from '../../schemas/lookup';
import type { AppContext } from '../context';
import { pendingRequestCodes } from '../domain/lookups';

const tags = ['Pending bookings'];

export function bookingPendingRoutes(app: FastifyInstance, { db }: AppContext): void {
  const schema = (summary: string) => ({
    tags,
    summary,
    security: [{ bearer: [] }],
    response: { 200: codeNameListSchema, 401: errorResponses[401], 403: errorResponses[403] },
  });

  app.get('/api/bookingpending/allRequestTypes', {
    config: { access: AreaAccess.pendingQueue },
    schema: schema('Every pending request type (cached by the SPA as PendingRequestTypes).'),
    handler: () => pendingRequestCodes(db, 'pending_request_types'),
  });

  app.get('/api/bookingpending/allRequestFailures', {
    config: { access: AreaAccess.pendingQueue },
    schema: schema('Every pending request failure (cached by the SPA as PendingRequestFailures).'),
    handler: () => pendingRequestCodes(db, 'pending_request_failures'),
  });
}
