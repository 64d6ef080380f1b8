/**
 * Issue 11 §4: mail survives a mail server that is down and a process that stops. Every mail is
 * first a row of mail_outbox; then this instance tries to send it at once, and a dispatcher tries
 * the rows still due every `retryCheckMs`, with a pause that doubles from a minute up to an hour,
 * until a day has passed (then the row is marked failed and logged as an error). A row is claimed
 * for a few minutes before a send, so two instances on one database never send it twice (and a
 * claim left by a killed process runs out and the row is tried again: at least once).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import { DAY_MS, nextAttemptAt, type RetrySchedule } from '../events/retry-schedule';
import type { Mail, Mailer } from './mailer';

export interface OutboxLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxOptions {
  /** How often the dispatcher looks for mail that is due again. */
  retryCheckMs: number;
  /** The first pause after a failed send; it doubles each time, up to maxPauseMs. */
  firstPauseMs?: number;
  maxPauseMs?: number;
  /** How long after it was written a mail is still tried. */
  giveUpAfterMs?: number;
}

export interface MailOutbox extends Mailer {
  /** Tries every due mail now (the dispatcher's tick); resolves when each was tried once. */
  dispatchDue(): Promise<void>;
  close(): Promise<void>;
}

const CLAIM_MS = 5 * 60_000;
const BATCH = 20;

export function createMailOutbox(
  db: Kysely<Database>,
  transport: Mailer,
  log: OutboxLog,
  options: OutboxOptions,
): MailOutbox {
  const schedule: RetrySchedule = {
    firstPauseMs: options.firstPauseMs ?? 60_000,
    maxPauseMs: options.maxPauseMs ?? 60 * 60_000,
    giveUpAfterMs: options.giveUpAfterMs ?? DAY_MS,
  };
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  /** Claims the given rows (or the due ones) that nobody else holds; answers what it claimed. */
  async function claim(ids: readonly string[] | null) {
    const until = new Date(Date.now() + CLAIM_MS);
    const claimed = await sql<{
      mail_id: string;
      to_addresses: string[];
      subject: string;
      text_body: string;
      html_body: string | null;
      attempts: number;
      created_at: Date;
    }>`
      update mail_outbox set claimed_until = ${until}, attempts = attempts + 1
      where mail_id in (
        select mail_id from mail_outbox
        where sent_at is null and failed_at is null
          and (claimed_until is null or claimed_until < now())
          and ${ids ? sql`mail_id in (${sql.join(ids)})` : sql`next_attempt_at <= now()`}
        order by mail_id limit ${BATCH}
        for update skip locked)
      returning mail_id, to_addresses, subject, text_body, html_body, attempts, created_at`.execute(db);
    return claimed.rows;
  }

  async function attempt(row: Awaited<ReturnType<typeof claim>>[number]): Promise<void> {
    const mail: Mail = {
      to: row.to_addresses,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
    };
    try {
      await transport.send(mail);
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), claimed_until: null, last_error: null })
        .where('mail_id', '=', row.mail_id)
        .execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const next = nextAttemptAt(schedule, row.attempts, row.created_at);
      const givingUp = next === null;
      await db
        .updateTable('mail_outbox')
        .set({
          claimed_until: null,
          last_error: message.slice(0, 2000),
          ...(next === null ? { failed_at: new Date() } : { next_attempt_at: next }),
        })
        .where('mail_id', '=', row.mail_id)
        .execute();
      if (givingUp)
        log.error(
          { err, mailId: row.mail_id, subject: row.subject, to: row.to_addresses },
          'mail given up after a day of tries',
        );
      else
        log.error(
          { err, mailId: row.mail_id, subject: row.subject, attempts: row.attempts, nextAttemptAt: next },
          'mail not sent: kept in the outbox and tried again later',
        );
    }
  }

  const track = (work: Promise<void>) => {
    const p = work.finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  };

  async function dispatchDue(): Promise<void> {
    for (;;) {
      const rows = await claim(null);
      await Promise.all(rows.map(attempt));
      if (rows.length < BATCH) return;
    }
  }

  const timer = setInterval(() => {
    if (closed) return;
    track(dispatchDue()).catch((err) => log.error({ err }, 'mail outbox dispatch failed'));
  }, options.retryCheckMs);
  timer.unref();

  return {
    /**
     * Durable once the row is written; then one send is tried before this resolves, so a caller
     * that waits sees the mail sent when the mail server is up. A failed try is not an error here:
     * the dispatcher tries again.
     */
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_addresses: [...mail.to],
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
        })
        .returning('mail_id')
        .executeTakeFirstOrThrow();
      await track(
        (async () => {
          const [claimed] = await claim([row.mail_id]);
          if (claimed) await attempt(claimed);
        })(),
      );
    },
    dispatchDue,
    async close() {
      closed = true;
      clearInterval(timer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
