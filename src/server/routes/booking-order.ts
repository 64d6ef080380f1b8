/**
 * The booking order base (SPEC §7 "booking order"): cancelling an order from its detail view, and
 * the order document a flow opens (dashboard Edit and Load Booking).
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import { ORDER_DOCUMENT_URL, orderDocumentSchema } from '../../schemas/booking-order';
import { errorResponses } from '../../schemas/common';
import {
  type CancelOrderBody,
  cancelOrderBodySchema,
  dashboardDetailParamsSchema,
  dashboardDetailSchema,
} from '../../schemas/dashboard';
import type { BookingTypes } from '../bookings/registry';
import type { AppContext } from '../context';
import { cancelOrder } from '../domain/booking-cancel';
import { orderDocument } from '../domain/order-document';
import { viewerOf } from '../plugins/access';

/** Whoever may cancel an order of some type may call cancel order; the type's own rule decides the rest. */
const cancelAccess = (types: BookingTypes) =>
  Abilities.orderCancel(
    types.list.flatMap((t) => (t.cancel ? [...t.cancel.staff, ...t.cancel.customer] : [])),
  );

export function bookingOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put<{ Body: CancelOrderBody }>('/api/bookingorder/cancelOrder', {
    config: { access: cancelAccess(ctx.bookingTypes) },
    schema: {
      tags: ['Bookings'],
      summary: 'Cancel a booking order that nothing has been picked up on.',
      description:
        'Every open or pending booking of the order becomes Cancelled; the contact and AdditionalEmails are told. 409 when the order can no longer be cancelled, or its type is cancelled elsewhere.',
      body: cancelOrderBodySchema,
      security: [{ bearer: [] }],
      response: {
        200: dashboardDetailSchema,
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: { $ref: 'ErrorResponse#' },
      },
    },
    handler: (request) => cancelOrder(ctx, viewerOf(request), request.body, request.log),
  });

  app.get<{ Params: { id: number } }>(ORDER_DOCUMENT_URL.replace('{id}', ':id'), {
    // Like the dashboard detail: every signed-in user, scoped to the orders they may see.
    config: { access: Abilities.orderSearch },
    schema: {
      tags: ['Bookings'],
      summary: 'One order as a flow opens it (Edit, Load Booking): header, Details, Bookings, Version.',
      description:
        'Scoped like the dashboard detail: an order the caller may not see is a 404. CanEdit and EditRoute say whether and where the caller may edit it now.',
      params: dashboardDetailParamsSchema,
      security: [{ bearer: [] }],
      response: { 200: orderDocumentSchema, ...errorResponses },
    },
    handler: (request) =>
      orderDocument(ctx.db, viewerOf(request), ctx.bookingTypes, ctx.flows.catalog.flows, request.params.id),
  });
}
