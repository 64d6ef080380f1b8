/**
 * Issue 18: a company's API keys, on My Account (base /api/account/apikeys). Whoever manages the
 * company's integrations (policies: integrationsManage) lists, makes and revokes them; an API key
 * itself is refused here (integrationsManage names no key ability), so a key cannot make keys.
 * Revoking is a POST, not DELETE: the key stays in the list, marked revoked (docs/integrations.md).
 */
import type { FastifyInstance } from 'fastify';
import { Abilities } from '../../domain/policies';
import {
  type ApiKeyCreate,
  type ApiKeyListQuery,
  apiKeyCreateSchema,
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createdApiKeySchema,
} from '../../schemas/api-keys';
import { errorResponses } from '../../schemas/common';
import type { AppContext } from '../context';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys';
import { viewerOf } from '../plugins/access';

const tags = ['API keys'];
const security = [{ bearer: [] }];
const failures = { ...errorResponses };

export function apiKeyRoutes(app: FastifyInstance, { db, authCache }: AppContext): void {
  app.get<{ Querystring: ApiKeyListQuery }>('/api/account/apikeys', {
    config: { access: Abilities.integrationsManage },
    schema: {
      tags,
      summary: 'List a company’s API keys, newest first (never the keys themselves).',
      querystring: apiKeyListQuerySchema,
      security,
      response: { 200: apiKeyListSchema, ...failures },
    },
    handler: (request) => listApiKeys(db, viewerOf(request), request.query.CustomerId),
  });

  app.post<{ Body: ApiKeyCreate }>('/api/account/apikeys', {
    config: { access: Abilities.integrationsManage },
    schema: {
      tags,
      summary: 'Make an API key; the answer shows the whole key, this once.',
      description:
        '409 when the company already has a working key of that name. Call with `Authorization: ApiKey <Key>`.',
      body: apiKeyCreateSchema,
      security,
      response: { 201: createdApiKeySchema, ...failures, 409: { $ref: 'ErrorResponse#' } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createApiKey(db, viewerOf(request), request.body);
    },
  });

  app.post<{ Params: { id: number } }>('/api/account/apikeys/:id/revoke', {
    config: { access: Abilities.integrationsManage },
    schema: {
      tags,
      summary: 'Revoke an API key: refused from the next call on, on every server.',
      params: apiKeyParamsSchema,
      security,
      response: { 200: apiKeySchema, ...failures },
    },
    handler: async (request) => {
      const revoked = await revokeApiKey(db, viewerOf(request), request.params.id);
      // Refused on this instance's very next call; the others hear migration 0019's NOTIFY.
      authCache?.invalidate();
      return revoked;
    },
  });
}
