/**
 * Internal reservations (base /api/internalreservation): staff with the internal reservation's
 * Read, Create or Update list them (demo.readonly too); adding needs Create, changing Update;
 * customers never reach them.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type ReservationCreate,
  type ReservationSearch,
  type ReservationUpdate,
  reservationCreateSchema,
  reservationParamsSchema,
  reservationSchema,
  reservationSearchResponseSchema,
  reservationSearchSchema,
  reservationUpdateSchema,
} from '../../schemas/internal-reservation';
import type { AppContext } from '../context';
import { createReservation, searchReservations, updateReservation } from '../domain/internal-reservations';
import { viewerOf } from '../plugins/access';

const tags = ['Internal reservation'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

export function internalReservationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = {
    db: ctx.db,
    orderEvents: ctx.orderEvents,
    commentsEnabled: ctx.config.featureFlags.internalReservationComments,
  };

  app.post<{ Body: ReservationSearch }>('/api/internalreservation/search', {
    config: { access: Abilities.reservationRead },
    schema: {
      tags,
      summary: 'The reservations of a provider-managed org, with the units free for each.',
      body: reservationSearchSchema,
      security,
      response: { 200: reservationSearchResponseSchema, ...failures },
    },
    handler: (request) => searchReservations(deps, request.body),
  });

  app.post<{ Body: ReservationCreate }>('/api/internalreservation', {
    config: { access: Abilities.reservationCreate },
    schema: {
      tags,
      summary: 'Reserve units at a location for an org, size, class and extendable.',
      description:
        '409 when more is asked than is free there (the message gives the free number) or the reservation exists.',
      body: reservationCreateSchema,
      security,
      response: { 200: reservationSchema, ...failures, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: (request) => createReservation(deps, viewerOf(request), request.body, request.log),
  });

  app.put<{ Params: { id: number }; Body: ReservationUpdate }>('/api/internalreservation/:id', {
    config: { access: Abilities.reservationUpdate },
    schema: {
      tags,
      summary: 'Change a reservation’s quantity, customer bookings allowed, reason or comment.',
      description:
        '409 when OriginalReservedQuantity is stale or more is asked than is free. Quantity 0 releases the units.',
      params: reservationParamsSchema,
      body: reservationUpdateSchema,
      security,
      response: {
        200: reservationSchema,
        ...failures,
        404: errorResponses[404],
        409: { $ref: 'ErrorResponse#' },
      },
    },
    handler: (request) =>
      updateReservation(deps, viewerOf(request), request.params.id, request.body, request.log),
  });
}
