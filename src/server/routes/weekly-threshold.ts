/**
 * The weekly threshold (base /api/weeklythreshold): staff with the weekly threshold's Read list the
 * caps (demo.readonly too); adding needs Create, changing Update, removing Delete; customers never
 * reach them. The meter is for whoever books pool or daily lease units.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type MeterQuery,
  meterQuerySchema,
  meterResponseSchema,
  type ThresholdCreate,
  type ThresholdSearch,
  type ThresholdUpdate,
  thresholdCreateSchema,
  thresholdParamsSchema,
  thresholdSchema,
  thresholdSearchResponseSchema,
  thresholdSearchSchema,
  thresholdUpdateSchema,
} from '../../schemas/weekly-threshold';
import type { AppContext } from '../context';
import {
  createThreshold,
  removeThreshold,
  searchThresholds,
  thresholdMeter,
  updateThreshold,
} from '../domain/weekly-thresholds';
import { viewerOf } from '../plugins/access';

const tags = ['Weekly threshold'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

export function weeklyThresholdRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Body: ThresholdSearch }>('/api/weeklythreshold/search', {
    config: { access: Abilities.thresholdRead },
    schema: {
      tags,
      summary: 'List the weekly booking caps, by customer, with this week’s use.',
      body: thresholdSearchSchema,
      security,
      response: { 200: thresholdSearchResponseSchema, ...failures },
    },
    handler: (request) => searchThresholds(db, request.body),
  });

  app.post<{ Body: ThresholdCreate }>('/api/weeklythreshold', {
    config: { access: Abilities.thresholdCreate },
    schema: {
      tags,
      summary: 'Add a customer’s weekly cap, for all markets or one and all sizes or one.',
      description:
        '409 when the customer already has a cap for that scope. Takes effect for the next submit.',
      body: thresholdCreateSchema,
      security,
      response: { 200: thresholdSchema, ...failures, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) => createThreshold(db, viewerOf(request), request.body),
  });

  app.put<{ Params: { id: number }; Body: ThresholdUpdate }>('/api/weeklythreshold/:id', {
    config: { access: Abilities.thresholdUpdate },
    schema: {
      tags,
      summary: 'Change a cap’s scope or units a week. Takes effect for the next submit.',
      params: thresholdParamsSchema,
      body: thresholdUpdateSchema,
      security,
      response: {
        200: thresholdSchema,
        ...failures,
        404: errorResponses[404],
        409: { $ref: 'ErrorResponse#' },
      },
    },
    handler: (request) => updateThreshold(db, viewerOf(request), request.params.id, request.body),
  });

  app.delete<{ Params: { id: number } }>('/api/weeklythreshold/:id', {
    config: { access: Abilities.thresholdDelete },
    schema: {
      tags,
      summary: 'Remove a cap; answers it as it was.',
      params: thresholdParamsSchema,
      security,
      response: { 200: thresholdSchema, ...failures, 404: errorResponses[404] },
    },
    handler: (request) => removeThreshold(db, viewerOf(request), request.params.id),
  });

  app.get<{ Querystring: MeterQuery }>('/api/weeklythreshold/meter', {
    config: { access: Abilities.thresholdMeter },
    schema: {
      tags,
      summary: 'The threshold meter: this week’s use of every cap a booking of this market and size meets.',
      description: 'Customers see their own company; staff name the customer (CustomerId).',
      querystring: meterQuerySchema,
      security,
      response: { 200: meterResponseSchema, ...failures },
    },
    handler: (request) => thresholdMeter(db, viewerOf(request), request.query),
  });
}
