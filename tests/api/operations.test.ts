/**
 * Issue 29: /healthz, /readyz and /metrics on the real server and database.
 * - readiness names the part that fails: a migration this build knows but the database lacks, a
 *   draining instance (which also answers every request with Connection: close);
 * - metrics are served to loopback callers and METRICS_TOKEN holders only, and count what happened:
 *   requests by route pattern, bookings created and replayed by type, refused sign-ins.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';
import { POOL_URL, unitsPayload } from './bookings-helpers';

const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const TOKEN = 'metrics-token-for-the-test-0123456789';

describe.each(databaseKinds)('health, readiness and metrics on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_TOKEN: TOKEN });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const metrics = async (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('answers /healthz and /readyz, and says which part is not ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      listen: 'ok',
      draining: 'ok',
    });

    await sql`delete from schema_migrations where name = '0022-dashboard-rows-shown'`.execute(t.handle.db);
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        status: 'not ready',
        migrations: 'not applied: 0022-dashboard-rows-shown',
      });
    } finally {
      await sql`insert into schema_migrations (name) values ('0022-dashboard-rows-shown')`.execute(
        t.handle.db,
      );
    }
  });

  it('serves metrics to this machine and to METRICS_TOKEN, not to callers through the proxy', async () => {
    const local = await metrics();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain/);
    for (const name of [
      'http_request_duration_seconds',
      'http_requests_in_flight',
      'portal_hub_connections',
      'portal_outbox_depth{outbox="mail"}',
      'portal_outbox_oldest_age_seconds{outbox="webhooks"}',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(local.body).toContain(name);
    if (kind === 'postgres') expect(local.body).toContain('portal_db_pool_connections{state="waiting"}');

    const proxied = await metrics({ 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json().error).toMatch(/METRICS_TOKEN/);
    expect(
      (await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong' })).statusCode,
    ).toBe(403);
    expect(
      (await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).statusCode,
    ).toBe(200);
  });

  it('counts requests by route pattern, bookings by type and outcome, and refused sign-ins', async () => {
    const { token } = await customerWithToken(t);
    const place = await stockedLocation(t, EQUIPMENT, 3);
    const payload = unitsPayload('pool', EQUIPMENT, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: POOL_URL,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: POOL_URL,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      payload: { ...payload, AvailableUnits: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.login('nobody.at.all', 'wrong password')).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/api/dashboard/details/999999', headers: bearer(token) });

    const body = (await metrics()).body;
    expect(body).toContain('portal_bookings_total{type="Pool Booking",outcome="created"} 1');
    expect(body).toContain('portal_bookings_total{type="Pool Booking",outcome="replayed"} 1');
    expect(body).toContain('portal_bookings_total{type="Pool Booking",outcome="refused"} 1');
    expect(body).toContain('portal_sign_in_refusals_total{reason="INVALID_LOGIN"} 1');
    // Route patterns, never URLs: the id is not a label value.
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/dashboard\/details\/:id",status_code="404"\} 1/,
    );
    expect(body).not.toMatch(/route="[^"]*999999/);
    // Health checks are not in the request metrics.
    expect(body).not.toContain('route="/healthz"');
    // Every call above was answered, and the scrape itself is not counted.
    expect(body).toMatch(/^http_requests_in_flight 0$/m);
  });

  it('counts a request in flight from its arrival until its response closes, answered or cut', async () => {
    const inFlight = async () =>
      Number(/^http_requests_in_flight (\d+)$/m.exec((await metrics()).body)?.[1] ?? Number.NaN);
    expect(await inFlight()).toBe(0);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    // A sign-in whose body never comes: it has arrived (its headers are in), and waits.
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 80\r\n\r\n{"UserId":',
    );
    await until(async () => (await inFlight()) === 1, { what: 'the waiting sign-in counted in flight' });
    socket.destroy();
    await until(async () => (await inFlight()) === 0, { what: 'the cut sign-in no longer in flight' });
  });

  it('a draining instance is not ready and closes every connection after its answer', async () => {
    t.app.readiness.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().draining).toMatch(/shutting down/);
    const version = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(version.statusCode).toBe(200);
    expect(version.headers.connection).toBe('close');
  });
});

describe.each(databaseKinds)('the request log on %s', (kind) => {
  let t: TestApp;
  const written: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { logger: true, logStream: { write: (text) => written.push(text) } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one line per request, as pino writes a line: the request id, the pattern, the status, the caller', async () => {
    const token = await t.tokenFor('demo.customer');
    await new Promise((resolve) => setImmediate(resolve));
    written.length = 0; // the sign-in's own line
    const calls = [
      // A query is never logged: it may carry a secret.
      { url: '/api/configuration/ui?access_token=never-in-the-log', headers: bearer(token) },
      { url: '/api/dashboard/details/999999', headers: bearer(token) },
      { url: '/api/configuration/ui', headers: {} },
      { url: '/api/version', headers: {} },
    ];
    const answers = [];
    for (const call of calls) answers.push(await t.app.inject({ method: 'GET', ...call }));
    t.app.log.info({ note: 'after the calls' }, 'a line of pino itself');
    await new Promise((resolve) => setImmediate(resolve));

    const all = lines();
    expect(written.join('')).not.toContain('never-in-the-log');
    expect(written.join('')).not.toContain(token);
    const requests = all.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.reqId)).toEqual(answers.map((a) => a.headers['x-request-id']));
    const userId = requests[0]?.userId;
    expect(userId).toEqual(expect.any(Number));
    expect(requests.map(({ method, route, status, userId }) => ({ method, route, status, userId }))).toEqual([
      { method: 'GET', route: '/api/configuration/ui', status: 200, userId },
      { method: 'GET', route: '/api/dashboard/details/:id', status: 404, userId },
      { method: 'GET', route: '/api/configuration/ui', status: 401, userId: undefined },
      { method: 'GET', route: '/api/version', status: 200, userId: undefined },
    ]);
    for (const line of requests) {
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(line.level).toBe(30);
    }
    // The same shape as pino's own lines: level, time, pid and hostname first.
    const pinoLine = all.find((l) => l.msg === 'a line of pino itself');
    expect(pinoLine).toBeDefined();
    const head = (l: Record<string, unknown>) => Object.keys(l).slice(0, 4);
    for (const line of requests) {
      expect(head(line)).toEqual(head(pinoLine as Record<string, unknown>));
      expect(line.pid).toBe(pinoLine?.pid);
      expect(line.time).toEqual(expect.any(Number));
    }
  });
});
