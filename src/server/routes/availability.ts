/**
 * The available-units table of pool and daily lease booking (SPEC §3 "AvailableUnits"): units per
 * location for a market, size and class, with the same permissions as the flows of that order type.
 * The routes are the calls the flows' availableUnits widgets name; the yards come from the order
 * type's facts (src/domain/booking-type-facts.ts).
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
import { availableUnitsFor, yardsOf } from '../domain/availability';
import type { ServerFlows } from '../flows';
import { viewerOf } from '../plugins/access';

/** When the numbers were read (ISO instant): customers' booking flows show it as "as of 10:42:07". */
export const AS_OF_HEADER = 'x-as-of';

/** Where a uiSchema names an available-units widget's call (`ui:options.availability`). */
function availabilityUrls(ui: unknown): string[] {
  if (!ui || typeof ui !== 'object') return [];
  const node = ui as Record<string, unknown>;
  const options = node['ui:options'] as { availability?: unknown } | undefined;
  const own =
    node['ui:field'] === 'availableUnits' && typeof options?.availability === 'string'
      ? [options.availability]
      : [];
  return [...own, ...Object.values(node).flatMap(availabilityUrls)];
}

/**
 * The available-units calls the flows ask for, each with the order type it serves: the flow's own.
 * Two order types asking for one url stop the start (whose yards would it list?).
 */
export function availabilityCalls(flows: ServerFlows): Map<string, string> {
  const calls = new Map<string, string>();
  for (const flow of flows.catalog.flows)
    for (const url of flow.steps.flatMap((step) => availabilityUrls(step.uiSchema))) {
      const taken = calls.get(url);
      if (taken && taken !== flow.orderType)
        throw new Error(
          `${url} is asked for by order types ${taken} and ${flow.orderType}: give each its own`,
        );
      calls.set(url, flow.orderType);
    }
  return calls;
}

/** Who may ask an order type's availability: whoever may open one of its flows (any of them). */
export function orderTypeAccess(flows: ServerFlows, orderType: string): Ability {
  const requires = flows.catalog.flows
    .filter((f) => f.orderType === orderType)
    .flatMap((f) => flowRequirements(f.permissions));
  if (requires.length === 0)
    throw new Error(`no flow books order type ${orderType}: its availability has no access`);
  return Abilities.book(orderType, requires);
}

/** One available-units route per call a flow asks for, listing the yards its order type draws on. */
export function availabilityRoutes(app: FastifyInstance, { db, flows, bookingTypes }: AppContext): void {
  for (const [url, orderType] of availabilityCalls(flows)) {
    const type = bookingTypes.of(orderType);
    if (!type) throw new Error(`${url}: no booking type is registered for order type ${orderType}`);
    const yards = yardsOf(type);
    app.post<{ Body: AvailableUnitsBody }>(url, {
      config: { access: orderTypeAccess(flows, orderType) },
      schema: {
        tags: ['Bookings'],
        summary: `Units available per location for ${type.name}: every active location of the market that takes ${type.name.toLowerCase()}s, zero rows included.`,
        body: availableUnitsBodySchema,
        security: [{ bearer: [] }],
        response: { 200: availableUnitsResponseSchema, ...errorResponses },
      },
      handler: (request, reply) => {
        const { CustomerId, MarketCode, EquipmentSize, EquipmentClass } = request.body;
        // The body stays the SPEC §3 list; the instant of the read rides in a header (the flows' freshness stamp).
        reply.header(AS_OF_HEADER, new Date().toISOString());
        return availableUnitsFor(db, viewerOf(request), yards, CustomerId, {
          marketCode: MarketCode,
          category: EquipmentSize,
          equipmentClass: EquipmentClass,
        });
      },
    });
  }
}
