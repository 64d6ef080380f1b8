/**
 * SPEC §3 Dashboard and §7 Dashboard calls: the search object (DashboardBookingSearch), its answer
 * (TotalCount and ResultSet), the detail view, and what the real-time hub sends (ReceiveMessage).
 * One row of the dashboard is one booking of an order: its number, location, size and quantity.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { DASHBOARD_MAX_PAGE_SIZE, DASHBOARD_PAGE_SIZE } from '../domain/constants';
import { BOOKING_STATUS_CODES, DASHBOARD_ORDER_TYPES, NEW_STATUS_FILTER } from '../domain/status-codes';

const day = {
  type: 'string',
  format: 'date',
  // Years 1900–9998: the day after the last one must still be a date the database holds (issue 11).
  pattern: '^(19\\d\\d|[2-8]\\d\\d\\d|9[0-8]\\d\\d)-',
  description:
    'A calendar day (YYYY-MM-DD, years 1900–9998) in the caller’s time zone (the TimeZoneOffset header).',
} as const;

/** The criteria only: the export and the Excel download take these without paging. */
const criteriaProperties = {
  // Text criteria are checked by src/domain/dashboard-criteria.ts, for the form's own messages;
  // the schema only caps their size.
  BookingCode: {
    type: 'string',
    maxLength: 100,
    description: 'A booking number or its beginning (case-insensitive); blank means no criterion.',
  },
  BookingOrderTypeCode: {
    type: 'string',
    enum: DASHBOARD_ORDER_TYPES,
    description: 'SPEC §5: dashboard order types exclude IR and MI; RD is not offered.',
  },
  StatusCode: {
    type: 'string',
    enum: [...BOOKING_STATUS_CODES, NEW_STATUS_FILTER],
    description: `A booking status code, or ${NEW_STATUS_FILTER} for orders that have no status yet ("New").`,
  },
  CustomerName: {
    type: 'string',
    maxLength: 100,
    description:
      'Staff only. Case-insensitive contains on the customer’s name with SCAC, e.g. "Acme (ACME)".',
  },
  MarketCode: { type: 'string', minLength: 1, maxLength: 10 },
  LocationId: { type: 'integer', minimum: 1 },
  EquipmentSize: {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description: 'An equipment category code, e.g. Chassis.40.',
  },
  CreatedFrom: day,
  CreatedTo: day,
  UpdatedFrom: day,
  UpdatedTo: day,
  ChassisId: {
    type: 'string',
    maxLength: 100,
    description: 'Bookings naming this chassis (four letters and six digits, hyphen optional).',
  },
} as const;

/** The criterion fields, in the form's order: one list for the client's form and the server's check. */
export const DASHBOARD_CRITERIA_FIELDS = Object.keys(criteriaProperties) as Array<
  keyof typeof criteriaProperties
>;

