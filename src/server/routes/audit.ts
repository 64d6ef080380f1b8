/**
 * Issue 18: the staff's audit trail search (GET /api/audit) and its spreadsheet
 * (GET /api/audit/export). Staff only (policies: auditSearch); an order's own trail is in its
 * dashboard detail (History), where each caller sees only the orders they may.
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import {
  type AuditFilter,
  type AuditSearchQuery,
  auditFilterSchema,
  auditSearchQuerySchema,
  auditSearchResponseSchema,
} from '../../schemas/audit';
import { errorResponses } from '../../schemas/common';
import type { AppContext } from '../context';
import { auditTrailWorkbook, searchAuditTrail } from '../domain/audit-search';
import { timeZoneOf } from './time-zone';

const tags = ['Audit trail'];
const security = [{ bearer: [] }];
const failures = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const fileName = (now = new Date()) =>
  `audit-trail-${now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.xlsx`;

export function auditRoutes(app: FastifyInstance, { db, readDb }: AppContext): void {
  // ARCHITECTURE §1: a search may read a replica.
  const searchDb = readDb ?? db;
  app.get<{ Querystring: AuditSearchQuery }>('/api/audit', {
    config: { access: Abilities.auditSearch },
    schema: {
      tags,
      summary: 'Search the orders’ audit trail by user, customer and day: one page, newest first.',
      description:
        'Each entry: who (the user, or "API key <name> (<user>)"), when, and each field old → new.',
      querystring: auditSearchQuerySchema,
      security,
      response: { 200: auditSearchResponseSchema, ...failures },
    },
    handler: (request) => searchAuditTrail(searchDb, request.query, timeZoneOf(request)),
  });

  app.get<{ Querystring: AuditFilter }>('/api/audit/export', {
    config: { access: Abilities.auditSearch },
    schema: {
      tags,
      summary: 'Download the filtered audit trail as an Excel workbook (.xlsx): one row per field changed.',
      querystring: auditFilterSchema,
      security,
      response: failures,
    },
    handler: (request, reply) =>
      reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', `attachment; filename="${fileName()}"`)
        .header('Cache-Control', 'no-store')
        .send(auditTrailWorkbook(searchDb, request.query, timeZoneOf(request), request.log)),
  });
}
