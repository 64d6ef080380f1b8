/**
 * Issue 18: the staff's search of the order audit trail (GET /api/audit) and its spreadsheet
 * (GET /api/audit/export). Filters by the user who made the change, the order's customer and the
 * day (in the caller's time zone, TimeZoneOffset header); newest first, a page at a time.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { historyEntrySchema } from './dashboard';

export const AUDIT_PAGE_SIZE = 50;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const auditFilterSchema = {
  type: 'object',
  properties: {
    UserId: { ...id, description: 'Only changes made by this user (through the portal or their API keys).' },
    CustomerId: { ...id, description: 'Only changes to this customer’s orders.' },
    Day: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'Only changes on this day (YYYY-MM-DD) in the caller’s time zone.',
    },
  },
  additionalProperties: false,
} as const;
export type AuditFilter = FromSchema<typeof auditFilterSchema>;

export const auditSearchQuerySchema = {
  type: 'object',
  properties: {
    ...auditFilterSchema.properties,
    Page: { type: 'integer', minimum: 1, maximum: 100000, description: 'From 1; 50 entries a page.' },
  },
  additionalProperties: false,
} as const;
export type AuditSearchQuery = FromSchema<typeof auditSearchQuerySchema>;

export const auditEntrySchema = {
  type: 'object',
  properties: {
    AuditId: { type: 'integer' },
    BookingOrderId: { type: 'integer' },
    CustomerId: { type: ['integer', 'null'] },
    CustomerNameWithSCAC: { type: ['string', 'null'] },
    UserId: { type: ['integer', 'null'] },
    ...historyEntrySchema.properties,
  },
  required: [
    'AuditId',
    'BookingOrderId',
    'CustomerId',
    'CustomerNameWithSCAC',
    'UserId',
    ...historyEntrySchema.required,
  ],
  additionalProperties: false,
} as const;
export type AuditEntry = FromSchema<typeof auditEntrySchema>;

export const auditSearchResponseSchema = {
  type: 'object',
  properties: {
    TotalCount: { type: 'integer' },
    Page: { type: 'integer' },
    PageSize: { type: 'integer' },
    Entries: { type: 'array', items: auditEntrySchema },
  },
  required: ['TotalCount', 'Page', 'PageSize', 'Entries'],
  additionalProperties: false,
} as const;
export type AuditSearchResponse = FromSchema<typeof auditSearchResponseSchema>;
