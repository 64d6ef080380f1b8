/**
 * Issue 11 §4: the mail server down does not stop a booking, and the mail is not lost. A booking
 * commits while SMTP refuses connections; its notice waits in mail_outbox; once a real SMTP
 * receiver listens on that port, the dispatcher sends it (exactly once, also with a second
 * instance on the same database), and a row a killed process had claimed is sent after its claim
 * runs out. On PostgreSQL, the mail leaves while a rush holds every connection of the requests' pool
 * (issue 30 §1: the outbox claims and marks on a pool of its own, db/connect.ts dispatchDb).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import { databaseKinds, openTestDatabase } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { freePort } from '../helpers/ports';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { appOnDatabase, startTestApp, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';
import { CONTACT, clearThresholds, POOL_URL, submit, unitsPayload } from './bookings-helpers';

let port = 0;
let smtp: SmtpReceiver | null = null;
let t: TestApp;
const received = () => smtp?.received ?? [];

const outboxRows = () => t.handle.db.selectFrom('mail_outbox').selectAll().orderBy('mail_id').execute();

beforeAll(async () => {
  port = await freePort();
  t = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_CHECK_MS: '200' });
  await clearThresholds(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it('commits a booking while the mail server is down, keeps its notice, and sends it once the server is back', async () => {
  const { token } = await customerWithToken(t);
  const equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
  const place = await stockedLocation(t, equipment, 3);
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
  expect(received()).toHaveLength(0);

  // The server comes back; the pause runs out (moved to now rather than waited for a minute).
  smtp = await startSmtpReceiver(port);
  await t.handle.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).execute();
  await until(async () => (await outboxRows()).every((r) => r.sent_at !== null));
  const [mail] = await (smtp as SmtpReceiver).waitFor(1);
  expect(mail?.to.sort()).toEqual(
    CONTACT.EmailAddresses.split(';')
      .map((a) => a.trim())
      .sort(),
  );
  expect(mail?.data).toContain(code);
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
  } finally {
    // Closing waits for the second instance's pass under way: whatever it claimed has been sent.
    await second.close();
  }
  // A second copy could only come from a claim made before the row was marked sent. The first
  // instance sends one pass after another, so a mail queued now leaves after every pass that could
  // still hold such a claim: once it arrives, everything that was going to be sent has been.
  await t.handle.db
    .insertInto('mail_outbox')
    .values({ to_addresses: ['marker@example.com'], subject: 'Marker', text_body: 'Sent last.' })
    .execute();
  await until(() => received().some((m) => m.to.includes('marker@example.com')), {
    what: 'the marker mail',
  });
  expect(received().filter((m) => m.to.includes('orphan@example.com'))).toHaveLength(1);
}, 60_000);

it('sends a backlog larger than one claim, each mail once, over at most 20 connections at a time', async () => {
  // What bookings at 500/s leave behind them: more due mail than one claim takes (issue 30 §1).
  const receiver = smtp as SmtpReceiver;
  const before = received().length;
  const backlog = Array.from({ length: 230 }, (_, i) => ({
    to_addresses: [`backlog-${i}@example.com`],
    subject: `Backlog ${i}`,
    text_body: `Mail ${i} of a backlog.`,
  }));
  await t.handle.db.insertInto('mail_outbox').values(backlog).execute();
  await receiver.waitFor(before + backlog.length, 60_000);
  await until(async () => (await outboxRows()).every((r) => r.sent_at !== null), {
    what: 'every row marked sent',
  });

  const arrived = received()
    .slice(before)
    .flatMap((m) => m.to)
    .filter((a) => a.startsWith('backlog-'));
  expect(arrived).toHaveLength(backlog.length);
  expect(new Set(arrived).size).toBe(backlog.length);
  const rows = await t.handle.db
    .selectFrom('mail_outbox')
    .select(['attempts', 'last_error'])
    .where('subject', 'like', 'Backlog %')
    .execute();
  expect(rows.every((r) => r.attempts === 1 && r.last_error === null)).toBe(true);
  expect(receiver.mostConnectionsAtOnce).toBeGreaterThan(1);
  expect(receiver.mostConnectionsAtOnce).toBeLessThanOrEqual(20);
}, 90_000);

// PGlite is one connection: there the outbox shares it, so this is a PostgreSQL test (CI runs it).
for (const kind of databaseKinds.filter((k) => k === 'postgres'))
  describe(`the mail outbox on ${kind}`, () => {
    let receiver: SmtpReceiver;
    let owner: DatabaseHandle;
    let app: TestApp;

    beforeAll(async () => {
      receiver = await startSmtpReceiver();
      // A fresh database; the app runs on a handle whose requests' pool has one connection.
      owner = await openTestDatabase(kind);
      const handle = await openDatabase({ kind: 'postgres', url: owner.url as string, poolSize: 1 });
      app = await appOnDatabase(handle, {
        SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
        MAIL_RETRY_CHECK_MS: '100',
      });
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await owner?.close();
      await receiver?.close();
    });

    it('sends a mail while every connection of the requests’ pool is held by a transaction', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      // The pool's only connection, in a transaction that lasts until the mail has arrived.
      const transaction = app.handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('customers').select('customer_id').limit(1).execute();
        held();
        await released;
      });
      try {
        await holding;
        expect(app.handle.pool?.idleCount).toBe(0);
        await owner.db
          .insertInto('mail_outbox')
          .values({ to_addresses: ['rush@example.com'], subject: 'During a rush', text_body: 'Sent anyway.' })
          .execute();
        const [mail] = await receiver.waitFor(1, 10_000);
        expect(mail?.to).toEqual(['rush@example.com']);
        expect(app.handle.pool?.idleCount).toBe(0);
      } finally {
        release();
        await transaction;
      }
    }, 60_000);
  });
