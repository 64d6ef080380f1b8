/**
 * Issue 18, webhooks (base /api/webhooks): a company's subscriptions and their delivery log. One
 * schema per request and answer: it validates, documents the API (OpenAPI "Webhooks" tag) and
 * types the code.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Every event a subscription may ask for (docs/integrations.md "Webhooks" says when each fires). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.changed',
  'order.accepted',
  'order.rejected',
  'order.cancelled',
  'redelivery.confirmed',
  'availability.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const AVAILABILITY_EVENT: WebhookEvent = 'availability.changed';

/** A company chooses at most this many locations to hear availability of. */
export const WEBHOOK_MAX_LOCATIONS = 200;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const editable = {
  Url: {
    type: 'string',
    minLength: 1,
    maxLength: 2000,
    description: 'Where deliveries are POSTed: http:// or https://, reachable from the internet.',
  },
  Events: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', enum: WEBHOOK_EVENTS },
    description: 'The events to deliver.',
  },
  LocationIds: {
    type: 'array',
    maxItems: WEBHOOK_MAX_LOCATIONS,
    uniqueItems: true,
    items: id,
    description: 'The locations whose availability.changed is delivered (needed with that event).',
  },
  Active: { type: 'boolean', description: 'A paused subscription (false) gets no new events.' },
} as const;

export const subscriptionCreateSchema = {
  type: 'object',
  properties: {
    ...editable,
    CustomerId: {
      ...id,
      description: 'Staff: the company the subscription is for. A customer’s own company otherwise.',
    },
  },
  required: ['Url', 'Events'],
  additionalProperties: false,
} as const;
export type SubscriptionCreate = FromSchema<typeof subscriptionCreateSchema>;

export const subscriptionUpdateSchema = {
  type: 'object',
  properties: {
    ...editable,
    RotateSecret: {
      type: 'boolean',
      description: 'true: a new secret replaces the old one (shown in the answer, once).',
    },
  },
  additionalProperties: false,
} as const;
export type SubscriptionUpdate = FromSchema<typeof subscriptionUpdateSchema>;

export const subscriptionParamsSchema = {
  type: 'object',
  properties: { id },
  required: ['id'],
} as const;

export const deliveryParamsSchema = {
  type: 'object',
  properties: { id, deliveryId: id },
  required: ['id', 'deliveryId'],
} as const;

export const subscriptionListQuerySchema = {
  type: 'object',
  properties: { CustomerId: { ...id, description: 'Staff: only this company’s subscriptions.' } },
  additionalProperties: false,
} as const;

export const subscriptionSchema = {
  type: 'object',
  properties: {
    SubscriptionId: { type: 'integer' },
    CustomerId: { type: 'integer' },
    CustomerName: { type: 'string' },
    Url: { type: 'string' },
    Events: { type: 'array', items: { type: 'string' } },
    LocationIds: { type: 'array', items: { type: 'integer' } },
    Active: { type: 'boolean' },
    CreatedAt: { type: 'string', format: 'date-time' },
    /** Only in the answer that made it (create, or update with RotateSecret). */
    Secret: {
      type: 'string',
      description:
        'The HMAC-SHA256 key of X-Signature. Only in the answer of a create or a secret rotation: keep it.',
    },
  },
  required: [
    'SubscriptionId',
    'CustomerId',
    'CustomerName',
    'Url',
    'Events',
    'LocationIds',
    'Active',
    'CreatedAt',
  ],
  additionalProperties: false,
} as const;
export type Subscription = FromSchema<typeof subscriptionSchema>;

export const subscriptionListSchema = {
  type: 'object',
  properties: { Subscriptions: { type: 'array', items: subscriptionSchema } },
  required: ['Subscriptions'],
  additionalProperties: false,
} as const;
export type SubscriptionList = FromSchema<typeof subscriptionListSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const deliverySchema = {
  type: 'object',
  properties: {
    DeliveryId: { type: 'integer' },
    WebhookId: {
      type: 'string',
      description: 'The body’s id and X-Webhook-Id: the receiver de-duplicates by it.',
    },
    Event: { type: 'string' },
    BookingOrderId: { type: ['integer', 'null'] },
    LocationIds: { type: ['array', 'null'], items: { type: 'integer' } },
    Status: { type: 'string', enum: DELIVERY_STATUSES },
    Attempts: { type: 'integer' },
    LastStatus: {
      type: ['integer', 'null'],
      description: 'The HTTP status of the last try (null: no answer).',
    },
    LastError: { type: ['string', 'null'] },
    OccurredAt: { type: 'string', format: 'date-time' },
    LastAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    NextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    DeliveredAt: { type: ['string', 'null'], format: 'date-time' },
    ResentFrom: { type: ['integer', 'null'] },
  },
  required: [
    'DeliveryId',
    'WebhookId',
    'Event',
    'BookingOrderId',
    'LocationIds',
    'Status',
    'Attempts',
    'LastStatus',
    'LastError',
    'OccurredAt',
    'LastAttemptAt',
    'NextAttemptAt',
    'DeliveredAt',
    'ResentFrom',
  ],
  additionalProperties: false,
} as const;
export type Delivery = FromSchema<typeof deliverySchema>;

export const deliveryListSchema = {
  type: 'object',
  properties: { Deliveries: { type: 'array', items: deliverySchema } },
  required: ['Deliveries'],
  additionalProperties: false,
} as const;
export type DeliveryList = FromSchema<typeof deliveryListSchema>;
