/**
 * Security headers on every answer (issue 11 §5). HTML pages — the SPA and the OpenAPI UI under
 * /api/docs, which loads only its own script files — get a Content Security Policy: scripts only
 * from our origin and nothing evaluated (the flow engine ships precompiled validators for exactly
 * this reason); styles may be inline because Chakra (Emotion) injects them at run time; the hub's
 * WebSocket is same-origin, which 'self' covers. API answers are never sniffed, framed or cached.
 */
import type { RequestPipeline } from './request-pipeline';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Issue 28: a browser that reached us over TLS keeps to it for a year. Sent only when the request
 * came over TLS: on our own socket, or as the balancer TRUST_PROXY names says (X-Forwarded-Proto);
 * an X-Forwarded-Proto from anyone else is ignored, as Fastify's request.protocol does.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Browser features the portal never uses. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export function installSecurityHeaders(pipeline: RequestPipeline): void {
  pipeline.onAnswer((request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    // Answers of the API hold someone's data: no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
