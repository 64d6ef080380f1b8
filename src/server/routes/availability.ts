/**
 * The available-units table of pool and daily lease booking (SPEC §3 "AvailableUnits"): units per
 * location for a market, size and class, with the same permissions as the booking flows.
 */
import type { FastifyInstance } from 'fastify';
import { AreaAccess } from '../../domain/permissions';
import {
  type AvailableUnitsBody,
  availableUnitsBodySchema,
  availableUnitsResponseSchema,
} from '../../schemas/bookings';
import { errorResponses } from '../../schemas/common';
import type { AppContext } from '../context';
import { availableUnitsFor, type BookingKind } from '../domain/availability';
import { viewerOf } from '../plugins/access';

const areas: ReadonlyArray<readonly [string, BookingKind, keyof typeof AreaAccess, string]> = [
  ['/api/poolbooking/availableunits', 'pool', 'poolBooking', 'pool booking locations'],
  [
    '/api/dailyleasebooking/availableunits',
    'dailyLease',
    'dailyLeaseBooking',
    'port bays (the configured one first)',
  ],
];

export function availabilityRoutes(app: FastifyInstance, { db }: AppContext): void {
  for (const [url, kind, area, which] of areas) {
    app.post<{ Body: AvailableUnitsBody }>(url, {
      config: { access: AreaAccess[area] },
      schema: {
        tags: ['Bookings'],
        summary: `Units available per location: every active ${which} of the market, zero rows included.`,
        body: availableUnitsBodySchema,
        security: [{ bearer: [] }],
        response: { 200: availableUnitsResponseSchema, ...errorResponses },
      },
      handler: (request) => {
        const { CustomerId, MarketCode, EquipmentSize, EquipmentClass } = request.body;
        return availableUnitsFor(db, viewerOf(request), kind, CustomerId, {
          marketCode: MarketCode,
          category: EquipmentSize,
          equipmentClass: EquipmentClass,
        });
      },
    });
  }
}
