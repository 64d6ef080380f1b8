/**
 * Issue 31: the chassis a company holds ("My chassis", its CSV, and the redelivery and reuse
 * pickers) and the chassis lookup any signed-in user may make.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import {
  chassisLookupParamsSchema,
  chassisLookupSchema,
  type HeldChassisQuery,
  heldChassisListSchema,
  heldChassisQuerySchema,
} from '../../schemas/chassis';
import { errorResponses } from '../../schemas/common';
import type { AppContext } from '../context';
import { lookUpChassis } from '../domain/chassis-lookup';
import { exportHeldChassis, searchHeldChassis } from '../domain/held-chassis';
import { viewerOf } from '../plugins/access';

const tags = ['Chassis'];
const security = [{ bearer: [] }];

export function chassisRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Querystring: HeldChassisQuery }>('/api/chassis/held', {
    config: { access: Abilities.chassisHeld },
    schema: {
      tags,
      summary:
        'The company’s chassis on hire (My chassis), by chassis ID; Purpose narrows to what a flow accepts.',
      querystring: heldChassisQuerySchema,
      security,
      response: { 200: heldChassisListSchema, ...errorResponses },
    },
    handler: (request) => searchHeldChassis(db, viewerOf(request), request.query),
  });

  app.get<{ Querystring: HeldChassisQuery }>('/api/chassis/held/export', {
    config: { access: Abilities.chassisHeld },
    schema: {
      tags,
      summary: 'Every chassis of the list as CSV.',
      querystring: heldChassisQuerySchema,
      security,
      response: { 200: { type: 'string' }, ...errorResponses },
    },
    handler: async (request, reply) => {
      const csv = await exportHeldChassis(db, viewerOf(request), request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-chassis.csv"');
      return csv;
    },
  });

  app.get<{ Params: { chassisId: string } }>('/api/chassis/lookup/:chassisId', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary:
        'Look a chassis up: ours or not, size and class, pool type, available or on hire (never to whom).',
      params: chassisLookupParamsSchema,
      security,
      response: { 200: chassisLookupSchema, ...errorResponses },
    },
    handler: (request) => lookUpChassis(db, viewerOf(request), request.params.chassisId),
  });
}
