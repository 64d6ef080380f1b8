/** SPEC §7 Lookups: every dataset of SPEC §3, and the chassis check. */
import type { FastifyInstance } from 'fastify';
import type { LookupDataset } from '../../domain/lookups';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type EquipmentBody,
  equipmentBodySchema,
  equipmentResponseSchema,
  type LookupQuery,
  lookupParamsSchema,
  lookupQuerySchema,
  lookupResponseSchema,
} from '../../schemas/lookup';
import type { AppContext } from '../context';
import { checkingViewer } from '../domain/booking-customer';
import { validateEquipment } from '../domain/equipment';
import { fetchLookup } from '../domain/lookups';
import { viewerOf } from '../plugins/access';

const tags = ['Lookup'];

export function lookupRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Params: { dataset: LookupDataset }; Querystring: LookupQuery }>('/api/lookup/:dataset', {
    config: { access: Abilities.lookupRead },
    schema: {
      tags,
      summary: 'One lookup dataset (SPEC §3), with SPEC §5 filters applied.',
      params: lookupParamsSchema,
      querystring: lookupQuerySchema,
      security: [{ bearer: [] }],
      response: { 200: lookupResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const { dataset } = request.params;
      const { search, customerClass, poolBookingAllowed } = request.query;
      return fetchLookup(db, viewer, dataset, {
        ...(search !== undefined ? { search } : {}),
        ...(poolBookingAllowed !== undefined ? { poolBookingAllowed } : {}),
        ...(customerClass?.length ? { customerClass } : {}),
      });
    },
  });

  app.post<{ Body: EquipmentBody }>('/api/lookup/equipment', {
    schema: {
      tags,
      summary: 'Check chassis IDs against the equipment records; one verdict per ID, in order.',
      body: equipmentBodySchema,
      security: [{ bearer: [] }],
      response: { 200: equipmentResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const asViewer = await checkingViewer(db, viewerOf(request), request.body.CustomerId);
      return { Results: await validateEquipment(db, asViewer, request.body.ChassisIds) };
    },
  });
}
