/**
 * Request logging without secrets. Browsers put the bearer token in the hub's WebSocket URL
 * (`access_token`, they cannot set headers there), and Fastify logs every request's URL.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&]access_token=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/** Fastify's own request serializer, with the URL redacted. */
export function redactedRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
