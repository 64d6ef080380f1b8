/**
 * One error shape for every failure, with the request id that the client shows (SPEC §8). Known
 * failures keep their 4xx and message; anything unexpected is logged and answered as a 500
 * without internals.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../../domain/messages';
import type { FieldError, RuleVerdict } from '../../engine/core/types';
import { SubmissionRefused } from '../bookings/submission';
import { isDatabaseUnavailable } from '../db/connect';
import { AppError } from '../errors';
import type { RequestPipeline } from './request-pipeline';
import { validationFailure } from './validation';

export const requestIdGenerator = () => randomUUID();

/**
 * One error shape for every failure. A 400 also lists its problems (issue 26: one shape on every
 * route): a refused submit's own field problems and unanswered questions, a schema check's one per
 * problem, or the refusal itself as the one problem of the request as a whole.
 */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  code?: string,
  problems?: { errors?: readonly FieldError[]; unanswered?: readonly RuleVerdict[] },
) {
  const errors =
    problems?.errors && problems.errors.length > 0
      ? problems.errors
      : statusCode === 400
        ? [{ field: '', message, ...(code ? { ruleId: code } : {}) }]
        : undefined;
  return reply.code(statusCode).send({
    statusCode,
    error: message,
    message,
    ...(code ? { code } : {}),
    requestId: String(reply.request.id),
    ...(errors ? { errors } : {}),
    ...(problems?.unanswered?.length ? { unanswered: problems.unanswered } : {}),
  });
}

/** The statuses HTTP has for these (issue 11); the others are 400. */
const frameworkStatus: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
};

/** Fastify's own 4xx failures, reworded for a person. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large. Send less data at a time.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

export function installErrorHandling(app: FastifyInstance, pipeline: RequestPipeline): void {
  pipeline.onArrival((request, reply) => {
    reply.header(REQUEST_ID_HEADER, String(request.id));
    return undefined;
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof SubmissionRefused) return sendError(reply, 400, error.message, error.code, error);
    if (error instanceof AppError) return sendError(reply, error.statusCode, error.message, error.code);
    if (error.validation) {
      const part = error.validationContext ?? 'body';
      const schemas = request.routeOptions.schema as Record<string, object | undefined> | undefined;
      const failure = validationFailure(error.validation as ErrorObject[], part, schemas?.[part]);
      return sendError(reply, 400, failure.message, 'VALIDATION', { errors: failure.errors });
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    // Every malformed request is a 4xx with a message the user can act on: too large 413, not JSON 415.
    if (known) return sendError(reply, frameworkStatus[error.code as string] ?? 400, known, error.code);
    if (error instanceof SyntaxError)
      return sendError(reply, 400, frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, error.message, error.code);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(
        reply,
        503,
        'The portal cannot reach its database for a moment. Please try again shortly.',
        'DATABASE_UNAVAILABLE',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      500,
      `Something went wrong on our side. Please try again; if it keeps happening, contact customer support with request id ${request.id}.`,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `There is no ${request.method} ${request.url.split('?')[0]} here.`, 'NOT_FOUND'),
  );
}
