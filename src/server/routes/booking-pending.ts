/**
 * SPEC §7 Pending bookings (base /api/bookingpending): the cached code lists, the queue's search,
 * accept, reject and validation of one request or several, and the inventory check. Staff with the
 * pending queue's Read see it; deciding and validating need its Update (demo.readonly may search,
 * not decide); customers never reach it.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import { codeNameListSchema } from '../../schemas/lookup';
import { withOrderTypes } from '../../schemas/order-type-criterion';
import {
  type InventoryCheck,
  inventoryCheckSchema,
  inventoryResponseSchema,
  type PendingAcceptBody,
  type PendingOutcome,
  type PendingRejectBody,
  type PendingSearch,
  type PendingValidationBody,
  pendingAcceptBodySchema,
  pendingActionResponseSchema,
  pendingRejectBodySchema,
  pendingSearchResponseSchema,
  pendingSearchSchema,
  pendingValidationBodySchema,
} from '../../schemas/pending';
import type { AppContext } from '../context';
import { pendingRequestCodes } from '../domain/lookups';
import { acceptPendingRequests, rejectPendingRequests } from '../domain/pending-decisions';
import { inventoryCheck } from '../domain/pending-inventory';
import { searchPendingRequests } from '../domain/pending-requests';
import { validatePendingRequests } from '../domain/pending-validation';
import { AppError } from '../errors';
import { viewerOf } from '../plugins/access';
import { timeZoneOf } from './time-zone';

const tags = ['Pending bookings'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };
/** Deciding and validating change a request: the pending queue's Update bit. */

/**
 * One request asked for: its refusal is the call's answer (404, 409…), so a single accept that
 * lost a race is a plain 409. Several: 200 with one outcome each.
 */
function answer(outcomes: PendingOutcome[]) {
  const [only] = outcomes;
  if (outcomes.length === 1 && only && only.Outcome === 'refused')
    throw new AppError(only.StatusCode, only.Message, only.Code ?? undefined);
  return { Results: outcomes };
}

export function bookingPendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const present = () => ({ showContact: ctx.config.featureFlags.pendingQueueContactInfo });
  const listSchema = (summary: string) => ({
    tags,
    summary,
    security,
    response: { 200: codeNameListSchema, 401: errorResponses[401], 403: errorResponses[403] },
  });
  const actionResponses = {
    200: pendingActionResponseSchema,
    ...failures,
    404: errorResponses[404],
    409: { $ref: 'ErrorResponse#' },
  };

  app.get('/api/bookingpending/allRequestTypes', {
    config: { access: Abilities.pendingRead },
    schema: listSchema('Every pending request type (cached by the SPA as PendingRequestTypes).'),
    handler: () => pendingRequestCodes(db, 'pending_request_types'),
  });

  app.get('/api/bookingpending/allRequestFailures', {
    config: { access: Abilities.pendingRead },
    schema: listSchema('Every pending request failure (cached by the SPA as PendingRequestFailures).'),
    handler: () => pendingRequestCodes(db, 'pending_request_failures'),
  });

  app.post<{ Body: PendingSearch }>('/api/bookingpending/search', {
    config: { access: Abilities.pendingRead },
    schema: {
      tags,
      summary: 'Search the pending queue: TotalCount and one page of requests, newest first.',
      description:
        'Without BookingPendingStatus the open queue (PN) is searched. Dates are days in the caller’s time zone (TimeZoneOffset header).',
      body: withOrderTypes(pendingSearchSchema, ctx.bookingTypes.dashboardTypes),
      security,
      response: { 200: pendingSearchResponseSchema, ...failures },
    },
    handler: (request) => searchPendingRequests(db, request.body, timeZoneOf(request), present()),
  });

  app.post<{ Body: PendingValidationBody }>('/api/bookingpending/execute/validation', {
    config: { access: Abilities.pendingDecide },
    schema: {
      tags,
      summary:
        'Re-check requests now (availability, standing, weekly threshold, contract) and record the verdicts.',
      body: pendingValidationBodySchema,
      security,
      response: actionResponses,
    },
    handler: async (request) =>
      answer(
        await validatePendingRequests(ctx, viewerOf(request), request.body.PendingRequestIds, present()),
      ),
  });

  app.post<{ Body: PendingAcceptBody }>('/api/bookingpending/execute/accept', {
    config: { access: Abilities.pendingDecide },
    schema: {
      tags,
      summary: 'Accept requests: their bookings get booking numbers and open; the contact is mailed.',
      description:
        '409 when the request was already decided (naming who and how) or its units are gone since it was made (unless AcceptOverAvailability).',
      body: pendingAcceptBodySchema,
      security,
      response: actionResponses,
    },
    handler: async (request) =>
      answer(
        await acceptPendingRequests(
          ctx,
          viewerOf(request),
          request.body.PendingRequestIds,
          request.body.AcceptOverAvailability === true,
          request.log,
          present(),
        ),
      ),
  });

  app.post<{ Body: PendingRejectBody }>('/api/bookingpending/execute/reject', {
    config: { access: Abilities.pendingDecide },
    schema: {
      tags,
      summary: 'Reject requests with a reason: their bookings are cancelled; the contact is told why.',
      body: pendingRejectBodySchema,
      security,
      response: actionResponses,
    },
    handler: async (request) =>
      answer(
        await rejectPendingRequests(
          ctx,
          viewerOf(request),
          request.body.PendingRequestIds,
          request.body.Reason,
          request.log,
          present(),
        ),
      ),
  });

  app.post<{ Body: InventoryCheck }>('/api/bookingpending/inventory', {
    config: { access: Abilities.pendingRead },
    schema: {
      tags,
      summary: 'Units per location of a market for one size and class, zero rows included (SPEC §3 payload).',
      body: inventoryCheckSchema,
      security,
      response: { 200: inventoryResponseSchema, ...failures },
    },
    handler: (request) => inventoryCheck(db, request.body),
  });
}
