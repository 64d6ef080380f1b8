/**
 * Builds the portal's server: validation and errors, access control, OpenAPI, every route area,
 * and the built SPA. Tests call buildApp with their own database and drive it with app.inject.
 */
import { existsSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import pino from 'pino';
import { errorResponseSchema } from '../schemas/common';
import { bookingTypeRegistry } from './bookings/product-types';
import { type BookingType, registerBookingTypes } from './bookings/registry';
import type { AppContext, BaseContext } from './context';
import { createInProcessOrderEvents } from './events/order-events';
import { loadServerFlows } from './flows';
import { hubRoutes } from './hub/routes';
import { createMailer, mailDomain } from './mail/mailer';
import { createMailOutbox } from './mail/outbox';
import { createMetrics } from './operations/metrics';
import { createReadiness } from './operations/readiness';
import { installRequestHooks } from './operations/request-hooks';
import { requestLoggerFactory } from './operations/request-log';
import { operationsRoutes } from './operations/routes';
import { installAccessControl } from './plugins/access';
import { installCompression } from './plugins/compression';
import { installErrorHandling, requestIdGenerator } from './plugins/errors';
import { redactingLogger } from './plugins/log-redaction';
import { createRequestPipeline } from './plugins/request-pipeline';
import { installSecurityHeaders } from './plugins/security-headers';
import { registerStaticAssets } from './plugins/static-assets';
import { installValidators } from './plugins/validation';
import { accountRoutes } from './routes/account';
import { apiKeyRoutes } from './routes/api-keys';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { bookingOrderRoutes } from './routes/booking-order';
import { bookingPendingRoutes } from './routes/booking-pending';
import { chassisRoutes } from './routes/chassis';
import { configurationRoutes } from './routes/configuration';
import { dashboardRoutes } from './routes/dashboard';
import { flowRoutes } from './routes/flows';
import { gateEventRoutes } from './routes/gate-events';
import { internalReservationRoutes } from './routes/internal-reservation';
import { inventoryAvailabilityRoutes } from './routes/inventory-availability';
import { lookupRoutes } from './routes/lookup';
import { manualInventoryRoutes } from './routes/manual-inventory';
import { userRoutes } from './routes/users';
import { webhookRoutes } from './routes/webhooks';
import { weeklyThresholdRoutes } from './routes/weekly-threshold';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import { webhooksOpenApi } from './webhooks/openapi';

export interface BuildOptions {
  /** Folder of the built SPA; served at / when it exists. */
  staticDir?: string;
  logger?: boolean;
  /** Where the log lines go (standard output unless given): a test reads them here. */
  logStream?: { write(line: string): void };
  /** Issue 29: close waits for clients to end their connections (main.ts bounds it) instead of cutting idle ones. */
  gracefulClose?: boolean;
  /** Folders of further *.flow.json files served beside src/flows (a test's fixture flows). */
  extraFlowDirs?: readonly string[];
  /** Booking types beside the product's (a test's fixture types, tests/fixtures/booking-types). */
  bookingTypes?: readonly BookingType[];
}

/**
 * Where the server's lines go unless a test reads them: standard output in blocks of about 4 KB,
 * and at least once a second (D-077). pino's default destination hands every write to libuv's
 * thread pool, one for each turn of the event loop that logged a request line; at 8,000 calls a
 * second, blocks take 9–16 % off the signed-in call's CPU (issue 30 §2, bench/README.md). Whatever
 * waits is written at exit (pino flushes its destinations then); a SIGKILL loses at most a second.
 */
const LOG_BLOCK_BYTES = 4096;
const LOG_FLUSH_MS = 1000;
const standardOutput = () =>
  pino.destination({ dest: 1, sync: false, minLength: LOG_BLOCK_BYTES, periodicFlush: LOG_FLUSH_MS });

const routeAreas = [
  authRoutes,
  accountRoutes,
  apiKeyRoutes,
  auditRoutes,
  userRoutes,
  lookupRoutes,
  configurationRoutes,
  bookingPendingRoutes,
  availabilityRoutes,
  flowRoutes,
  dashboardRoutes,
  bookingOrderRoutes,
  weeklyThresholdRoutes,
  internalReservationRoutes,
  manualInventoryRoutes,
  inventoryAvailabilityRoutes,
  gateEventRoutes,
  chassisRoutes,
  hubRoutes,
];

export async function buildApp(base: BaseContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Loaded before Fastify starts: a flow file with problems stops the start with their list.
  const bookingTypes = bookingTypeRegistry(options.bookingTypes);
  const flows = base.flows ?? loadServerFlows(options.extraFlowDirs, bookingTypes);
  // A fixture type shows on the dashboard with its name, and the triggers read every type's traits.
  await registerBookingTypes(base.db, bookingTypes);
  const app = Fastify({
    // Issue 28: no secret reaches a log line (plugins/log-redaction.ts).
    logger: options.logger
      ? {
          ...redactingLogger,
          level: base.config.logLevel,
          stream: options.logStream ?? standardOutput(),
        }
      : false,
    // Issue 29: one line per request, written by the request hooks (operations/request-hooks.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's logger is made only when it logs (operations/request-log.ts).
    ...(options.logger && { childLoggerFactory: requestLoggerFactory }),
    bodyLimit: base.config.bodyLimitBytes,
    // Issue 28: a request dripped a byte at a time is cut with a 408 (Node checks every quarter
    // of the limit, at most 30 s apart, and only while the headers' limit is no longer than the
    // request's); a connection idle for connectionTimeout is closed.
    requestTimeout: base.config.requestTimeoutMs,
    connectionTimeout: base.config.connectionTimeoutMs,
    http: {
      requestTimeout: base.config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, base.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(100, Math.floor(base.config.requestTimeoutMs / 4)),
      ),
    },
    trustProxy: base.config.trustProxy,
    genReqId: requestIdGenerator,
    requestIdHeader: false,
    // Issue 29: a draining instance answers what still arrives on open connections (with
    // Connection: close) and, started by main.ts, never cuts an idle one itself: a request may be
    // on its way in it (operations/shutdown.ts bounds the wait). Tests' apps close at once.
    return503OnClosing: false,
    forceCloseConnections: options.gracefulClose ? false : 'idle',
    ajv: { customOptions: { removeAdditional: false } },
  });
  // Issue 28: every mail is a row its change wrote; this sends them (after each commit's nudge).
  const outbox = createMailOutbox(base.dispatchDb ?? base.db, createMailer(base.config, app.log), app.log, {
    retryCheckMs: base.config.mailRetryCheckMs,
    sendTimeoutMs: base.config.mailTimeoutMs,
    messageIdDomain: mailDomain(base.config.mailFrom),
  });
  const ctx: AppContext = {
    ...base,
    flows,
    bookingTypes,
    mail: outbox,
    orderEvents: base.orderEvents ?? createInProcessOrderEvents(),
    metrics: createMetrics(base.db, base.dbPool),
  };
  // Issue 29: readiness for balancers, drained by a SIGTERM (main.ts).
  const readiness = createReadiness(ctx.db, ctx.orderEvents);
  app.decorate('readiness', readiness);
  app.addHook('onClose', () => ctx.orderEvents.close());
  app.addHook('onClose', () => outbox.close());
  // Issue 18: sends the webhook outbox; every order change announced (from any instance) nudges it.
  const webhooks = createWebhookDispatcher(
    ctx.dispatchDb ?? ctx.db,
    ctx.bookingTypes,
    app.log,
    ctx.config.webhooks,
    ctx.orderEvents,
  );
  app.addHook('onClose', () => webhooks.close());
  if (ctx.authCache) app.addHook('onClose', () => ctx.authCache?.close());
  const sharedSchemas = [errorResponseSchema];
  for (const schema of sharedSchemas) app.addSchema(schema);
  installValidators(app, sharedSchemas);
  // Each request: its id, its metrics, its access check; each answer: the draining instance's
  // Connection: close, the security headers, compression. In this order, one hook per phase.
  const pipeline = createRequestPipeline();
  installErrorHandling(app, pipeline);
  installRequestHooks(app, ctx.metrics, readiness, pipeline);
  installAccessControl(app, ctx.db, ctx.tokens, ctx.config.rateLimits, pipeline, ctx.authCache);
  installSecurityHeaders(pipeline);
  installCompression(pipeline);
  pipeline.install(app);

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: the `webhooks` section (issue 18), and the schemas' type lists (['integer', 'null']).
      openapi: '3.1.0',
      // @fastify/swagger types the options as OpenAPI 3.0, which has no webhooks section.
      webhooks: webhooksOpenApi as never,
      info: {
        title: 'Chassis booking and redelivery portal API',
        version: '1.0.0',
        description: 'Every call but login and the public configuration needs a bearer token.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Issue 18: a company's systems call the same routes with a key (docs/integrations.md).
          ApiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'Send `Authorization: ApiKey <key>`. A key is made on My Account, acts as its maker narrowed to one company and its abilities (book, read, cancel); account, session and key-management calls refuse it.',
          },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  operationsRoutes(app, readiness, ctx.metrics, ctx.config.metricsToken);
  for (const area of routeAreas) area(app, ctx);
  // Each booking type's own calls (its folder's routes.ts), from the registry.
  for (const type of bookingTypes.list) type.routes?.(app, ctx);
  webhookRoutes(app, ctx, webhooks.nudge);

  if (options.staticDir && existsSync(options.staticDir)) {
    await registerStaticAssets(app, options.staticDir);
  }
  return app;
}
