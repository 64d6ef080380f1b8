/**
 * Issue 28 #1: a booking's confirmation is not lost when the server dies right after the commit.
 * The product's own server, sending to a real SMTP receiver, is killed with SIGKILL in the middle
 * of a burst of booking submits; restarted on the same database, it sends what the dead one had
 * not, and every client retrying with its Idempotency-Key gets its order without a second mail.
 * Every committed order is mailed, once: one outbox row per order, one message (its Message-ID)
 * at the receiver.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killed,
  type Portal,
  type PortalDatabase,
  portalDatabases,
  startPortal,
  stopped,
} from '../helpers/portal-process';
import { freePort } from '../helpers/ports';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { until } from '../helpers/until';
import { CONTACT } from './bookings-helpers';

const BURST = 12;
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

async function call(portal: Portal, path: string, token?: string, body?: unknown, key?: string) {
  const res = await fetch(`${portal.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(portal: Portal): Promise<string> {
  const res = await call(portal, '/api/auth/login', undefined, {
    UserId: 'demo.customer',
    Password: 'Demo!2345',
    ApplicationCode: 'BRR',
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json?.token as string;
}

async function oneUnitBody(portal: Portal, token: string) {
  const rows = (await call(portal, '/api/poolbooking/availableunits', token, EQUIPMENT)).json as unknown as {
    LocationId: number;
    Available: number;
  }[];
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  return {
    Equipment: EQUIPMENT,
    AvailableUnits: [
      {
        LocationId: place.LocationId,
        Available: place.Available,
        CustomerBooking: { UnitsRequestedCount: 1 },
      },
    ],
    Contact: CONTACT,
  };
}

/** The order a received confirmation is about, and its Message-ID. */
const aboutOrder = (data: string) => ({
  orderId: Number(/^Subject: .*order (\d+):/im.exec(data)?.[1] ?? Number.NaN),
  messageId: /^Message-ID: *(<[^>]+>)/im.exec(data)?.[1] ?? '',
});

describe.each(portalDatabases)('order mail across a kill on %s', (_name, prepare) => {
  const portals: Portal[] = [];
  let where: PortalDatabase | null = null;
  let smtp: SmtpReceiver | null = null;
  afterAll(async () => {
    await Promise.all(portals.map((p) => killed(p.child)));
    await smtp?.close();
    await where?.cleanup();
  });

  it('mails every committed order exactly once, also those the killed server had not sent', {
    timeout: 600_000,
  }, async () => {
    where = await prepare();
    smtp = await startSmtpReceiver(await freePort());
    const env = {
      ...where.env,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_RETRY_CHECK_MS: '200',
      // A claim the killed server left on a mail it was sending runs out after 6 × this.
      MAIL_TIMEOUT_MS: '3000',
    };
    const first = await startPortal(env);
    portals.push(first);
    const token = await signIn(first);
    const body = await oneUnitBody(first, token);
    const keys = Array.from({ length: BURST }, () => randomUUID());

    // The burst, and SIGKILL once the first answer is in: some commit, some are cut off.
    const answers = keys.map((key) =>
      call(first, '/api/poolbooking/create', token, body, key).catch(() => null),
    );
    await Promise.race(answers);
    await killed(first.child);
    const answeredBefore = (await Promise.all(answers)).filter((a) => a?.status === 200).length;
    expect(answeredBefore).toBeGreaterThan(0);

    // Restarted: every client retries with its key (a replay for those that committed).
    const second = await startPortal(env);
    portals.push(second);
    const again = await signIn(second);
    const orders = new Set<number>();
    for (const key of keys) {
      const retry = await call(second, '/api/poolbooking/create', again, body, key);
      expect(retry.status, JSON.stringify(retry.json)).toBe(200);
      orders.add(retry.json?.BookingOrderId as number);
    }
    expect(orders.size).toBe(BURST);

    // Every order's confirmation arrives.
    const mailed = () => new Set(smtp?.received.map((m) => aboutOrder(m.data).orderId));
    await until(
      () => {
        const arrived = mailed();
        return [...orders].every((id) => arrived.has(id));
      },
      {
        what: () =>
          `every order's confirmation; never mailed: ${[...orders].filter((id) => !mailed().has(id)).join(', ')} (${smtp?.received.length} mails)\n${second
            .output()
            .split('\n')
            .filter((l) => l.includes('mail'))
            .join('\n')}`,
        timeoutMs: 120_000,
      },
    );
    // Stopped gracefully: the outbox as it is now holds everything that could still be sent.
    await stopped(second.child);
    const rows = await where.query<{ subject: string; sent_at: Date | null; claimed_until: Date | null }>(
      'select subject, sent_at, claimed_until from mail_outbox',
    );
    const orderOf = (subject: string) => Number(/order (\d+):/.exec(subject)?.[1]);
    // One row per order: the replays wrote none.
    for (const id of orders)
      expect(
        rows.filter((r) => orderOf(r.subject) === id),
        `outbox rows of order ${id}`,
      ).toHaveLength(1);
    // Unsent is only a row the killed server was sending when it died (its claim not yet run out),
    // and only when that send had reached the receiver.
    for (const row of rows.filter((r) => r.sent_at === null)) {
      expect(row.claimed_until, row.subject).not.toBeNull();
      expect(mailed().has(orderOf(row.subject)), row.subject).toBe(true);
    }
    // One message per order. A kill between the SMTP server's answer and the row's update can make
    // the restarted server send it again: the same Message-ID, which a receiver drops as the same mail.
    for (const id of orders) {
      const copies = smtp.received.map((m) => aboutOrder(m.data)).filter((m) => m.orderId === id);
      expect(new Set(copies.map((m) => m.messageId)).size, `messages about order ${id}`).toBe(1);
      expect(copies[0]?.messageId).not.toBe('');
    }
    const mailsToContact = smtp.received.filter((m) => m.to.includes('pat@example.com'));
    expect(new Set(mailsToContact.map((m) => aboutOrder(m.data).orderId)).size).toBe(BURST);
  });
});
