/**
 * The available-units table of pool and daily lease booking (SPEC §3 "AvailableUnits"): units per
 * location for a market, size and class, with the same permissions as the flows of that order type.
 */
import type { FastifyInstance } from 'fastify';
import { flowRequirements } from '../../domain/permissions';
import { Abilities, type Ability } from '../../domain/policies';
import {
  type AvailableUnitsBody,
  availableUnitsBodySchema,
  availableUnitsResponseSchema,
} from '../../schemas/bookings';
import { errorResponses } from '../../schemas/common';
import type { AppContext } from '../context';
import { availableUnitsFor, type BookingKind } from '../domain/availability';
import type { ServerFlows } from '../flows';
import { viewerOf } from '../plugins/access';

/** When the numbers were read (ISO instant): customers' booking flows show it as "as of 10:42:07". */
export const AS_OF_HEADER = 'x-as-of';

const areas: ReadonlyArray<readonly [string, BookingKind, string, string]> = [
  ['/api/poolbooking/availableunits', 'pool', 'PB', 'pool booking locations'],
  ['/api/dailyleasebooking/availableunits', 'dailyLease', 'DL', 'port bays (the configured one first)'],
];

/** Who may ask an order type's availability: whoever may open one of its flows (any of them). */
export function orderTypeAccess(flows: ServerFlows, orderType: string): Ability {
  const requires = flows.catalog.flows
    .filter((f) => f.orderType === orderType)
    .flatMap((f) => flowRequirements(f.permissions));
  if (requires.length === 0)
    throw new Error(`no flow books order type ${orderType}: its availability has no access`);
  return Abilities.book(orderType, requires);
}

export function availabilityRoutes(app: FastifyInstance, { db, flows }: AppContext): void {
  for (const [url, kind, orderType, which] of areas) {
    app.post<{ Body: AvailableUnitsBody }>(url, {
      config: { access: orderTypeAccess(flows, orderType) },
      schema: {
        tags: ['Bookings'],
        summary: `Units available per location: every active ${which} of the market, zero rows included.`,
        body: availableUnitsBodySchema,
        security: [{ bearer: [] }],
        response: { 200: availableUnitsResponseSchema, ...errorResponses },
      },
      handler: (request, reply) => {
        const { CustomerId, MarketCode, EquipmentSize, EquipmentClass } = request.body;
        // The body stays the SPEC §3 list; the instant of the read rides in a header (the flows' freshness stamp).
        reply.header(AS_OF_HEADER, new Date().toISOString());
        return availableUnitsFor(db, viewerOf(request), kind, CustomerId, {
          marketCode: MarketCode,
          category: EquipmentSize,
          equipmentClass: EquipmentClass,
        });
      },
    });
  }
}
