/**
 * Issue 29: what the people who run the portal watch it with, on the portal's own port.
 * - GET /healthz: the process answers (liveness).
 * - GET /readyz: 200 when it should be sent traffic, else 503 naming the part that failed.
 * - GET /metrics: Prometheus text, for loopback callers (not through a proxy) and for callers
 *   presenting METRICS_TOKEN; refused to everyone else.
 * None is logged per call (logLevel silent) or counted in the request metrics, and routes marked
 * `config.operations` are for the rate limiter to leave alone.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { PortalMetrics } from './metrics';
import type { Readiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 29: this instance's readiness; main.ts drains it on SIGTERM. */
    readiness: Readiness;
  }
  interface FastifyContextConfig {
    /** Health, readiness and metrics: never logged per call, never rate limited, not in the request metrics. */
    operations?: boolean;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A loopback caller is the machine itself (Prometheus beside the portal) — unless the request came
 * through a proxy on the machine (nginx forwards from 127.0.0.1 with X-Forwarded-For): then it is
 * whoever called the proxy.
 */
function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
  if (direct) return true;
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function operationsRoutes(
  app: FastifyInstance,
  readiness: Readiness,
  metrics: PortalMetrics,
  metricsToken: string | null,
): void {
  const config = { access: 'public', operations: true } as const;
  const hidden = { hide: true };
  app.get('/healthz', { config, logLevel: 'silent', schema: hidden }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config, logLevel: 'silent', schema: hidden }, async (_request, reply) => {
    const report = await readiness.check();
    return reply
      .code(report.ready ? 200 : 503)
      .send({ status: report.ready ? 'ready' : 'not ready', ...report.checks });
  });

  app.get('/metrics', { config, logLevel: 'silent', schema: hidden }, async (request, reply) => {
    if (!mayReadMetrics(request, metricsToken))
      throw new AppError(
        403,
        'Metrics are served to this machine (loopback, not through the proxy) and to callers with the METRICS_TOKEN bearer token.',
        'METRICS_REFUSED',
      );
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
