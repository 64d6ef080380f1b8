/**
 * SPEC §7 Pending bookings (base /api/bookingpending): the queue's search object and its answer,
 * the request objects of accept, reject and validation with their per-request outcomes, and SPEC
 * §3's inventory check payload. docs/decisions.md "Pending queue" says what each field means.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { DASHBOARD_MAX_PAGE_SIZE, DASHBOARD_PAGE_SIZE, EXTENDABLE_FILTER_VALUES } from '../domain/constants';
import { DASHBOARD_ORDER_TYPES, PENDING_STATUS_CODES } from '../domain/status-codes';

/** The most requests one accept, reject or validation acts on. */
export const PENDING_BATCH_MAX = 50;

const day = {
  type: 'string',
  format: 'date',
  description: 'A calendar day (YYYY-MM-DD) in the caller’s time zone (the TimeZoneOffset header).',
} as const;
const code = { type: 'string', minLength: 1, maxLength: 40 } as const;

export const pendingSearchSchema = {
  type: 'object',
  description:
    'Every criterion is optional; without BookingPendingStatus the open queue (PN) is searched. Newest first.',
  properties: {
    RequestTypeCode: { ...code, description: 'A code of GET /allRequestTypes.' },
    FailureCode: {
      ...code,
      description: 'A code of GET /allRequestFailures: the last validation failed so.',
    },
    BookingPendingStatus: {
      type: 'string',
      enum: PENDING_STATUS_CODES,
      description:
        'SPEC §5 offers PN, CN, FF: PN waiting for a decision, CN rejected (or withdrawn), FF accepted.',
    },
    CustomerName: {
      type: 'string',
      maxLength: 100,
      description: 'At least 2 characters: case-insensitive contains on "Name (SCAC)".',
    },
    MarketCode: { type: 'string', maxLength: 10 },
    LocationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    BookingOrderTypeCode: { type: 'string', enum: DASHBOARD_ORDER_TYPES },
    CreatedFrom: day,
    CreatedTo: day,
    BookingCode: {
      type: 'string',
      maxLength: 40,
      description: 'A booking number or its beginning (accepted requests have numbers), or the order number.',
    },
    StartRecordNumber: { type: 'integer', minimum: 1, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: DASHBOARD_MAX_PAGE_SIZE, default: DASHBOARD_PAGE_SIZE },
  },
  additionalProperties: false,
} as const;
export type PendingSearch = FromSchema<typeof pendingSearchSchema>;

const nullableString = { type: ['string', 'null'] } as const;

export const PENDING_REQUEST_STATUSES = ['PENDING', 'VALIDATED', 'ACCEPTED', 'REJECTED'] as const;
export const VALIDATION_CHECKS = ['availability', 'standing', 'threshold', 'contract'] as const;
export type ValidationCheckName = (typeof VALIDATION_CHECKS)[number];

export const validationCheckSchema = {
  type: 'object',
  properties: {
    Check: { type: 'string', enum: VALIDATION_CHECKS },
    Passed: { type: 'boolean' },
    FailureCode: { ...nullableString, description: 'The failure code this check records when it fails.' },
    Message: { type: 'string' },
  },
  required: ['Check', 'Passed', 'FailureCode', 'Message'],
  additionalProperties: false,
} as const;
export type ValidationCheck = FromSchema<typeof validationCheckSchema>;

const pendingBookingSchema = {
  type: 'object',
  properties: {
    BookingId: { type: 'integer' },
    BookingCode: { ...nullableString, description: 'Null until the request is accepted.' },
    StatusCode: { type: 'string' },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: nullableString,
    UnitsRequestedCount: { type: 'integer' },
  },
  required: [
    'BookingId',
    'BookingCode',
    'StatusCode',
    'LocationId',
    'LocationName',
    'EquipmentSize',
    'EquipmentClass',
    'UnitsRequestedCount',
  ],
  additionalProperties: false,
} as const;