export const dashboardCriteriaSchema = {
  type: 'object',
  description: 'What an export or Excel download matches: the criteria of the current search, all pages.',
  properties: {
    ...criteriaProperties,
    // Accepted and ignored, so the client can post its whole search object.
    StartRecordNumber: { type: 'integer', minimum: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: DASHBOARD_MAX_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;
export type DashboardCriteria = FromSchema<typeof dashboardCriteriaSchema>;

export const dashboardSearchSchema = {
  type: 'object',
  description:
    'At least one criterion is required ("Invalid search criteria" otherwise). Rows come newest first.',
  properties: {
    ...criteriaProperties,
    StartRecordNumber: {
      type: 'integer',
      minimum: 1,
      default: 1,
      description: 'The 1-based number of the first row of the page.',
    },
    PageSize: {
      type: 'integer',
      minimum: 1,
      maximum: DASHBOARD_MAX_PAGE_SIZE,
      default: DASHBOARD_PAGE_SIZE,
    },
  },
  additionalProperties: false,
} as const;
export type DashboardBookingSearch = FromSchema<typeof dashboardSearchSchema>;

export const dashboardRowSchema = {
  type: 'object',
  properties: {
    BookingOrderId: { type: 'integer' },
    BookingId: { type: 'integer' },
    BookingCode: { type: ['string', 'null'], description: 'Null while the booking is pending review.' },
    BookingOrderTypeCode: { type: 'string' },
    BookingOrderTypeName: { type: 'string' },
    CustomerId: { type: 'integer' },
    CustomerNameWithSCAC: { type: 'string' },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    MarketCode: { type: ['string', 'null'] },
    EquipmentSize: { type: 'string' },
    EquipmentSizeName: { type: 'string', description: 'The size as people read it, e.g. "40\' Chassis".' },
    Quantity: { type: 'integer', description: 'Units requested.' },
    StatusCode: { type: ['string', 'null'], description: 'Null when the order has no status yet.' },
    StatusName: { type: 'string', description: 'The status name; "New" when StatusCode is null.' },
    CreatedAt: { type: 'string', format: 'date-time' },
    UpdatedAt: { type: 'string', format: 'date-time' },
    CanEdit: {
      type: 'boolean',
      description:
        'Search answers: whether the caller may edit the order now (its flow in edit mode). Absent from exports and hub messages, which are not per caller.',
    },
  },
  required: [
    'BookingOrderId',
    'BookingId',
    'BookingCode',
    'BookingOrderTypeCode',
    'BookingOrderTypeName',
    'CustomerId',
    'CustomerNameWithSCAC',
    'LocationId',
    'LocationName',
    'MarketCode',
    'EquipmentSize',
    'EquipmentSizeName',
    'Quantity',
    'StatusCode',
    'StatusName',
    'CreatedAt',
    'UpdatedAt',
  ],
  additionalProperties: false,
} as const;
export type DashboardRow = FromSchema<typeof dashboardRowSchema>;

/**
 * Issue 15: a search counts its rows up to this many; past it TotalCount is this number and
 * TotalCountCapped says there are more (the paginator reaches the cap's last page; a narrower
 * search shows the rest).
 */
export const DASHBOARD_COUNT_CAP = 10_000;

export const dashboardSearchResponseSchema = {
  type: 'object',
  properties: {
    TotalCount: { type: 'integer' },
    /** Present (true) when more rows than TotalCount match: it is then DASHBOARD_COUNT_CAP. */
    TotalCountCapped: { type: 'boolean' },
    StartRecordNumber: { type: 'integer' },
    PageSize: { type: 'integer' },
    ResultSet: { type: 'array', items: dashboardRowSchema },
  },
  required: ['TotalCount', 'StartRecordNumber', 'PageSize', 'ResultSet'],
  additionalProperties: false,
} as const;
export type DashboardSearchResponse = FromSchema<typeof dashboardSearchResponseSchema>;

const partySchema = {
  type: ['object', 'null'],
  properties: { CustomerId: { type: 'integer' }, CustomerNameWithSCAC: { type: 'string' } },
  required: ['CustomerId', 'CustomerNameWithSCAC'],
  additionalProperties: false,
} as const;

const detailLocationSchema = {
  type: 'object',
  properties: {
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    LocationStreet1: { type: 'string' },
    LocationStreet2: { type: ['string', 'null'] },
    LocationStreet3: { type: ['string', 'null'] },
    LocationCity: { type: 'string' },
    LocationStateProvince: { type: 'string' },
    LocationZipCode: { type: 'string' },
    LocationMarketCode: { type: 'string' },
    OperatingHours: {
      type: 'array',
      items: { type: 'string' },
      description: 'SPEC §5: the semicolon-separated hours, split into a list.',
    },
  },
  required: [
    'LocationId',
    'LocationName',
    'LocationStreet1',
    'LocationStreet2',
    'LocationStreet3',
    'LocationCity',
    'LocationStateProvince',
    'LocationZipCode',
    'LocationMarketCode',
    'OperatingHours',
  ],
  additionalProperties: false,
} as const;

const detailBookingSchema = {
  type: 'object',
  properties: {
    BookingId: { type: 'integer' },
    BookingCode: { type: ['string', 'null'] },
    StatusCode: { type: 'string' },
    StatusName: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentSizeDescription: { type: 'string' },
    EquipmentClass: { type: ['string', 'null'] },
    UnitsRequestedCount: { type: 'integer' },
    UnitsFulfilledCount: { type: 'integer' },
    Location: detailLocationSchema,
    ToLocation: { anyOf: [detailLocationSchema, { type: 'null' }] },
    Chassis: { type: 'array', items: { type: 'string' } },
  },
  required: [
    'BookingId',
    'BookingCode',
    'StatusCode',
    'StatusName',
    'EquipmentSize',
    'EquipmentSizeDescription',
    'EquipmentClass',
    'UnitsRequestedCount',
    'UnitsFulfilledCount',
    'Location',
    'ToLocation',
    'Chassis',
  ],
  additionalProperties: false,
} as const;

/** Issue 18: one field a trail entry changed, as a person reads it (null: empty). */
const trailChangeSchema = {
  type: 'object',
  properties: {
    Field: {
      type: 'string',
      description:
        'Status, Contact.ContactName, or a booking’s field named by its number: "Booking PB26000123.UnitsRequestedCount".',
    },
    Old: { type: ['string', 'null'] },
    New: { type: ['string', 'null'] },
  },
  required: ['Field', 'Old', 'New'],
  additionalProperties: false,
} as const;

export const historyEntrySchema = {
  type: 'object',
  description: 'One entry of the order’s audit trail, oldest first.',
  properties: {
    ChangedAt: { type: 'string', format: 'date-time' },
    ChangedBy: {
      type: 'string',
      description:
        'The user’s full name; "API key <name> (<user>)" for a change made with an API key; or "System".',
    },
    ApiKeyName: { type: ['string', 'null'], description: 'The API key the change was made with, if any.' },
    Action: {
      type: 'string',
      description:
        'created, status_changed, edited, validated, accepted, rejected, cancelled, picked_up, returned (ORDER_AUDIT_ACTIONS).',
    },
    StatusCode: { type: ['string', 'null'] },
    StatusName: { type: 'string' },
    Changes: {
      type: 'array',
      items: trailChangeSchema,
      description: 'Each field the entry changed, old → new.',
    },
    Note: { type: ['string', 'null'], description: 'A reason or verdict that goes with the change.' },
  },
  required: ['ChangedAt', 'ChangedBy', 'ApiKeyName', 'Action', 'StatusCode', 'StatusName', 'Changes', 'Note'],
  additionalProperties: false,
} as const;
export type TrailEntry = FromSchema<typeof historyEntrySchema>;

export const dashboardDetailSchema = {
  type: 'object',
  properties: {
    BookingOrderId: { type: 'integer' },
    BookingOrderTypeCode: { type: 'string' },
    BookingOrderTypeName: { type: 'string' },
    StatusCode: { type: ['string', 'null'] },
    StatusName: { type: 'string' },
    Customer: partySchema,
    ResponsibleParty: partySchema,
    MotorCarrier: partySchema,
    MarketCode: { type: ['string', 'null'] },
    ContactName: { type: ['string', 'null'] },
    EmailAddresses: { type: 'array', items: { type: 'string' } },
    BookingComment: { type: ['string', 'null'] },
    CreatedAt: { type: 'string', format: 'date-time' },
    UpdatedAt: { type: 'string', format: 'date-time' },
    TotalUnits: { type: 'integer' },
    CanCancel: {
      type: 'boolean',
      description: 'Whether the caller may cancel the order now (PUT /api/bookingorder/cancelOrder).',
    },
    CanEdit: {
      type: 'boolean',
      description:
        'Whether the caller may edit the order now (its flow in edit mode; see the order document).',
    },
    Bookings: { type: 'array', items: detailBookingSchema },
    History: { type: 'array', items: historyEntrySchema },
  },
  required: [
    'BookingOrderId',
    'BookingOrderTypeCode',
    'BookingOrderTypeName',
    'StatusCode',
    'StatusName',
    'Customer',
    'ResponsibleParty',
    'MotorCarrier',
    'MarketCode',
    'ContactName',
    'EmailAddresses',
    'BookingComment',
    'CreatedAt',
    'UpdatedAt',
    'TotalUnits',
    'CanCancel',
    'CanEdit',
    'Bookings',
    'History',
  ],
  additionalProperties: false,
} as const;
export type DashboardDetail = FromSchema<typeof dashboardDetailSchema>;

export const dashboardDetailParamsSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** SPEC §3 "Cancel order payload": BookingOrderId and AdditionalEmails. */
export const cancelOrderBodySchema = {
  type: 'object',
  properties: {
    BookingOrderId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    AdditionalEmails: {
      type: 'string',
      maxLength: 1000,
      description: 'More addresses for the cancellation notice, separated by semicolons.',
    },
  },
  required: ['BookingOrderId'],
  additionalProperties: false,
} as const;
export type CancelOrderBody = FromSchema<typeof cancelOrderBodySchema>;

/**
 * What happened to a booking order, as the hub tells it. `inventory` is no order's change: an
 * internal reservation or a manual count moved availability (staff only, BookingOrderId 0, no rows).
 */
export const ORDER_CHANGES = ['created', 'edited', 'cancelled', 'accepted', 'rejected', 'inventory'] as const;
export type OrderChange = (typeof ORDER_CHANGES)[number];

/**
 * The one argument of the hub's `ReceiveMessage`: which order changed, how, and its dashboard rows
 * as they are now (the rows of a search the receiver may see; the client replaces them in place).
 */
export interface OrderChangeMessage {
  Change: OrderChange;
  BookingOrderId: number;
  StatusCode: string | null;
  ChangedAt: string;
  Rows: DashboardRow[];
}
