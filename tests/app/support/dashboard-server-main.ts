/**
 * The real server for the dashboard's jsdom tests, in a process of its own: the server's crypto
 * (jose) refuses keys built in the jsdom realm, so it cannot share the test's environment. Starts
 * buildApp on the run's seeded PGlite snapshot, listens on a free port and prints it. The only
 * addition to the product's server is CORS, which jsdom needs and a same-origin browser does not.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app';
import { createTokenService } from '../../../src/server/auth/tokens';
import { readConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/connect';
import { YARD_EXPRESS, YARD_EXPRESS_FLOWS } from '../../fixtures/booking-types/yard-express';

const snapshot = process.env.PGLITE_SNAPSHOT;
if (!snapshot) throw new Error('PGLITE_SNAPSHOT names the seeded database to start from');
const handle = await openDatabase({ kind: 'pglite', snapshot: new Blob([readFileSync(snapshot)]) });
const config = readConfig({
  JWT_SECRET: 'test-secret-not-for-production-000000',
  // The pending queue's tests run with the contact-info feature flag on and off.
  FEATURE_PENDING_QUEUE_CONTACT_INFO: process.env.FEATURE_PENDING_QUEUE_CONTACT_INFO ?? '',
  // The internal reservations' tests run with the comments feature flag on and off.
  FEATURE_INTERNAL_RESERVATION_COMMENTS: process.env.FEATURE_INTERNAL_RESERVATION_COMMENTS ?? '',
  // The Webhooks section's test delivers to a receiver on loopback, and looks for due rows often.
  WEBHOOK_ALLOW_LOOPBACK: process.env.WEBHOOK_ALLOW_LOOPBACK ?? '',
  WEBHOOK_RETRY_CHECK_MS: process.env.WEBHOOK_RETRY_CHECK_MS ?? '',
  // As tests/helpers/test-app.ts: the tests find their data through the API, many calls a second;
  // the limiter still runs on each call (tests/api/rate-limits.test.ts tests its limits).
  RATE_LIMIT_USER_BURST: '1000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000',
  RATE_LIMIT_KEY_BURST: '1000000',
  RATE_LIMIT_KEY_PER_MINUTE: '1000000',
});
const tokens = createTokenService(
  new TextEncoder().encode(config.jwtSecret as string),
  config.tokenLifetimeMinutes,
);
// FIXTURE_BOOKING_TYPES=1: also serve the fixture booking type YX (Yard Express) and its flow, for
// the jsdom proof that a booking type added from test fixtures alone is booked and edited.
const fixtureTypes = process.env.FIXTURE_BOOKING_TYPES === '1';
const app = await buildApp(
  { db: handle.db, tokens, config },
  fixtureTypes ? { bookingTypes: [YARD_EXPRESS], extraFlowDirs: [YARD_EXPRESS_FLOWS] } : {},
);
// jsdom's page has its own origin (vitest's localhost:3000), so the API answers as a browser
// expects from another origin: preflights, and the headers the client reads made visible.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'Authorization, Content-Type, Source, TimeZoneOffset, X-Requested-With, Idempotency-Key',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-expose-headers': 'Content-Disposition, Content-Length, X-Request-Id',
};
app.addHook('onRequest', async (request, reply) => {
  if (request.method === 'OPTIONS') return reply.code(204).headers(CORS).send();
});
app.addHook('onSend', async (_request, reply, payload) => {
  reply.headers(CORS);
  return payload;
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${(app.server.address() as AddressInfo).port}\n`);

const stop = async () => {
  await app.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
