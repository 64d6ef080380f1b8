/**
 * Inventory availability (base /api/inventoryavailability): staff with the inventory
 * availability's Read (demo.readonly too) see the rows, the weekly trend and the workbook;
 * customers never reach it. The numbers move with every booking, cancel, acceptance,
 * reservation and count: the hub says when (docs/decisions.md "Inventory screens").
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type AvailabilityFilter,
  availabilityFilterSchema,
  availabilityResponseSchema,
  type TrendFilter,
  trendFilterSchema,
  trendResponseSchema,
} from '../../schemas/inventory-availability';
import type { AppContext } from '../context';
import {
  availabilityTrend,
  availabilityWorkbook,
  inventoryAvailability,
} from '../domain/inventory-availability';
import { timeZoneOf } from './time-zone';

const tags = ['Inventory availability'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

export function inventoryAvailabilityRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Body: AvailabilityFilter }>('/api/inventoryavailability/search', {
    config: { access: Abilities.inventoryRead },
    schema: {
      tags,
      summary: 'Units in the yard, held, reserved, pending and available per location and size.',
      body: availabilityFilterSchema,
      security,
      response: { 200: availabilityResponseSchema, ...failures },
    },
    handler: (request) => inventoryAvailability(db, request.body),
  });

  app.post<{ Body: TrendFilter }>('/api/inventoryavailability/trend', {
    config: { access: Abilities.inventoryRead },
    schema: {
      tags,
      summary: 'Units booked per week in each market, against what is available there now.',
      body: trendFilterSchema,
      security,
      response: { 200: trendResponseSchema, ...failures },
    },
    handler: (request) => availabilityTrend(db, request.body),
  });

  app.post<{ Body: AvailabilityFilter }>('/api/inventoryavailability/downloadExcel', {
    config: { access: Abilities.inventoryRead },
    schema: {
      tags,
      summary: 'The availability table as an Excel workbook (.xlsx), like the dashboard’s.',
      body: availabilityFilterSchema,
      security,
      response: failures,
    },
    handler: async (request, reply: FastifyReply) => {
      const data = await inventoryAvailability(db, request.body);
      const file = await availabilityWorkbook(db, data, timeZoneOf(request));
      return reply
        .header('Content-Type', XLSX)
        .header(
          'Content-Disposition',
          `attachment; filename="availability-${stamp(new Date(data.AsOf))}.xlsx"`,
        )
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  });
}
