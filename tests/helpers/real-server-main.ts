/**
 * The real server in a process of its own, for tests/helpers/real-server.ts: the jsdom tests need
 * it there (the server's crypto, jose, refuses keys built in the jsdom realm), and so do tests
 * that fake the client's clock (the server keeps real time). Starts the test app builder's server
 * (tests/helpers/test-app.ts) on the run's seeded PGlite snapshot, listens on a free loopback port
 * and prints it.
 *
 * Beside the product's server it adds only what a test harness needs, all under `/__test/` or in
 * one hook each:
 * - CORS, which jsdom's page (another origin) needs and a same-origin browser does not;
 * - a record of the requests that reached it (GET/DELETE /__test/requests), so a test can say
 *   what the client asked and with which of the headers the client sets (RECORDED_HEADERS);
 * - faults (PUT /__test/faults): a test makes one route answer what the real server cannot be made
 *   to answer on demand (a 500, a new build hash), for a number of calls or until cleared.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { openDatabase } from '../../src/server/db/connect';
import { YARD_EXPRESS, YARD_EXPRESS_FLOWS } from '../fixtures/booking-types/yard-express';
import type { Fault, RecordedRequest } from './real-server';
import { appOnDatabase } from './test-app';

const snapshot = process.env.PGLITE_SNAPSHOT;
if (!snapshot) throw new Error('PGLITE_SNAPSHOT names the seeded database to start from');
// Only what the test asked for reaches the server's configuration, not the developer's shell.
const env = JSON.parse(process.env.REAL_SERVER_ENV ?? '{}') as Record<string, string>;
const handle = await openDatabase({ kind: 'pglite', snapshot: new Blob([readFileSync(snapshot)]) });
// FIXTURE_BOOKING_TYPES=1: also serve the fixture booking type YX (Yard Express) and its flow, for
// the jsdom proof that a booking type added from test fixtures alone is booked and edited.
const fixtureTypes = process.env.FIXTURE_BOOKING_TYPES === '1';
const { app, close } = await appOnDatabase(
  handle,
  env,
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

const harness = (request: FastifyRequest) => request.url.startsWith('/__test/');
/** The headers the api client sets on a call (SPEC §7); the rest are the HTTP stack's. */
const RECORDED_HEADERS = ['authorization', 'content-type', 'source', 'timezoneoffset'] as const;
const requests: RecordedRequest[] = [];
let faults: Fault[] = [];
const faultFor = (request: FastifyRequest) =>
  faults.find(
    (f) =>
      (f.method ?? request.method) === request.method &&
      request.url.split('?')[0] === f.path &&
      (f.times === undefined || f.times > 0),
  );
app.addHook('onRequest', async (request, reply) => {
  if (harness(request)) return;
  const headers: Record<string, string> = {};
  for (const name of RECORDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  requests.push({ method: request.method, url: request.url, headers });
  const fault = faultFor(request);
  if (!fault) return;
  if (fault.times !== undefined) fault.times -= 1;
  // Always JSON, as the real routes answer (a bare string too: GET /api/auth/status sends "Active").
  const body = fault.body ?? { statusCode: fault.status, message: 'Injected fault' };
  return reply.code(fault.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
});
app.get('/__test/requests', async () => requests);
app.delete('/__test/requests', async (_request, reply) => {
  requests.length = 0;
  return reply.code(204).send();
});
app.put<{ Body: Fault[] }>('/__test/faults', async (request, reply) => {
  faults = request.body;
  return reply.code(204).send();
});

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${(app.server.address() as AddressInfo).port}\n`);

const stop = async () => {
  await close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
