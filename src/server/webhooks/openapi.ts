/**
 * Issue 18: the OpenAPI document's `webhooks` section (OpenAPI 3.1): one entry per event, the POST
 * the portal makes to a subscription's URL — its headers and body. The body's order is the
 * dashboard detail's schema without CanCancel and CanEdit (payload.ts says why).
 */
import { dashboardDetailSchema } from '../../schemas/dashboard';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../schemas/webhooks';

const { CanCancel: _cancel, CanEdit: _edit, ...orderProperties } = dashboardDetailSchema.properties;
const orderSchema = {
  type: ['object', 'null'],
  description:
    'The order as the dashboard detail shows it to your company, read when the delivery is sent; null if it is no longer yours to see.',
  properties: orderProperties,
  required: dashboardDetailSchema.required.filter((f) => f !== 'CanCancel' && f !== 'CanEdit'),
};

const envelope = {
  id: {
    type: 'string',
    format: 'uuid',
    description:
      'The delivery’s id (also X-Webhook-Id): de-duplicate by it, a delivery may come more than once.',
  },
  event: { type: 'string', enum: WEBHOOK_EVENTS },
  occurredAt: { type: 'string', format: 'date-time', description: 'When the change was committed.' },
};

const orderBody = {
  type: 'object',
  properties: { ...envelope, order: orderSchema },
  required: ['id', 'event', 'occurredAt', 'order'],
};

const availabilityBody = {
  type: 'object',
  properties: {
    ...envelope,
    locations: {
      type: 'array',
      description:
        'Your chosen locations whose available units changed; ask the availability API for the numbers.',
      items: {
        type: 'object',
        properties: {
          LocationId: { type: 'integer' },
          LocationName: { type: 'string' },
          MarketCode: { type: 'string' },
        },
      },
    },
  },
  required: ['id', 'event', 'occurredAt', 'locations'],
};

const WHEN: Record<WebhookEvent, string> = {
  'order.created': 'An order of your company was booked (or requested, when it waits for review).',
  'order.changed': 'An order was edited, validated, or changed otherwise.',
  'order.accepted': 'Customer Support accepted a pending request: the order is open with booking numbers.',
  'order.rejected': 'Customer Support rejected a pending request.',
  'order.cancelled': 'The order was cancelled (or closed, when some units were picked up).',
  'redelivery.confirmed':
    'A pool or term lease redelivery was confirmed (booked without review, or accepted).',
  'availability.changed':
    'Units available at one of your chosen locations changed (a booking, cancel, reservation or count).',
};

const headers = {
  'X-Signature': {
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the subscription secret>`; refuse a t older than 5 minutes (docs/integrations.md has a snippet).',
    schema: { type: 'string' },
  },
  'X-Webhook-Id': { required: true, description: 'The body’s id.', schema: { type: 'string' } },
  'X-Webhook-Event': { required: true, description: 'The body’s event.', schema: { type: 'string' } },
};

export const webhooksOpenApi = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [
    event,
    {
      post: {
        tags: ['Webhooks'],
        summary: WHEN[event],
        description:
          'POSTed to the subscription URL. Answer 2xx within 10 s to acknowledge; anything else (or no answer) is tried again with a doubling pause for a day. Deliveries of one order come in order.',
        parameters: Object.entries(headers).map(([name, h]) => ({ name, in: 'header', ...h })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: event === 'availability.changed' ? availabilityBody : orderBody },
          },
        },
        responses: { '2XX': { description: 'Received: the delivery is not sent again.' } },
      },
    },
  ]),
);
