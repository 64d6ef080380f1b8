/**
 * The reposition booking's own route besides the generic submit and update (routes/flows.ts): the
 * availability step action, with the access of the reposition flows.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../schemas/common';
import {
  type RepositionAvailabilityBody,
  repositionAvailabilityBodySchema,
  repositionAvailabilityResponseSchema,
} from '../../../schemas/reposition';
import type { AppContext } from '../../context';
import { viewerOf } from '../../plugins/access';
import { orderTypeAccess } from '../../routes/availability';
import { repositionAvailabilityFor } from './availability';
import { REPOSITION_ORDER_TYPE } from './booker';

export function repositionRoutes(app: FastifyInstance, { db, flows }: AppContext): void {
  app.post<{ Body: RepositionAvailabilityBody }>('/api/repositionbooking/availability', {
    config: { access: orderTypeAccess(flows, REPOSITION_ORDER_TYPE) },
    schema: {
      tags: ['Bookings'],
      summary: 'Units available to reposition from an origin (org, size, class, Extendable).',
      description:
        'In edit mode send BookingOrderId: what that order already holds at the origin is counted as available.',
      body: repositionAvailabilityBodySchema,
      security: [{ bearer: [] }],
      response: { 200: repositionAvailabilityResponseSchema, ...errorResponses },
    },
    handler: (request) => repositionAvailabilityFor(db, viewerOf(request), request.body),
  });
}
