/**
 * Manual inventory (base /api/manualinventory): staff with the manual inventory's Read see the
 * counts and preview a count's difference (demo.readonly too); saving a count needs Create;
 * customers never reach it.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type CountCreate,
  type CountPreview,
  countCreateSchema,
  countDifferenceSchema,
  countPreviewSchema,
  type MiSearch,
  miOrderSchema,
  miSearchResponseSchema,
  miSearchSchema,
} from '../../schemas/manual-inventory';
import type { AppContext } from '../context';
import { previewCount, recordCount, searchCounts } from '../domain/manual-inventory';
import { viewerOf } from '../plugins/access';

const tags = ['Manual inventory'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

export function manualInventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post<{ Body: MiSearch }>('/api/manualinventory/search', {
    config: { access: Abilities.manualInventoryRead },
    schema: {
      tags,
      summary: 'The latest counts (MI orders) of a provider-managed org, and the reasons a count may give.',
      body: miSearchSchema,
      security,
      response: { 200: miSearchResponseSchema, ...failures },
    },
    handler: (request) => searchCounts(db, request.body),
  });

  app.post<{ Body: CountPreview }>('/api/manualinventory/difference', {
    config: { access: Abilities.manualInventoryRead },
    schema: {
      tags,
      summary: 'What a count would change: the system’s count, the difference and what saving does.',
      body: countPreviewSchema,
      security,
      response: { 200: countDifferenceSchema, ...failures },
    },
    handler: (request) => previewCount(db, request.body),
  });

  app.post<{ Body: CountCreate }>('/api/manualinventory', {
    config: { access: Abilities.manualInventoryCreate },
    schema: {
      tags,
      summary: 'Save a count as an MI order: the system then holds what was counted.',
      description: '409 when the system count moved since the difference was shown (SystemCount).',
      body: countCreateSchema,
      security,
      response: { 200: miOrderSchema, ...failures, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) => recordCount(ctx, viewerOf(request), request.body, request.log),
  });
}
