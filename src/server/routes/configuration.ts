/** SPEC §7 Configuration and version: config.json, public UI configuration, version, server UI configuration. */
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../schemas/common';
import {
  clientConfigResponseSchema,
  publicConfigQuerySchema,
  publicConfigResponseSchema,
  uiConfigurationResponseSchema,
  versionQuerySchema,
  versionResponseSchema,
} from '../../schemas/configuration';
import type { AppContext } from '../context';
import { publicConfiguration, uiConfiguration } from '../domain/configuration';

const tags = ['Configuration'];

export function configurationRoutes(app: FastifyInstance, { config }: AppContext): void {
  app.get('/config/config.json', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Environment configuration the SPA reads at start-up.',
      response: { 200: clientConfigResponseSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return config.client;
    },
  });

  app.get('/api/public/config', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Public UI configuration: the environment key and the feature flags it initialises.',
      querystring: publicConfigQuerySchema,
      response: { 200: publicConfigResponseSchema, 400: errorResponses[400] },
    },
    handler: async () => publicConfiguration(config),
  });

  app.get('/api/version', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The hash of the running build; the SPA reloads when it changes.',
      querystring: versionQuerySchema,
      response: { 200: versionResponseSchema, 400: errorResponses[400] },
    },
    // Answered at once, without a promise: every open page asks every ten minutes (issue 30 §2).
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { hash: config.buildHash };
    },
  });

  app.get('/api/configuration/ui', {
    schema: {
      tags,
      summary: 'Server UI configuration (cached by the SPA as uiconfiguration).',
      security: [{ bearer: [] }],
      response: { 200: uiConfigurationResponseSchema, 401: errorResponses[401] },
    },
    // Answered at once, without a promise, as /api/version is.
    handler: () => uiConfiguration(config),
  });
}
