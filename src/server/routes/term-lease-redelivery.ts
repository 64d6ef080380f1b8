/**
 * The term lease redelivery's own routes besides the generic submit (routes/flows.ts; SPEC §7
 * longTermRedelivery): contractForChassis, and cancelOrder for its orders.
 */
import type { FastifyInstance } from 'fastify';
import { applyMarketAndLocation } from '../../domain/term-lease-redelivery';
import { errorResponses } from '../../schemas/common';
import { type CancelOrderBody, cancelOrderBodySchema, dashboardDetailSchema } from '../../schemas/dashboard';
import {
  type ContractForChassisBody,
  contractForChassisBodySchema,
  contractForChassisResponseSchema,
} from '../../schemas/term-lease-redelivery';
import type { AppContext } from '../context';
import { cancelOrder } from '../domain/booking-cancel';
import { bookingCustomer } from '../domain/booking-customer';
import { contractForChassis, TERM_REDELIVERY_ORDER_TYPE } from '../domain/term-lease-redelivery';
import { AppError } from '../errors';
import { viewerOf } from '../plugins/access';
import { orderTypeAccess } from './availability';

export function termLeaseRedeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, flows } = ctx;
  const access = orderTypeAccess(flows, TERM_REDELIVERY_ORDER_TYPE);
  app.post<{ Body: ContractForChassisBody }>('/api/longtermredelivery/contractForChassis', {
    config: { access },
    schema: {
      tags: ['Redeliveries'],
      summary:
        'The contract details of up to 300 chassis: a verdict per chassis, and the group line items (one per contract line, one detail per chassis).',
      body: contractForChassisBodySchema,
      security: [{ bearer: [] }],
      response: { 200: contractForChassisResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const { ChassisIds, CustomerId, MarketCode, LocationId } = request.body;
      const customer = await bookingCustomer(db, viewer, CustomerId, {
        requireGoodStanding: false,
        lock: false,
      });
      const answer = await contractForChassis(
        db,
        { ...viewer, customerId: customer.customerId, isInternal: false },
        ChassisIds,
        new Date(),
      );
      if (MarketCode === undefined || LocationId === undefined) return answer;
      return {
        ...answer,
        GroupLineItems: answer.GroupLineItems.map((l) =>
          l.MarketList.includes(MarketCode) && l.LocationList.includes(LocationId)
            ? applyMarketAndLocation(l, MarketCode, LocationId)
            : l,
        ),
      };
    },
  });

  app.put<{ Body: CancelOrderBody }>('/api/longtermredelivery/cancelOrder', {
    config: { access },
    schema: {
      tags: ['Redeliveries'],
      summary:
        'Cancel a term lease redelivery order (BookingOrderId, AdditionalEmails); the answer is the order.',
      body: cancelOrderBodySchema,
      security: [{ bearer: [] }],
      response: { 200: dashboardDetailSchema, ...errorResponses, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: async (request) => {
      const order = await db
        .selectFrom('booking_orders')
        .select('booking_order_type_code')
        .where('booking_order_id', '=', request.body.BookingOrderId)
        .executeTakeFirst();
      if (order && order.booking_order_type_code !== TERM_REDELIVERY_ORDER_TYPE)
        throw new AppError(
          409,
          'This order is not a term lease redelivery: cancel it from its own screen.',
          'WRONG_TYPE',
        );
      return cancelOrder(ctx, viewerOf(request), request.body, request.log);
    },
  });
}
