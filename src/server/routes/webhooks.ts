/**
 * Issue 18, webhooks (base /api/webhooks): a company's administrator (Update on the application
 * role entity) manages their own company's subscriptions, staff any company's
 * (Abilities.integrationsManage; which company is mayActFor's call in the domain). The delivery
 * format, signature and retries are in docs/integrations.md "Webhooks".
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  deliveryListSchema,
  deliveryParamsSchema,
  deliverySchema,
  type SubscriptionCreate,
  type SubscriptionUpdate,
  subscriptionCreateSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  subscriptionUpdateSchema,
} from '../../schemas/webhooks';
import type { AppContext } from '../context';
import {
  createSubscription,
  deleteSubscription,
  listDeliveries,
  listSubscriptions,
  resendDelivery,
  updateSubscription,
} from '../domain/webhook-subscriptions';
import { viewerOf } from '../plugins/access';

const tags = ['Webhooks'];
const security = [{ bearer: [] }];
const failures = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
};
const access = Abilities.integrationsManage;

export function webhookRoutes(app: FastifyInstance, ctx: AppContext, nudge: () => void): void {
  const deps = { db: ctx.db, allowLoopback: ctx.config.webhooks.allowLoopback, nudge };

  app.get<{ Querystring: { CustomerId?: number } }>('/api/webhooks/subscriptions', {
    config: { access },
    schema: {
      tags,
      summary: 'The webhook subscriptions of your company (staff: of every company, or of CustomerId).',
      querystring: subscriptionListQuerySchema,
      security,
      response: { 200: subscriptionListSchema, ...failures },
    },
    handler: async (request) => ({
      Subscriptions: await listSubscriptions(ctx.db, viewerOf(request), request.query.CustomerId),
    }),
  });

  app.post<{ Body: SubscriptionCreate }>('/api/webhooks/subscriptions', {
    config: { access },
    schema: {
      tags,
      summary: 'Subscribe a URL to events; the answer holds the signing secret, once.',
      body: subscriptionCreateSchema,
      security,
      response: { 200: subscriptionSchema, ...failures },
    },
    handler: (request) => createSubscription(deps, viewerOf(request), request.body),
  });

  app.put<{ Params: { id: number }; Body: SubscriptionUpdate }>('/api/webhooks/subscriptions/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Change a subscription’s URL, events, locations or pause it; RotateSecret for a new secret.',
      params: subscriptionParamsSchema,
      body: subscriptionUpdateSchema,
      security,
      response: { 200: subscriptionSchema, ...failures },
    },
    handler: (request) => updateSubscription(deps, viewerOf(request), request.params.id, request.body),
  });

  app.delete<{ Params: { id: number } }>('/api/webhooks/subscriptions/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a subscription and its delivery log (deliveries not yet sent are dropped).',
      params: subscriptionParamsSchema,
      security,
      response: { 204: { type: 'null' }, ...failures },
    },
    handler: async (request, reply) => {
      await deleteSubscription(ctx.db, viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.get<{ Params: { id: number } }>('/api/webhooks/subscriptions/:id/deliveries', {
    config: { access },
    schema: {
      tags,
      summary: 'The subscription’s latest 100 deliveries, newest first: status, attempts, last error.',
      params: subscriptionParamsSchema,
      security,
      response: { 200: deliveryListSchema, ...failures },
    },
    handler: async (request) => ({
      Deliveries: await listDeliveries(ctx.db, viewerOf(request), request.params.id),
    }),
  });

  app.post<{ Params: { id: number; deliveryId: number } }>(
    '/api/webhooks/subscriptions/:id/deliveries/:deliveryId/resend',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send a delivery again, as a new delivery with a new id (the order as it is now).',
        params: deliveryParamsSchema,
        security,
        response: { 200: deliverySchema, ...failures },
      },
      handler: (request) =>
        resendDelivery(deps, viewerOf(request), request.params.id, request.params.deliveryId),
    },
  );
}