export const pendingRequestSchema = {
  type: 'object',
  properties: {
    PendingRequestId: { type: 'integer' },
    BookingOrderId: { type: 'integer' },
    BookingOrderTypeCode: { type: 'string' },
    BookingOrderTypeName: { type: 'string' },
    InventoryCheckable: {
      type: 'boolean',
      description: 'Its order type draws on pool inventory: Check Inventory applies (POST /inventory).',
    },
    RequestTypeCode: { type: 'string' },
    RequestTypeName: { type: 'string' },
    Status: { type: 'string', enum: PENDING_REQUEST_STATUSES },
    BookingPendingStatus: {
      type: ['string', 'null'],
      description: 'The order’s status: PN while it waits, OP once accepted, CN once rejected.',
    },
    CustomerId: { type: 'integer' },
    CustomerNameWithSCAC: { type: 'string' },
    CustomerClass: { type: 'string' },
    MarketCode: nullableString,
    PendingReasons: {
      type: 'array',
      description: 'Why it is pending: the booking pending reasons (reason code and description).',
      items: {
        type: 'object',
        properties: { ReasonCode: { type: 'string' }, Description: { type: 'string' } },
        required: ['ReasonCode', 'Description'],
        additionalProperties: false,
      },
    },
    Bookings: { type: 'array', items: pendingBookingSchema },
    TotalUnits: { type: 'integer' },
    Validation: {
      type: ['object', 'null'],
      description: 'The last validation’s verdict; null until validated.',
      properties: {
        Passed: { type: 'boolean' },
        FailureCode: nullableString,
        FailureName: nullableString,
        ValidatedBy: { type: 'string' },
        ValidatedAt: { type: 'string', format: 'date-time' },
        Checks: { type: 'array', items: validationCheckSchema },
      },
      required: ['Passed', 'FailureCode', 'FailureName', 'ValidatedBy', 'ValidatedAt', 'Checks'],
      additionalProperties: false,
    },
    Decision: {
      type: ['object', 'null'],
      description: 'Who accepted or rejected it, when, and why (a rejection’s reason); null while open.',
      properties: {
        Status: { type: 'string', enum: ['ACCEPTED', 'REJECTED'] },
        DecidedBy: { type: 'string' },
        DecidedAt: { type: 'string', format: 'date-time' },
        Reason: nullableString,
      },
      required: ['Status', 'DecidedBy', 'DecidedAt', 'Reason'],
      additionalProperties: false,
    },
    ContactName: {
      ...nullableString,
      description: 'Only with the feature flag "pending queue contact info" on; null otherwise.',
    },
    EmailAddresses: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Only with the feature flag "pending queue contact info" on; null otherwise.',
    },
    CreatedAt: { type: 'string', format: 'date-time' },
  },
  required: [
    'PendingRequestId',
    'BookingOrderId',
    'BookingOrderTypeCode',
    'BookingOrderTypeName',
    'InventoryCheckable',
    'RequestTypeCode',
    'RequestTypeName',
    'Status',
    'BookingPendingStatus',
    'CustomerId',
    'CustomerNameWithSCAC',
    'CustomerClass',
    'MarketCode',
    'PendingReasons',
    'Bookings',
    'TotalUnits',
    'Validation',
    'Decision',
    'ContactName',
    'EmailAddresses',
    'CreatedAt',
  ],
  additionalProperties: false,
} as const;
export type PendingRequest = FromSchema<typeof pendingRequestSchema>;

export const pendingSearchResponseSchema = {
  type: 'object',
  properties: {
    TotalCount: { type: 'integer' },
    StartRecordNumber: { type: 'integer' },
    PageSize: { type: 'integer' },
    ResultSet: { type: 'array', items: pendingRequestSchema },
  },
  required: ['TotalCount', 'StartRecordNumber', 'PageSize', 'ResultSet'],
  additionalProperties: false,
} as const;
export type PendingSearchResponse = FromSchema<typeof pendingSearchResponseSchema>;

const requestIds = {
  type: 'array',
  minItems: 1,
  maxItems: PENDING_BATCH_MAX,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: 2147483647 },
  description: `The pending requests to act on (1 to ${PENDING_BATCH_MAX}); each gets its own outcome.`,
} as const;

export const pendingValidationBodySchema = {
  type: 'object',
  properties: { PendingRequestIds: requestIds },
  required: ['PendingRequestIds'],
  additionalProperties: false,
} as const;
export type PendingValidationBody = FromSchema<typeof pendingValidationBodySchema>;

export const pendingAcceptBodySchema = {
  type: 'object',
  properties: {
    PendingRequestIds: requestIds,
    AcceptOverAvailability: {
      type: 'boolean',
      default: false,
      description:
        'Book even where fewer units are available now than requested (staff know more stock is coming). Recorded in the audit trail.',
    },
  },
  required: ['PendingRequestIds'],
  additionalProperties: false,
} as const;
export type PendingAcceptBody = FromSchema<typeof pendingAcceptBodySchema>;

