/** The booking order base (SPEC §7 "booking order"): cancelling an order from its detail view. */
import type { FastifyInstance } from 'fastify';
import { AreaAccess } from '../../domain/permissions';
import { errorResponses } from '../../schemas/common';
import { type CancelOrderBody, cancelOrderBodySchema, dashboardDetailSchema } from '../../schemas/dashboard';
import type { AppContext } from '../context';
import { cancelOrder } from '../domain/booking-cancel';
import { viewerOf } from '../plugins/access';

export function bookingOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put<{ Body: CancelOrderBody }>('/api/bookingorder/cancelOrder', {
    config: { access: AreaAccess.poolBooking },
    schema: {
      tags: ['Bookings'],
      summary: 'Cancel a pool, daily lease or reuse booking order that nothing has been picked up on.',
      description:
        'Every open or pending booking of the order becomes Cancelled; the contact and AdditionalEmails are told. 409 when the order can no longer be cancelled.',
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
}
