/**
 * Authentication and authorization for every route. A route declares `config.access`:
 * 'public', 'signedIn', or a named ability of the policies module (`src/domain/policies.ts`,
 * SPEC §6). API routes that declare nothing are 'signedIn': safe by default. Everything outside
 * /api (the built SPA, /config/config.json) and the API documentation is public. 'optional'
 * identifies the caller when a bearer token comes and lets anonymous calls through.
 * While a token says ResetPassword (SPEC §4, §6 "a pending password reset forces the reset page"),
 * only routes with `config.allowDuringPasswordReset` answer; every other one is a 403.
 * Issue 18: `Authorization: ApiKey …` is checked here too (auth/api-key-auth.ts); the policies say
 * which routes a key may call at all and which of its abilities each needs.
 * Issue 28: each authenticated call takes a token from its user's or key's bucket (call-limits.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Ability, API_KEY_SESSION_REFUSAL, apiKeyMayCall, can, refusalOf } from '../../domain/policies';
import { RESET_REQUIRED_TEXT } from '../../schemas/account';
import { apiKeyOf, createApiKeyAuthenticator } from '../auth/api-key-auth';
import type { AuthCache } from '../auth/auth-cache';
import { authenticate, bearerToken, knownViewer } from '../auth/authenticate';
import type { TokenService } from '../auth/tokens';
import type { RateLimits } from '../config';
import type { Database } from '../db/types';
import type { Viewer } from '../domain/viewer';
import { AppError, forbidden, unauthorized } from '../errors';
import { createCallLimiter } from './call-limits';
import type { RequestPipeline } from './request-pipeline';

export type RouteAccess = 'public' | 'optional' | 'signedIn' | Ability;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reset password, logout, status and refresh: usable while a password reset is pending. */
    allowDuringPasswordReset?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** Every route's declared access, by "METHOD /url": what the authorization matrix test reads. */
    routeAccess: Map<string, RouteAccess>;
  }
}

const defaultAccess = (url: string): RouteAccess =>
  url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'signedIn' : 'public';

export function installAccessControl(
  app: FastifyInstance,
  db: Kysely<Database>,
  tokens: TokenService,
  limits: RateLimits,
  pipeline: RequestPipeline,
  authCache?: AuthCache,
): void {
  app.decorateRequest('viewer', null);
  app.decorate('routeAccess', new Map<string, RouteAccess>());
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD')
        app.routeAccess.set(`${method} ${route.url}`, route.config?.access ?? defaultAccess(route.url));
    // Issue 18: the OpenAPI document names the ApiKey scheme on exactly the routes a key may call.
    const access = route.config?.access ?? defaultAccess(route.url);
    const security = route.schema?.security;
    if (route.schema && security && typeof access === 'object' && access.apiKey)
      route.schema.security = [...security, { ApiKey: [] }];
  });

  const apiKeys = createApiKeyAuthenticator(db, authCache);
  const calls = createCallLimiter(db, limits);

  /** What a signed-in viewer may do here: a pending reset and the route's ability. */
  function authorize(request: FastifyRequest, access: RouteAccess, viewer: Viewer): void {
    if (viewer.claims.ResetPassword === true && !request.route.config?.allowDuringPasswordReset)
      throw new AppError(403, RESET_REQUIRED_TEXT, 'RESET_PASSWORD_REQUIRED');
    const params = request.params as Record<string, string>;
    if (typeof access === 'object' && !can(viewer, access, params))
      throw forbidden(refusalOf(access, params));
  }

  async function checkApiKey(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    access: Exclude<RouteAccess, 'public' | 'optional'>,
  ) {
    request.viewer = await apiKeys.authenticate(key, request.ip);
    await calls.take(request.viewer, reply);
    if (!apiKeyMayCall(access)) throw forbidden(API_KEY_SESSION_REFUSAL);
    const params = request.params as Record<string, string>;
    if (typeof access === 'object' && !can(request.viewer, access, params))
      throw forbidden(refusalOf(access, params, request.viewer));
  }

  async function checkToken(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    access: RouteAccess,
  ) {
    request.viewer = await authenticate(db, tokens, token, authCache);
    await calls.take(request.viewer, reply);
    authorize(request, access, request.viewer);
  }

  /** Undefined when the call is decided at once; else the promise of the checks that must wait. */
  function check(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const { url, config } = request.route;
    if (!url) return;
    const access = config?.access ?? defaultAccess(url);
    if (access === 'public') return;
    // Issue 18: a key goes through the same routes and checks; `can` narrows it to its abilities.
    const key = apiKeyOf(request.headers.authorization);
    if (key && access !== 'optional') return checkApiKey(request, reply, key, access);
    const token = bearerToken(request.headers.authorization);
    if (!token && access === 'optional') return;
    if (!token)
      throw unauthorized(
        'Sign in to continue: this call needs a bearer token (or an API key: Authorization: ApiKey …).',
      );
    // Issue 30: a token the cache knows, with a lease of its bucket at hand, costs no promise.
    const viewer = authCache ? knownViewer(token, authCache) : null;
    if (!viewer || !calls.takeHeld(viewer, reply)) return checkToken(request, reply, token, access);
    request.viewer = viewer;
    authorize(request, access, viewer);
  }

  // A call decided at once costs no promise (issue 30).
  pipeline.onArrival(check);
}

/** The signed-in caller of a route that is not public. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
