/**
 * The pool redelivery's own route besides the generic submit (routes/flows.ts): the bulk chassis
 * list's per-row check, with the access of the pool redelivery flow.
 */

import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../schemas/common';
import { equipmentResponseSchema } from '../../../schemas/lookup';
import {
  type PoolRedeliveryCheckBody,
  poolRedeliveryCheckBodySchema,
} from '../../../schemas/pool-redelivery';
import type { AppContext } from '../../context';
import { checkingViewer } from '../../domain/booking-customer';
import { viewerOf } from '../../plugins/access';
import { orderTypeAccess } from '../../routes/availability';
import { POOL_REDELIVERY_ORDER_TYPE, poolRedeliveryVerdicts } from './booker';

export function poolRedeliveryRoutes(app: FastifyInstance, { db, flows }: AppContext): void {
  app.post<{ Body: PoolRedeliveryCheckBody }>('/api/poolredelivery/check', {
    config: { access: orderTypeAccess(flows, POOL_REDELIVERY_ORDER_TYPE) },
    schema: {
      tags: ['Redeliveries'],
      summary:
        'Check chassis for a pool redelivery: one verdict per ID, in order (format, ours, on hire to the customer, not on a term lease, a size pool redelivery takes, not already on an open redelivery).',
      body: poolRedeliveryCheckBodySchema,
      security: [{ bearer: [] }],
      response: { 200: equipmentResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { ChassisIds, CustomerId } = request.body;
      const asViewer = await checkingViewer(db, viewerOf(request), CustomerId);
      return { Results: await poolRedeliveryVerdicts(db, asViewer, ChassisIds) };
    },
  });
}
