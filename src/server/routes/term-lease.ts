/**
 * The term lease booking's own routes besides the generic submit and update (routes/flows.ts),
 * SPEC §7 base LongtermBooking, with the term lease booking's access (SPEC §6).
 */
import type { FastifyInstance } from 'fastify';
import { AreaAccess } from '../../domain/permissions';
import { errorResponses } from '../../schemas/common';
import {
  type ContractInfoQuery,
  type ContractParams,
  contractInfoQuerySchema,
  contractInfoResponseSchema,
  contractMarketsResponseSchema,
  contractParamsSchema,
} from '../../schemas/term-lease';
import type { AppContext } from '../context';
import { contractInfo, contractMarkets } from '../domain/term-lease-contracts';
import { viewerOf } from '../plugins/access';

const tags = ['Term lease booking'];
const BASE = '/api/longtermbooking';

export function termLeaseRoutes(app: FastifyInstance, { db }: AppContext): void {
  const access = [...AreaAccess.termLeaseBooking];

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
}
