/**
 * The term lease booking's own routes besides the generic submit and update (routes/flows.ts),
 * SPEC §7 base LongtermBooking, with the term lease booking's access (SPEC §6).
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../../domain/policies';
import { errorResponses } from '../../../schemas/common';
import {
  type ContractActionBody,
  type ContractInfoQuery,
  type ContractParams,
  contractActionBodySchema,
  contractInfoQuerySchema,
  contractInfoResponseSchema,
  contractMarketsResponseSchema,
  contractParamsSchema,
  looseObjectSchema,
  type OpenOrderParams,
  openOrderParamsSchema,
  type TermLeaseCancelBody,
  termLeaseCancelBodySchema,
} from '../../../schemas/term-lease';
import type { AppContext } from '../../context';
import { contractInfo, contractMarkets, TERM_LEASE_ORDER_TYPE } from '../../domain/term-lease-contracts';
import { announce } from '../../events/order-events';
import { viewerOf } from '../../plugins/access';
import { orderTypeAccess } from '../../routes/availability';
import { cancelTermLeaseOrder, contractAvailability, contractForForm, openTermLeaseOrder } from './orders';

const tags = ['Term lease booking'];
const BASE = '/api/longtermbooking';

export function termLeaseRoutes(
  app: FastifyInstance,
  { db, config, mail, orderEvents, flows }: AppContext,
): void {
  const access = orderTypeAccess(flows, TERM_LEASE_ORDER_TYPE);

  app.get<{ Params: ContractParams; Querystring: ContractInfoQuery }>(`${BASE}/getContractInfo/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'A term lease contract: number, dates, status, whether it can be booked, and its lines.',
      description:
        "A contract of another customer is a 404, like one that does not exist. Each line's BookedQuantity counts every order's bookings on it, except BookingOrderId's when given (edit mode).",
      params: contractParamsSchema,
      querystring: contractInfoQuerySchema,
      security: [{ bearer: [] }],
      response: { 200: contractInfoResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      contractInfo(db, viewerOf(request), request.params.id, new Date(), request.query.BookingOrderId),
  });

  app.get<{ Params: ContractParams }>(`${BASE}/getlongtermmarket/:id`, {
    config: { access },
    schema: {
      tags,
      summary: "The markets of a term lease contract's lines.",
      params: contractParamsSchema,
      security: [{ bearer: [] }],
      response: { 200: contractMarketsResponseSchema, ...errorResponses },
    },
    handler: (request) => contractMarkets(db, viewerOf(request), request.params.id),
  });

  app.post<{ Body: ContractActionBody }>(`${BASE}/getContractInfo`, {
    config: { access },
    schema: {
      tags,
      summary:
        'The contract as the booking form takes it (step action): details, one line item per line, saved fees.',
      description:
        "With BookingOrderId (edit mode) each line item carries that order's bookings on the line as BookedItems, and the order's saved fees come along.",
      body: contractActionBodySchema,
      security: [{ bearer: [] }],
      response: { 200: looseObjectSchema, ...errorResponses },
    },
    handler: (request) =>
      contractForForm(db, viewerOf(request), request.body.ContractId, request.body.BookingOrderId),
  });

  app.post<{ Body: ContractActionBody }>(`${BASE}/checkavailability`, {
    config: { access },
    schema: {
      tags,
      summary:
        "Units available per line and location of a contract (the contract org's units), with the time.",
      body: contractActionBodySchema,
      security: [{ bearer: [] }],
      response: { 200: looseObjectSchema, ...errorResponses },
    },
    handler: (request) =>
      contractAvailability(db, viewerOf(request), request.body.ContractId, request.body.BookingOrderId),
  });

  app.post<{ Body: TermLeaseCancelBody }>(`${BASE}/cancelLongTermOrder`, {
    config: { access: Abilities.termLeaseOrderUpdate },
    schema: {
      tags,
      summary: 'Cancel a term lease order; then reload it with GET /open/{orderId}/OP,CN,CL,FF,PN.',
      description:
        'Open bookings become CN (CL when units were picked up); fulfilled ones are closed when FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING is on, else the cancel is refused (409). Fees of cancelled locations are cancelled.',
      body: termLeaseCancelBodySchema,
      security: [{ bearer: [] }],
      response: { 200: looseObjectSchema, ...errorResponses, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const orderId = request.body.BookingOrderId;
      const after = await cancelTermLeaseOrder(
        { db, mail },
        viewer,
        request.body,
        config.featureFlags.termCloseOfFulfilledBooking,
        new Date(),
      );
      announce(orderEvents, request.log, { BookingOrderId: orderId, Change: 'cancelled' });
      return after;
    },
  });

  app.get<{ Params: OpenOrderParams }>(`${BASE}/open/:orderId/:statuses`, {
    config: { access },
    schema: {
      tags,
      summary: 'A term lease order with its bookings of the given statuses and its fees (SPEC §7, §9).',
      params: openOrderParamsSchema,
      security: [{ bearer: [] }],
      response: { 200: looseObjectSchema, ...errorResponses },
    },
    handler: (request) =>
      openTermLeaseOrder(db, viewerOf(request), request.params.orderId, request.params.statuses.split(',')),
  });
}
