/**
 * Issue 29: every request is measured (duration by route pattern and status, in flight) and logged
 * as one JSON line — method, route pattern, status, duration, request id, user or key id; never a
 * URL's query, a header or a body, so no token, key or password reaches the log. While the instance
 * drains, every answer says `Connection: close`, so a balancer's kept-alive connections end with
 * the answer instead of being cut under a request that is on its way.
 */
import type { FastifyInstance } from 'fastify';
import type { RequestPipeline } from '../plugins/request-pipeline';
import type { PortalMetrics } from './metrics';
import type { Readiness } from './readiness';
import { createRequestLog } from './request-log';

/** Refusals of POST /api/auth/login that count as sign-in refusals (domain/auth.ts's codes). */
const SIGN_IN_REFUSALS = new Set(['INVALID_LOGIN', 'ACCOUNT_LOCKED', 'RATE_LIMITED', 'NOT_ACTIVE']);
const LOGIN_ROUTE = '/api/auth/login';

export function installRequestHooks(
  app: FastifyInstance,
  metrics: PortalMetrics,
  readiness: Readiness,
  pipeline: RequestPipeline,
): void {
  const requestLog = createRequestLog(app.log);
  if (requestLog)
    app.addHook('onClose', (_app, done) => {
      requestLog.flush();
      done();
    });
  pipeline.onArrival((request, reply) => {
    // A hub WebSocket is a connection, not a request: portal_hub_connections counts those.
    if (!request.route.config?.operations && !request.headers.upgrade) {
      metrics.requestStarted();
      // A response closes once, whether answered or cut: one shared listener, no closure per request.
      reply.raw.on('close', metrics.requestClosed);
    }
    return undefined;
  });

  pipeline.onAnswer((_request, reply, payload) => {
    if (readiness.draining) reply.header('connection', 'close');
    return payload;
  });

  // Callback hooks, not async ones: each async hook costs every request a promise (issue 30).
  app.addHook('onError', (request, _reply, error, done) => {
    const code = (error as { code?: unknown }).code;
    if (request.routeOptions.url === LOGIN_ROUTE && typeof code === 'string' && SIGN_IN_REFUSALS.has(code))
      metrics.signInRefused(code);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // A request refused before its arrival hook ran (a malformed URL) has no route read yet.
    const { config, url } = request.route ?? request.routeOptions;
    if (!config?.operations) {
      const route = url ?? 'unmatched';
      const elapsedMs = reply.elapsedTime;
      metrics.requestEnded(request.method, route, reply.statusCode, elapsedMs / 1000);
      requestLog?.write(String(request.id), {
        method: request.method,
        route,
        status: reply.statusCode,
        durationMs: Math.round(elapsedMs * 10) / 10,
        userId: request.viewer?.userId,
        apiKeyId: request.viewer?.apiKeyId || undefined,
      });
    }
    done();
  });
}
