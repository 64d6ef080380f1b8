/**
 * The order document: one booking order as a flow opens it (dashboard Edit and Load Booking). It is
 * the same for every order type — the order's header, its type's own header fields in `Details`,
 * and its bookings — so a flow file's `edit.load` template maps it to flow data with no code of its
 * own (docs/flows.md). `Version` goes back with an update: a stale one is a 409 (ARCHITECTURE §3).
 */
import type { FromSchema } from 'json-schema-to-ts';

const nullableInteger = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const orderDocumentBookingSchema = {
  type: 'object',
  properties: {
    BookingId: { type: 'integer' },
    BookingCode: nullableString,
    BookingStatusCode: { type: 'string' },
    LocationId: { type: 'integer', description: 'Where the units are picked up (reposition: the origin).' },
    LocationName: { type: 'string' },
    ToLocationId: { ...nullableInteger, description: 'Reposition: the destination.' },
    ToLocationName: nullableString,
    EquipmentSize: { type: 'string' },
    EquipmentClass: nullableString,
    Extendable: { type: 'boolean' },
    UnitsRequestedCount: { type: 'integer' },
    UnitsFulfilledCount: { type: 'integer' },
    MotorCarrierId: nullableInteger,
    MotorCarrierName: { ...nullableString, description: 'Name (SCAC) of the booking’s motor carrier.' },
    BookingComment: nullableString,
    RailTerminalReleaseNumber: nullableString,
    WithRedelivery: { type: 'boolean' },
    RedeliveryRequestedCount: { type: 'integer' },
    Chassis: { type: 'array', items: { type: 'string' }, description: 'Reuse: the chassis booked.' },
  },
  required: [
    'BookingId',
    'BookingCode',
    'BookingStatusCode',
    'LocationId',
    'LocationName',
    'ToLocationId',
    'ToLocationName',
    'EquipmentSize',
    'EquipmentClass',
    'Extendable',
    'UnitsRequestedCount',
    'UnitsFulfilledCount',
    'MotorCarrierId',
    'MotorCarrierName',
    'BookingComment',
    'RailTerminalReleaseNumber',
    'WithRedelivery',
    'RedeliveryRequestedCount',
    'Chassis',
  ],
  additionalProperties: false,
} as const;

export const orderDocumentSchema = {
  type: 'object',
  properties: {
    BookingOrderId: { type: 'integer' },
    BookingOrderTypeCode: { type: 'string' },
    StatusCode: nullableString,
    Version: {
      type: 'integer',
      description: 'Increases with every change of the order; send it back with an update.',
    },
    CanEdit: { type: 'boolean', description: 'Whether the caller may edit the order now.' },
    EditRoute: {
      ...nullableString,
      description: 'Hash route of the flow that edits this order, when the caller may edit it.',
    },
    CustomerId: { type: 'integer' },
    CustomerNameWithSCAC: { type: 'string' },
    MarketCode: nullableString,
    ResponsiblePartyId: nullableInteger,
    MotorCarrierId: nullableInteger,
    ContactName: nullableString,
    EmailAddresses: nullableString,
    SendExternalNotification: { type: 'boolean' },
    BookingComment: nullableString,
    Details: {
      type: 'object',
      description:
        'The order type’s own header fields (reposition: InventoryOrgCode, FromLocationId, Extendable, RepositionReasonCode, ExternalPartyEmails).',
      additionalProperties: true,
    },
    Bookings: { type: 'array', items: orderDocumentBookingSchema },
    Chassis: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Every chassis the order’s bookings name, once each, sorted: the list a redelivery opens with (Edit, Load Booking).',
    },
  },
  required: [
    'BookingOrderId',
    'BookingOrderTypeCode',
    'StatusCode',
    'Version',
    'CanEdit',
    'EditRoute',
    'CustomerId',
    'CustomerNameWithSCAC',
    'MarketCode',
    'ResponsiblePartyId',
    'MotorCarrierId',
    'ContactName',
    'EmailAddresses',
    'SendExternalNotification',
    'BookingComment',
    'Details',
    'Bookings',
  ],
  additionalProperties: false,
} as const;
export type OrderDocument = FromSchema<typeof orderDocumentSchema>;
export type OrderDocumentBooking = FromSchema<typeof orderDocumentBookingSchema>;

/** The path of the order document (GET); {id} is the booking order id. */
export const ORDER_DOCUMENT_URL = '/api/bookingorder/{id}/document';

/**
 * An update adds these to the flow data it sends to the flow's `edit.update.url` (beside
 * Acknowledged): which order, and the Version the user opened.
 */
export const UPDATE_ORDER_FIELD = 'BookingOrderId';
export const UPDATE_VERSION_FIELD = 'Version';

/** The 409 code of an update sent with a stale Version. */
export const ORDER_CHANGED_CODE = 'ORDER_CHANGED';
