/**
 * One submit route per flow in the catalog (docs/flows.md): `POST submit.url` with the flow's
 * permissions, and one update route per flow that declares edit.update (`POST edit.update.url`).
 * A flow file added to src/flows is served with no code change here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { flowRequirements } from '../../domain/permissions';
import { Abilities, type Ability } from '../../domain/policies';
import { ACKNOWLEDGED_FIELD, ACKNOWLEDGED_MAX_ITEMS, submitSchemaOf } from '../../engine/core/check-data';
import type { LoadedFlow } from '../../engine/core/load';
import { UPDATE_ORDER_FIELD, UPDATE_VERSION_FIELD } from '../../schemas/booking-order';
import {
  bookingSubmitResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_LENGTH,
  submitHeadersSchema,
} from '../../schemas/bookings';
import { errorResponses } from '../../schemas/common';
import { submitFlow } from '../bookings/flow-submission';
import { updateFlowOrder } from '../bookings/order-update';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { currentFlow } from '../flows';
import { viewerOf } from '../plugins/access';

/** A flow's permissions as route access: any one (entity, bits) pair, each with all its bits. */
const flowAccess = (flow: LoadedFlow): Ability => Abilities.flow(flow.id, flowRequirements(flow.permissions));

function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  const { min, max } = IDEMPOTENCY_KEY_LENGTH;
  if (typeof key !== 'string' || key.trim().length < min || key.trim().length > max) {
    throw new AppError(
      400,
      `Send an Idempotency-Key header of ${min} to ${max} characters (e.g. a UUID), the same on every retry of this submit, so it is booked only once.`,
      'IDEMPOTENCY_KEY',
    );
  }
  return key.trim();
}

/** Fastify's own body check lets any JSON object through: the engine's check answers with the form's messages. */
/**
 * The frame of a submit body: a JSON object whose Acknowledged, if sent, is what the published
 * schema says (issue 11). The flow's own check (schema, then rules) judges the rest, with the
 * form's messages.
 */
const jsonObjectOnly = (body: unknown) => {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { error: new AppError(400, 'Send the booking as a JSON object.', 'VALIDATION') };
  const answered = (body as Record<string, unknown>)[ACKNOWLEDGED_FIELD];
  if (answered === undefined || isAnswerList(answered)) return true;
  return {
    error: new AppError(
      400,
      `${ACKNOWLEDGED_FIELD} must be a list of at most ${ACKNOWLEDGED_MAX_ITEMS} different rule ids (texts of at most 100 characters).`,
      'VALIDATION',
    ),
  };
};

const isAnswerList = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length <= ACKNOWLEDGED_MAX_ITEMS &&
  value.every((v) => typeof v === 'string' && v.length <= 100) &&
  new Set(value).size === value.length;

/** An update's body: the submit body plus which order and the Version the user opened. */
function updateSchemaOf(flow: LoadedFlow) {
  const { $id: _id, ...submit } = submitSchemaOf(flow);
  return {
    ...submit,
    properties: {
      ...(submit.properties as Record<string, unknown>),
      [UPDATE_ORDER_FIELD]: { type: 'integer', minimum: 1, description: 'The order edited.' },
      [UPDATE_VERSION_FIELD]: {
        type: 'integer',
        minimum: 1,
        description: 'The order’s Version as the user opened it.',
      },
    },
    required: [
      ...((submit.required as string[] | undefined) ?? []),
      UPDATE_ORDER_FIELD,
      UPDATE_VERSION_FIELD,
    ],
  };
}

function updateRoute(app: FastifyInstance, ctx: AppContext, flow: LoadedFlow, url: string): void {
  app.post(url, {
    config: { access: flowAccess(flow) },
    schema: {
      tags: ['Bookings'],
      summary: `Update an order through the ${flow.title} flow (edit mode).`,
      description:
        'Checked as the submit is, then applied in one transaction: 404 for an order the caller cannot see, 409 ORDER_CHANGED for a stale Version, 409 when the order can no longer be edited, 400 NOTHING_CHANGED for an edit that changes nothing.',
      body: updateSchemaOf(flow),
      security: [{ bearer: [] }],
      response: {
        200: bookingSubmitResponseSchema,
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: { $ref: 'ErrorResponse#' },
      },
    },
    validatorCompiler: ({ httpPart }) => (httpPart === 'body' ? jsonObjectOnly : () => true),
    // A refusal (SubmissionRefused) is answered by the error handler: 400 with its problems.
    handler: (request) =>
      updateFlowOrder(ctx, currentFlow(ctx.flows, flow), {
        viewer: viewerOf(request),
        body: request.body as Record<string, unknown>,
        log: request.log,
      }),
  });
}

export function flowRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A flow file's edit.open and edit.view are read by the client as they stand: a typo there must
  // stop the server, not leave Edit or View answering 404 for every order of the type.
  app.addHook('onReady', async () => {
    for (const flow of ctx.flows.catalog.flows)
      for (const url of [flow.edit?.open, flow.edit?.view])
        if (url && !app.hasRoute({ method: 'GET', url: url.replace('{id}', ':id') }))
          throw new Error(`Flow ${flow.id}: no GET route serves ${url} (edit.open / edit.view).`);
  });
  for (const flow of ctx.flows.catalog.flows) {
    if (flow.edit?.update) updateRoute(app, ctx, flow, flow.edit.update.url);
    const { $id: _id, ...body } = submitSchemaOf(flow);
    app.post(flow.submit.url, {
      config: { access: flowAccess(flow) },
      schema: {
        tags: ['Bookings'],
        summary: `Submit a ${flow.title} (flow ${flow.id}).`,
        description:
          'Checked exactly as the form checks it: the flow schema, then its error rules, then its confirm and acknowledge rules, which must be listed in Acknowledged once the user answered them.',
        headers: submitHeadersSchema,
        body,
        security: [{ bearer: [] }],
        response: {
          200: bookingSubmitResponseSchema,
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          409: { $ref: 'ErrorResponse#' },
        },
      },
      validatorCompiler: ({ httpPart }) => (httpPart === 'body' ? jsonObjectOnly : () => true),
      handler: (request) =>
        submitFlow(ctx, currentFlow(ctx.flows, flow), {
          viewer: viewerOf(request),
          body: request.body as Record<string, unknown>,
          idempotencyKey: idempotencyKeyOf(request),
          log: request.log,
        }),
    });
  }
}
