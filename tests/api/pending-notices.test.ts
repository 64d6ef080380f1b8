/**
 * After a decision commits, the contact hears of it over real SMTP (a real smtp-server receiver)
 * and the hub's order events carry the change to live dashboards.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { readConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { createInProcessOrderEvents, type OrderEvent } from '../../src/server/events/order-events';
import { openTestDatabase } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/until';
import type { Equipment } from './bookings-helpers';
import { post, queueOverThreshold } from './pending-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

/** A request of a customer of its own for one unit, at a location of its own holding one. */
async function queueOne(t: TestApp) {
  const own = await customerWithToken(t);
  return queueOverThreshold(t, own.token, LAX_40, 1, await stockedLocation(t, LAX_40, 1), own.customerId);
}

const received: Array<{ to: string[]; data: string }> = [];
const events: OrderEvent[] = [];
let smtp: SMTPServer;
let handle: DatabaseHandle;
let app: FastifyInstance;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  handle = await openTestDatabase('pglite');
  const config = readConfig({
    JWT_SECRET: 'test-secret-not-for-production-000000',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  const tokens = createTokenService(
    new TextEncoder().encode(config.jwtSecret as string),
    config.tokenLifetimeMinutes,
  );
  const orderEvents = createInProcessOrderEvents();
  orderEvents.subscribe((e) => events.push(e));
  app = await buildApp({ db: handle.db, tokens, config, orderEvents });
  const login = (user: string, password = DEMO_PASSWORD) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId: user, Password: password, ApplicationCode: 'BRR' },
    });
  t = {
    app,
    handle,
    config,
    login,
    tokenFor: async (user) => (await login(user)).json().token,
    close: async () => undefined,
  };
});

afterAll(async () => {
  await app.close();
  await handle.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('mails the booking numbers to the contact and announces the accept', async () => {
  const q = await queueOne(t);
  const res = await post(t, '/execute/accept', await t.tokenFor('demo.staff'), {
    PendingRequestIds: [q.requestId],
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().Results[0].Request.Bookings[0].BookingCode as string;
  const mail = await eventually(() => received.find((m) => m.data.includes(`order ${q.orderId}: confirmed`)));
  expect(mail.to.sort()).toEqual(['ops@example.com', 'pat@example.com']);
  expect(mail.data).toContain(code);
  await eventually(() => events.find((e) => e.BookingOrderId === q.orderId && e.Change === 'accepted'));
});

it('mails the reason to the contact and announces the reject, but mails nothing on validation', async () => {
  const q = await queueOne(t);
  const staff = await t.tokenFor('demo.staff');
  expect((await post(t, '/execute/validation', staff, { PendingRequestIds: [q.requestId] })).statusCode).toBe(
    200,
  );
  const res = await post(t, '/execute/reject', staff, {
    PendingRequestIds: [q.requestId],
    Reason: 'No chassis until Friday',
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await eventually(() =>
    received.find((m) => m.data.includes(`order ${q.orderId}: not accepted`)),
  );
  expect(mail.data).toContain('No chassis until Friday');
  // Issue 25: names, never codes, in what the customer reads.
  expect(mail.data).toContain("1 unit(s) of 40' Chassis, Standard");
  expect(mail.data).not.toMatch(/Chassis\.\d|\(location \d+\)/);
  await eventually(() => events.find((e) => e.BookingOrderId === q.orderId && e.Change === 'rejected'));
  // The booking's own "pending review" mail and the rejection: validation sends nothing of its own.
  await eventually(() => received.find((m) => m.data.includes(`order ${q.orderId}: pending review`)));
  const subjects = received
    .map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1] ?? '')
    .filter((s) => s.includes(`order ${q.orderId}:`));
  expect(subjects.map((s) => s.replace(/.*: /, '')).sort()).toEqual(['not accepted', 'pending review']);
});
