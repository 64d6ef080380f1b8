/**
 * Issue 31: gate events (base /api/gateevents). A terminal's or depot's system posts what its gate
 * saw with a gate API key: a JSON batch of up to 1,000 events, or an X12 322 interchange as
 * text/plain (or application/edi-x12). Staff see the events that matched nothing, and resolve or
 * dismiss them (gate-exceptions routes).
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  GATE_INTERCHANGE_MAX,
  type GateBatch,
  gateBatchResultSchema,
  gateBatchSchema,
} from '../../schemas/gate-events';
import {
  type GateDismiss,
  type GateExceptionQuery,
  type GateResolve,
  gateDismissSchema,
  gateExceptionListSchema,
  gateExceptionParamsSchema,
  gateExceptionQuerySchema,
  gateExceptionSchema,
  gateResolveSchema,
} from '../../schemas/gate-exceptions';
import type { AppContext } from '../context';
import { ingestGateEvents } from '../domain/gate-events';
import { dismissGateException, resolveGateException, searchGateExceptions } from '../domain/gate-exceptions';
import { gateEventsFromX12 } from '../domain/gate-x12';
import { viewerOf } from '../plugins/access';

const tags = ['Gate events'];
const security = [{ ApiKey: [] }];
/** An interchange of GATE_INTERCHANGE_MAX sets is about 15 MB of X12. */
const GATE_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
const X12_TYPES = ['text/plain', 'application/edi-x12'];

export function gateEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addContentTypeParser('application/edi-x12', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Body: GateBatch | string }>('/api/gateevents', {
    config: { access: Abilities.gateEventsSend },
    bodyLimit: GATE_BODY_LIMIT_BYTES,
    schema: {
      tags,
      summary: 'Send gate events: a JSON batch of up to 1,000, or an X12 322 interchange.',
      description:
        'One transaction per batch, applied in event-time order per chassis; an event received before changes nothing. Each event gets a result: Applied, Duplicate, Stale, Exception (on the staff’s list) or Rejected (fix and send again). docs/integrations.md "Gate events".',
      body: {
        content: {
          'application/json': { schema: gateBatchSchema },
          'text/plain': { schema: { type: 'string', description: 'An X12 322 interchange.' } },
          'application/edi-x12': { schema: { type: 'string', description: 'An X12 322 interchange.' } },
        },
      },
      security,
      response: { 200: gateBatchResultSchema, ...errorResponses, 413: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) => {
      const viewer = viewerOf(request);
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (X12_TYPES.includes(type)) {
        const { events, unreadable } = gateEventsFromX12(request.body as string);
        return ingestGateEvents(ctx, viewer, events, request.log, {
          limit: GATE_INTERCHANGE_MAX,
          unreadable,
        });
      }
      return ingestGateEvents(ctx, viewer, (request.body as GateBatch).Events, request.log);
    },
  });

  const staffTags = ['Gate event exceptions'];
  const bearer = [{ bearer: [] }];
  app.get<{ Querystring: GateExceptionQuery }>('/api/gateevents/exceptions', {
    config: { access: Abilities.gateExceptionsRead },
    schema: {
      tags: staffTags,
      summary: 'The gate events staff must look at, newest first (Open by default).',
      querystring: gateExceptionQuerySchema,
      security: bearer,
      response: { 200: gateExceptionListSchema, ...errorResponses },
    },
    handler: (request) => searchGateExceptions(ctx.db, request.query),
  });

  app.post<{ Params: { id: number }; Body: GateResolve }>('/api/gateevents/exceptions/:id/resolve', {
    config: { access: Abilities.gateExceptionsResolve },
    schema: {
      tags: staffTags,
      summary: 'Resolve an unmatched pick-up by choosing the booking it was against: the pick-up is applied.',
      description:
        '409 when the booking cannot take the chassis (with the reason) or the exception is closed.',
      params: gateExceptionParamsSchema,
      body: gateResolveSchema,
      security: bearer,
      response: { 200: gateExceptionSchema, ...errorResponses, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) =>
      resolveGateException(ctx, viewerOf(request), request.params.id, request.body, request.log),
  });

  app.post<{ Params: { id: number }; Body: GateDismiss }>('/api/gateevents/exceptions/:id/dismiss', {
    config: { access: Abilities.gateExceptionsResolve },
    schema: {
      tags: staffTags,
      summary: 'Dismiss a gate event exception with the reason nothing is to be done.',
      params: gateExceptionParamsSchema,
      body: gateDismissSchema,
      security: bearer,
      response: { 200: gateExceptionSchema, ...errorResponses, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) => dismissGateException(ctx.db, viewerOf(request), request.params.id, request.body),
  });
}
