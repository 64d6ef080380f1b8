/** SPEC §7 Dashboard: search, details, export (CSV) and download to spreadsheet (.xlsx). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Abilities } from '../../domain/policies';
import { errorResponses } from '../../schemas/common';
import {
  type DashboardBookingSearch,
  type DashboardCriteria,
  dashboardCriteriaSchema,
  dashboardDetailParamsSchema,
  dashboardDetailSchema,
  dashboardSearchResponseSchema,
  dashboardSearchSchema,
} from '../../schemas/dashboard';
import { withOrderTypes } from '../../schemas/order-type-criterion';
import type { AppContext } from '../context';
import { dashboardDetail, searchDashboard } from '../domain/dashboard';
import { dashboardFile, type ExportKind } from '../domain/dashboard-export';
import { viewerOf } from '../plugins/access';
import { timeZoneOf } from './time-zone';

const tags = ['Dashboard'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

const FILES: Record<ExportKind, { type: string; extension: string }> = {
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

const fileName = (kind: ExportKind, now = new Date()) =>
  `bookings-${now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.${FILES[kind].extension}`;

export function dashboardRoutes(app: FastifyInstance, { db, readDb, bookingTypes }: AppContext): void {
  // ARCHITECTURE §1: searches and exports may read a replica; a detail (opened to edit) reads the primary.
  const searchDb = readDb ?? db;
  app.post<{ Body: DashboardBookingSearch }>('/api/dashboard/search', {
    config: { access: Abilities.orderSearch },
    schema: {
      tags,
      summary: 'Search bookings: TotalCount and one page of rows (ResultSet), newest first.',
      description:
        'At least one criterion is required. Dates are days in the caller’s time zone (TimeZoneOffset header). External users see only their own parties’ bookings.',
      body: withOrderTypes(dashboardSearchSchema, bookingTypes.dashboardTypes),
      security,
      response: { 200: dashboardSearchResponseSchema, ...failures },
    },
    handler: (request) =>
      searchDashboard(searchDb, viewerOf(request), request.body, timeZoneOf(request), bookingTypes),
  });

  app.get<{ Params: { id: number } }>('/api/dashboard/details/:id', {
    config: { access: Abilities.orderSearch },
    schema: {
      tags,
      summary: 'One booking order: its bookings, locations, contact and status history.',
      params: dashboardDetailParamsSchema,
      security,
      response: { 200: dashboardDetailSchema, ...failures, 404: errorResponses[404] },
    },
    handler: (request) => dashboardDetail(db, viewerOf(request), request.params.id, bookingTypes),
  });

  const fileRoute = (url: string, kind: ExportKind, summary: string) =>
    app.post<{ Body: DashboardCriteria }>(url, {
      config: { access: Abilities.orderSearch },
      schema: {
        tags,
        summary,
        description: 'Every row the criteria match, all pages, streamed as it is read.',
        body: withOrderTypes(dashboardCriteriaSchema, bookingTypes.dashboardTypes),
        security,
        response: failures,
      },
      handler: (request, reply: FastifyReply) => {
        const stream = dashboardFile(
          kind,
          searchDb,
          viewerOf(request),
          request.body,
          timeZoneOf(request),
          request.log,
        );
        return reply
          .header('Content-Type', FILES[kind].type)
          .header('Content-Disposition', `attachment; filename="${fileName(kind)}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    });
  fileRoute('/api/dashboard/export', 'csv', 'Export the search as CSV.');
  fileRoute('/api/dashboard/downloadExcel', 'xlsx', 'Download the search as an Excel workbook (.xlsx).');
}
