/**
 * SPEC §7: the real-time hub on the dashboard path. `POST /api/dashboard/hub/negotiate` (bearer
 * token in the header, checked by the access plugin) hands out a connection token; the WebSocket at
 * `/api/dashboard/hub?id=<token>` brings it back with the bearer token — in the Authorization
 * header (Node clients) or as `access_token` in the query (browsers cannot set headers there) —
 * and is refused before the upgrade unless both are good.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponses } from '../../schemas/common';
import { hubConnectQuerySchema, negotiateQuerySchema, negotiateResponseSchema } from '../../schemas/hub';
import { authenticate, bearerToken } from '../auth/authenticate';
import { loadSigningKey } from '../auth/tokens';
import type { AppContext } from '../context';
import { hubMessageFor } from '../domain/inventory-availability-events';
import { notFound, unauthorized } from '../errors';
import { viewerOf } from '../plugins/access';
import { createConnectionTokens } from './connection-tokens';
import { Hub } from './hub';

export const HUB_PATH = '/api/dashboard/hub';
/** A hub message from a client is a few hundred bytes; nothing bigger is read. */
const MAX_FRAME_BYTES = 64 * 1024;

const tags = ['Dashboard'];

export function hubRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A plugin of its own: the WebSocket plugin must be in place before the route it upgrades.
  app.register(async (scope) => {
    const tickets = createConnectionTokens(await loadSigningKey(ctx.db, ctx.config.jwtSecret));
    const hub = new Hub({
      db: ctx.db,
      events: ctx.orderEvents,
      messageFor: hubMessageFor,
      log: scope.log,
      sessionCheckMs: ctx.config.hubSessionCheckMs,
    });
    ctx.metrics.trackHub(() => hub.size);
    const connectionIds = new WeakMap<FastifyRequest, string>();

    await scope.register(fastifyWebsocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      // Close messages that allow reconnecting, instead of bare socket closes.
      preClose: async function (this: FastifyInstance) {
        await hub.shutdown();
        await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
      },
      // A client that vanishes without a close frame is routine, not an error worth a stack trace.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, 'hub connection error');
        socket.terminate();
      },
    });

    scope.post(`${HUB_PATH}/negotiate`, {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'SignalR negotiate (version 1): a connection token for the hub’s WebSocket.',
        querystring: negotiateQuerySchema,
        security: [{ bearer: [] }],
        response: { 200: negotiateResponseSchema, 401: errorResponses[401] },
      },
      handler: async (request) => ({
        ...tickets.issue(viewerOf(request).userId),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      }),
    });

    scope.get<{ Querystring: { id: string; access_token?: string } }>(
      HUB_PATH,
      {
        websocket: true,
        // The hub checks the token itself: the access plugin reads only the header.
        config: { access: 'public' },
        schema: { querystring: hubConnectQuerySchema },
        preHandler: async (request) => {
          const token = bearerToken(request.headers.authorization) ?? request.query.access_token;
          if (!token) throw unauthorized('Sign in to continue: the hub needs a bearer token.');
          request.viewer = await authenticate(ctx.db, ctx.tokens, token, ctx.authCache);
          const connectionId = tickets.redeem(request.query.id, request.viewer.userId);
          if (!connectionId) throw notFound('No connection with that id: negotiate again.');
          connectionIds.set(request, connectionId);
        },
      },
      (socket, request) => {
        hub.accept(socket, viewerOf(request), connectionIds.get(request) as string);
      },
    );
  });
}
