/** SPEC §7 Lookups: every dataset of SPEC §3, and the chassis check. */
import type { FastifyInstance } from 'fastify';
import type { LookupDataset } from '../../domain/lookups';
import { Abilities, can, refusalOf } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type EquipmentBody,
  equipmentBodySchema,
  equipmentResponseSchema,
  type LookupBatchQuery,
  type LookupQuery,
  lookupBatchQuerySchema,
  lookupBatchResponseSchema,
  lookupParamsSchema,
  lookupQuerySchema,
  lookupResponseSchema,
} from '../../schemas/lookup';
import type { AppContext } from '../context';
import { checkingViewer } from '../domain/booking-customer';
import { type ChassisCheck, validateEquipment } from '../domain/equipment';
import { fetchLookup } from '../domain/lookups';
import type { Viewer } from '../domain/viewer';
import { AppError, forbidden } from '../errors';
import { viewerOf } from '../plugins/access';
import { orderTypeAccess } from './availability';

const tags = ['Lookup'];

/**
 * Issue 25: the chassis check of the booking the list is for, from the booking-type registry (the
 * one its booker runs at submit); without an OrderType, or for a type that adds nothing, the
 * equipment check alone. Asking as a type needs the rights to book it, as its own routes do.
 */
function chassisCheckFor(
  { flows, bookingTypes }: AppContext,
  viewer: Viewer,
  orderType: string | undefined,
): ChassisCheck {
  if (orderType === undefined) return validateEquipment;
  const type = bookingTypes.of(orderType);
  const bookedByFlow = flows.catalog.flows.some((f) => f.orderType === orderType);
  if (!type || !bookedByFlow)
    throw new AppError(400, `No booking lists chassis as order type ${orderType}.`, 'UNKNOWN_ORDER_TYPE');
  const access = orderTypeAccess(flows, orderType);
  if (!can(viewer, access)) throw forbidden(refusalOf(access));
  return type.chassisCheck ?? validateEquipment;
}

export function lookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
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

  app.get<{ Querystring: LookupBatchQuery }>('/api/lookups', {
    // Any signed-in caller (or key); each dataset is then checked as its own route checks it.
    config: { access: Abilities.lookupRead },
    schema: {
      tags,
      summary:
        'Several whole datasets in one request (what a page needs first); each as GET /api/lookup/{dataset} answers it.',
      querystring: lookupBatchQuerySchema,
      security: [{ bearer: [] }],
      response: { 200: lookupBatchResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const datasets = request.query.dataset as LookupDataset[];
      // All or none: one the caller may not read refuses the request, as its own would be.
      for (const dataset of datasets)
        if (!can(viewer, Abilities.lookupRead, { dataset }))
          throw forbidden(refusalOf(Abilities.lookupRead, { dataset }));
      const rows = await Promise.all(datasets.map((dataset) => fetchLookup(db, viewer, dataset)));
      return Object.fromEntries(datasets.map((dataset, i) => [dataset, rows[i]]));
    },
  });

  app.post<{ Body: EquipmentBody }>('/api/lookup/equipment', {
    schema: {
      tags,
      summary:
        'Check chassis IDs against the equipment records, and (with OrderType) what that booking refuses at submit; one verdict per ID, in order.',
      body: equipmentBodySchema,
      security: [{ bearer: [] }],
      response: { 200: equipmentResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const check = chassisCheckFor(ctx, viewer, request.body.OrderType);
      const asViewer = await checkingViewer(db, viewer, request.body.CustomerId);
      return { Results: await check(db, asViewer, request.body.ChassisIds) };
    },
  });
}
