/**
 * Issue 11 §4: the mail server down does not stop a booking, and the mail is not lost. A booking
 * commits while SMTP refuses connections; its notice waits in mail_outbox; once a real SMTP
 * receiver listens on that port, the dispatcher sends it (exactly once, also with a second
 * instance on the same database), and a row a killed process had claimed is sent after its claim
 * runs out.
 */
import { type AddressInfo, createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  CONTACT,
  clearThresholds,
  POOL_URL,
  roomiestLocation,
  submit,
  unitsPayload,
} from './bookings-helpers';

/** A loopback port nothing listens on yet (taken and released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const received: { to: string[]; data: string }[] = [];
let port = 0;
let smtp: SMTPServer | null = null;
let t: TestApp;

async function startReceiver() {
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
  const server = smtp;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const outboxRows = () => t.handle.db.selectFrom('mail_outbox').selectAll().orderBy('mail_id').execute();

beforeAll(async () => {
  port = await freePort();
  t = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_CHECK_MS: '200' });
  await clearThresholds(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  const server = smtp;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('commits a booking while the mail server is down, keeps its notice, and sends it once the server is back', async () => {
  const token = await t.tokenFor('demo.customer');
  const equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
  const place = await roomiestLocation(t, token, 'pool', equipment);
  const res = await submit(
    t,
    POOL_URL,
    token,
    unitsPayload('pool', equipment, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().Bookings[0].BookingCode as string;

  // The first try failed: the row waits with the error and a later attempt time.
  await until(async () => (await outboxRows()).some((r) => r.last_error !== null));
  const [waiting] = await outboxRows();
  expect(waiting?.sent_at).toBeNull();
  expect(waiting?.failed_at).toBeNull();
  expect(waiting?.attempts).toBe(1);
  expect(waiting?.text_body).toContain(code);
  expect(new Date(waiting?.next_attempt_at as Date).getTime()).toBeGreaterThan(Date.now());
  expect(received).toHaveLength(0);

  // The server comes back; the pause runs out (moved to now rather than waited for a minute).
  await startReceiver();
  await t.handle.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).execute();
  await until(async () => (await outboxRows()).every((r) => r.sent_at !== null));
  await until(() => received.length === 1);
  expect(received[0]?.to.sort()).toEqual(
    CONTACT.EmailAddresses.split(';')
      .map((a) => a.trim())
      .sort(),
  );
  expect(received[0]?.data).toContain(code);
  const [sent] = await outboxRows();
  expect(sent?.attempts).toBe(2);
  expect(sent?.last_error).toBeNull();
}, 120_000);

it('sends a mail a killed process had claimed once its claim runs out, from another instance, once', async () => {
  // What a process leaves when it dies between claiming a row and sending it.
  const row = await t.handle.db
    .insertInto('mail_outbox')
    .values({
      to_addresses: ['orphan@example.com'],
      subject: 'Left by a killed process',
      text_body: 'Sent after the claim ran out.',
      claimed_until: new Date(Date.now() - 1000),
      attempts: 1,
    })
    .returning('mail_id')
    .executeTakeFirstOrThrow();
  // A second instance on the same database: both dispatchers run, the mail leaves once.
  const tokens = createTokenService(new TextEncoder().encode(t.config.jwtSecret as string), 20);
  const second = await buildApp({ db: t.handle.db, tokens, config: t.config });
  try {
    await until(async () => {
      const r = await t.handle.db
        .selectFrom('mail_outbox')
        .select('sent_at')
        .where('mail_id', '=', row.mail_id)
        .executeTakeFirstOrThrow();
      return r.sent_at !== null;
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(received.filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(1);
  } finally {
    await second.close();
  }
}, 60_000);
