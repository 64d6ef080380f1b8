/**
 * A Content Security Policy on the SPA's pages. Scripts come only from our own
 * origin and nothing may be evaluated: the flow engine ships precompiled validators for exactly
 * this reason. Styles may be inline because Chakra (Emotion) injects its styles at run time.
 */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // The OpenAPI UI under /api/docs brings its own scripts and is not the product's page.
    if (type.startsWith('text/html') && !request.url.startsWith('/api/')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
    }
    return payload;
  });
}