export const PENDING_REJECT_REASON_MAX = 500;
export const pendingRejectBodySchema = {
  type: 'object',
  properties: {
    PendingRequestIds: requestIds,
    Reason: {
      type: 'string',
      minLength: 1,
      maxLength: PENDING_REJECT_REASON_MAX,
      description: 'Why: mailed to the customer’s contact and kept with the request.',
    },
  },
  required: ['PendingRequestIds', 'Reason'],
  additionalProperties: false,
} as const;
export type PendingRejectBody = FromSchema<typeof pendingRejectBodySchema>;

export const PENDING_OUTCOMES = ['validated', 'accepted', 'rejected', 'refused'] as const;
export type PendingOutcomeKind = (typeof PENDING_OUTCOMES)[number];

export const pendingOutcomeSchema = {
  type: 'object',
  properties: {
    PendingRequestId: { type: 'integer' },
    Outcome: { type: 'string', enum: PENDING_OUTCOMES },
    StatusCode: { type: 'integer', description: 'The HTTP status this request alone would have had.' },
    Message: { type: 'string' },
    Code: nullableString,
    Request: { anyOf: [pendingRequestSchema, { type: 'null' }] },
  },
  required: ['PendingRequestId', 'Outcome', 'StatusCode', 'Message', 'Code', 'Request'],
  additionalProperties: false,
} as const;
export type PendingOutcome = FromSchema<typeof pendingOutcomeSchema>;

export const pendingActionResponseSchema = {
  type: 'object',
  properties: { Results: { type: 'array', items: pendingOutcomeSchema } },
  required: ['Results'],
  additionalProperties: false,
} as const;
export type PendingActionResponse = FromSchema<typeof pendingActionResponseSchema>;

/** SPEC §3 "Inventory check payload"; IncludeZeroInventory is always true (SPEC §9). */
export const inventoryCheckSchema = {
  type: 'object',
  properties: {
    ResponsiblePartyId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    ResponsiblePartyType: {
      type: 'string',
      minLength: 1,
      maxLength: 10,
      description: 'The responsible party’s customer class (MC, SSL, BCO, …).',
    },
    MarketCode: { type: 'string', minLength: 1, maxLength: 10 },
    EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
    EquipmentClass: { type: 'string', minLength: 1, maxLength: 10 },
    Extendable: { type: 'string', enum: EXTENDABLE_FILTER_VALUES },
    IncludeZeroInventory: { type: 'boolean', enum: [true], description: 'Always true (SPEC §9).' },
    BookingOrderTypeCode: { type: 'string', minLength: 1, maxLength: 4 },
  },
  required: [
    'ResponsiblePartyId',
    'ResponsiblePartyType',
    'MarketCode',
    'EquipmentSize',
    'EquipmentClass',
    'Extendable',
    'IncludeZeroInventory',
    'BookingOrderTypeCode',
  ],
  additionalProperties: false,
} as const;
export type InventoryCheck = FromSchema<typeof inventoryCheckSchema>;

export const inventoryResponseSchema = {
  type: 'object',
  properties: {
    MarketCode: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: { type: 'string' },
    Extendable: { type: 'string' },
    BookingOrderTypeCode: { type: 'string' },
    TotalAvailable: { type: 'integer' },
    Locations: {
      type: 'array',
      description: 'Every active location of the market that takes the order type, zero rows included.',
      items: {
        type: 'object',
        properties: {
          LocationId: { type: 'integer' },
          LocationName: { type: 'string' },
          Available: {
            type: 'integer',
            description: 'Units bookable now (stock − open bookings − reservations).',
          },
          Stock: { type: 'integer', description: 'Pool units standing there available.' },
          Held: { type: 'integer', description: 'Units open bookings still hold.' },
          Reserved: { type: 'integer', description: 'Units staff reserved, closed to customer bookings.' },
        },
        required: ['LocationId', 'LocationName', 'Available', 'Stock', 'Held', 'Reserved'],
        additionalProperties: false,
      },
    },
  },
  required: [
    'MarketCode',
    'EquipmentSize',
    'EquipmentClass',
    'Extendable',
    'BookingOrderTypeCode',
    'TotalAvailable',
    'Locations',
  ],
  additionalProperties: false,
} as const;
export type InventoryResponse = FromSchema<typeof inventoryResponseSchema>;
