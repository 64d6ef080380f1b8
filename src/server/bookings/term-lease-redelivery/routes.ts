/**
 * The term lease redelivery's own routes besides the flow's submit and update (routes/flows.ts
 * serves POST /createlongtermredeliverybooking and /updatelongtermredelivery from the flow file;
 * SPEC §7 longTermRedelivery): contractForChassis, cancelOrder, the GET calls, and the base POST
 * ("creates an order"), which is the create under its SPEC name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Abilities } from '../../../domain/policies';
import { orderDocumentSchema } from '../../../schemas/booking-order';
import { errorResponses } from '../../../schemas/common';
import {
  type CancelOrderBody,
  cancelOrderBodySchema,
  dashboardDetailSchema,
} from '../../../schemas/dashboard';
import {
  type ContractForChassisBody,
  contractForChassisBodySchema,
  contractForChassisResponseSchema,
} from '../../../schemas/term-lease-redelivery';
import type { AppContext } from '../../context';
import { cancelOrder } from '../../domain/booking-cancel';
import { dashboardDetail } from '../../domain/dashboard';
import { orderDocument } from '../../domain/order-document';
import { AppError, notFound } from '../../errors';
import { viewerOf } from '../../plugins/access';
import { orderTypeAccess } from '../../routes/availability';
import { contractForChassisSearch } from './contract-for-chassis';
import { TERM_REDELIVERY_ORDER_TYPE } from './search';

/**
 * An order stored while the search kept one return location (Details.LocationId) reads as the
 * SPEC §3 list the flow now opens (Details.LocationIds), so Edit and Load Booking keep it.
 */
function withLocationList<T extends { Details?: unknown }>(doc: T): T {
  const details = doc.Details as { LocationId?: unknown; LocationIds?: unknown } | null | undefined;
  if (typeof details?.LocationId !== 'number' || details.LocationIds !== undefined) return doc;
  const { LocationId, ...rest } = details;
  return { ...doc, Details: { ...rest, LocationIds: [LocationId] } };
}

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
    handler: (request) => contractForChassisSearch(db, viewerOf(request), request.body, new Date()),
  });

  // SPEC §7 names both "POST base creates an order" and POST /createlongtermredeliverybooking; they
  // are one operation, booked in one place: the base answers 308, so a client re-sends the same
  // body (and Idempotency-Key) to the create.
  const create = flows.catalog.flows.find((f) => f.orderType === TERM_REDELIVERY_ORDER_TYPE)?.submit.url;
  if (create && create !== '/api/longtermredelivery')
    app.post('/api/longtermredelivery', {
      config: { access },
      schema: {
        tags: ['Redeliveries'],
        summary: `Create a term lease redelivery: the same as POST ${create} (308 to it, body and headers unchanged).`,
        security: [{ bearer: [] }],
        response: { 308: { type: 'null', description: `Send the same request to ${create}.` } },
      },
      handler: (_request, reply) => reply.redirect(create, 308),
    });

  // Cancelling is its own ability (an API key needs `cancel` for it, not `book`): the TR type's
  // cancel lists, as the generic cancel order asks of every type.
  const trCancel = ctx.bookingTypes.of(TERM_REDELIVERY_ORDER_TYPE)?.cancel;
  if (!trCancel) throw new Error('the term lease redelivery type names no cancel ability');
  app.put<{ Body: CancelOrderBody }>('/api/longtermredelivery/cancelOrder', {
    config: { access: Abilities.orderCancel([...trCancel.staff, ...trCancel.customer]) },
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

  /** The order as a TR order, or 404 (another type, or not the viewer's: the document says which). */
  const trOrder = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const doc = await orderDocument(
      db,
      viewerOf(request),
      ctx.bookingTypes,
      flows.catalog.flows,
      request.params.id,
    );
    if (doc.BookingOrderTypeCode !== TERM_REDELIVERY_ORDER_TYPE)
      throw notFound(`Order ${request.params.id} is not a term lease redelivery.`);
    return withLocationList(doc);
  };
  const params = {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    required: ['id'],
  } as const;
  const get = (
    path: string,
    summary: string,
    response: object,
    handler: (r: FastifyRequest<{ Params: { id: number } }>) => Promise<unknown>,
  ) =>
    app.get<{ Params: { id: number } }>(`/api/longtermredelivery/${path}/:id`, {
      config: { access },
      schema: {
        tags: ['Redeliveries'],
        summary,
        params,
        security: [{ bearer: [] }],
        response: { 200: response, ...errorResponses },
      },
      handler,
    });
  get(
    'getLongTermRedeliveryOrder',
    'A term lease redelivery order as the order document (header, Details, bookings with their chassis).',
    orderDocumentSchema,
    trOrder,
  );
  get(
    'getViewLongTermRedeliveryOrder',
    'A term lease redelivery order as the dashboard shows it (View).',
    dashboardDetailSchema,
    async (r) => {
      await trOrder(r);
      return dashboardDetail(db, viewerOf(r), r.params.id, ctx.bookingTypes);
    },
  );
  const linesResponse = {
    type: 'object',
    properties: {
      BookingOrderId: { type: 'integer' },
      GroupLineItems: { type: 'array', items: { type: 'object', additionalProperties: true } },
      Bookings: { type: 'array', items: { type: 'object', additionalProperties: true } },
    },
    required: ['BookingOrderId', 'GroupLineItems', 'Bookings'],
  } as const;
  get(
    'getlongtermredeliverydetails',
    'The lines of a term lease redelivery (contract, overrides, swap) and its bookings with their chassis.',
    linesResponse,
    async (r) => {
      const doc = await trOrder(r);
      const lines = (doc.Details as { GroupLineItems?: unknown[] } | undefined)?.GroupLineItems ?? [];
      return { BookingOrderId: doc.BookingOrderId, GroupLineItems: lines, Bookings: doc.Bookings };
    },
  );
  get(
    'getlongtermswapredeliveries',
    'The swap lines of a term lease redelivery: the units returned and their replacements.',
    linesResponse,
    async (r) => {
      const doc = await trOrder(r);
      const lines = (
        (doc.Details as { GroupLineItems?: Array<{ IsSwapRedelivery?: boolean }> } | undefined)
          ?.GroupLineItems ?? []
      ).filter((l) => l.IsSwapRedelivery);
      return {
        BookingOrderId: doc.BookingOrderId,
        GroupLineItems: lines,
        Bookings: doc.Bookings.filter((b) => (b.BookingComment ?? '').startsWith('Swap redelivery')),
      };
    },
  );
}
