/**
 * Internal reservations (SPEC §3 "Internal reservation", base /api/internalreservation): units
 * staff hold back per org, location, equipment size, class and extendable, with a reason, and a
 * comment per org and location behind the feature flag "internal reservation comments".
 * docs/decisions.md "Inventory screens" says what each field means.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** A reservation above any yard: a typo of an extra digit is refused, not stored. */
export const RESERVED_QUANTITY_MAX = 10_000;
export const RESERVATION_COMMENT_MAX = 500;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const code = { type: 'string', minLength: 1, maxLength: 40 } as const;
const quantity = { type: 'integer', minimum: 0, maximum: RESERVED_QUANTITY_MAX } as const;
const comment = {
  type: ['string', 'null'],
  maxLength: RESERVATION_COMMENT_MAX,
  description: 'Only while the feature flag "internal reservation comments" is on; blank clears it.',
} as const;

export const reservationSearchSchema = {
  type: 'object',
  description: 'The reservations of one provider-managed org, narrowed by the optional criteria.',
  properties: {
    InventoryOrgCode: { ...code, description: 'A provider-managed org (SPEC §5).' },
    MarketCode: { type: 'string', maxLength: 10 },
    LocationId: id,
    EquipmentSize: { type: 'string', maxLength: 40 },
    EquipmentClass: { type: 'string', maxLength: 10 },
  },
  required: ['InventoryOrgCode'],
  additionalProperties: false,
} as const;
export type ReservationSearch = FromSchema<typeof reservationSearchSchema>;

const nullableString = { type: ['string', 'null'] } as const;

/** SPEC §3 "Detail per inventory org and location". */
export const reservationDetailSchema = {
  type: 'object',
  properties: {
    InventoryOrgCode: { type: 'string' },
    LocationId: { type: 'integer' },
    ReservationComment: nullableString,
    CommentUser: nullableString,
    CommentDate: { type: ['string', 'null'], format: 'date-time' },
    CommentUpdated: {
      type: 'boolean',
      description: 'The reservation’s last change wrote its comment.',
    },
  },
  required: [
    'InventoryOrgCode',
    'LocationId',
    'ReservationComment',
    'CommentUser',
    'CommentDate',
    'CommentUpdated',
  ],
  additionalProperties: false,
} as const;

export const reservationSchema = {
  type: 'object',
  properties: {
    ReservationId: { type: 'integer' },
    InventoryOrgCode: { type: 'string' },
    LocationId: { type: 'integer' },
    LocationName: { type: 'string' },
    MarketCode: { type: 'string' },
    EquipmentSize: { type: 'string' },
    EquipmentClass: { type: 'string' },
    Extendable: { type: 'boolean' },
    ReservedQuantity: { type: 'integer' },
    OriginalReservedQuantity: {
      type: 'integer',
      description: 'The quantity as stored now: send it back with a change (a stale one is a 409).',
    },
    CustomerBookingsAllowed: {
      type: 'boolean',
      description: 'false: the reserved units are held back from customer bookings; true: earmarked only.',
    },
    ReasonCode: nullableString,
    ReasonDescription: nullableString,
    ModifiedBy: nullableString,
    LastModified: { type: 'string', format: 'date-time' },
    HasComment: { type: 'boolean', description: 'Always false while comments are turned off.' },
    FreeQuantity: {
      type: 'integer',
      description:
        'The most this reservation may hold right now: its own units plus what is free at the location.',
    },
    Detail: reservationDetailSchema,
  },
  required: [
    'ReservationId',
    'InventoryOrgCode',
    'LocationId',
    'LocationName',
    'MarketCode',
    'EquipmentSize',
    'EquipmentClass',
    'Extendable',
    'ReservedQuantity',
    'OriginalReservedQuantity',
    'CustomerBookingsAllowed',
    'ReasonCode',
    'ReasonDescription',
    'ModifiedBy',
    'LastModified',
    'HasComment',
    'FreeQuantity',
    'Detail',
  ],
  additionalProperties: false,
} as const;
export type Reservation = FromSchema<typeof reservationSchema>;

export const reservationSearchResponseSchema = {
  type: 'object',
  properties: {
    InventoryOrgCode: { type: 'string' },
    CommentsEnabled: { type: 'boolean' },
    Reservations: { type: 'array', items: reservationSchema },
  },
  required: ['InventoryOrgCode', 'CommentsEnabled', 'Reservations'],
  additionalProperties: false,
} as const;
export type ReservationSearchResponse = FromSchema<typeof reservationSearchResponseSchema>;

export const reservationCreateSchema = {
  type: 'object',
  properties: {
    InventoryOrgCode: code,
    LocationId: id,
    EquipmentSize: { type: 'string', minLength: 1, maxLength: 40 },
    EquipmentClass: { type: 'string', minLength: 1, maxLength: 10 },
    Extendable: { type: 'boolean', default: false },
    ReservedQuantity: quantity,
    CustomerBookingsAllowed: { type: 'boolean', default: false },
    ReasonCode: {
      ...code,
      description: 'An internal reservation reason (lookup internalReservationReasons).',
    },
    ReservationComment: comment,
  },
  required: [
    'InventoryOrgCode',
    'LocationId',
    'EquipmentSize',
    'EquipmentClass',
    'ReservedQuantity',
    'ReasonCode',
  ],
  additionalProperties: false,
} as const;
export type ReservationCreate = FromSchema<typeof reservationCreateSchema>;

export const reservationUpdateSchema = {
  type: 'object',
  description: 'Send only what changes, with OriginalReservedQuantity as read.',
  properties: {
    ReservedQuantity: quantity,
    OriginalReservedQuantity: quantity,
    CustomerBookingsAllowed: { type: 'boolean' },
    ReasonCode: code,
    ReservationComment: comment,
    CommentUpdated: {
      type: 'boolean',
      description: 'true: ReservationComment replaces the comment (null or blank removes it).',
    },
  },
  required: ['OriginalReservedQuantity'],
  additionalProperties: false,
} as const;
export type ReservationUpdate = FromSchema<typeof reservationUpdateSchema>;

export const reservationParamsSchema = {
  type: 'object',
  properties: { id },
  required: ['id'],
  additionalProperties: false,
} as const;
