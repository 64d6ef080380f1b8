/**
 * Issue 11 §4, issue 28 #1: mail survives a mail server that is down and a process that dies.
 * A mail is a row of mail_outbox written in the transaction of the change it tells about
 * (`queueMail`), so a booking, a cancel, a decision or a reset link commits with its mail or not
 * at all; a replayed request writes no second row. This dispatcher sends the rows: at once when
 * the change's code nudges it after the commit, at start-up (what a killed process left), and
 * every `retryCheckMs`, with a pause that doubles from a minute up to an hour until a day has
 * passed (then the row is marked failed and logged as an error). A row is claimed before its send,
 * so two instances never send it at once; a claim a killed process left runs out and the row is
 * sent again (at least once). Its Message-ID is the row's, so a repeat is the same message.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import { createCoalescedPasses } from '../events/coalesced-passes';
import { DAY_MS, nextAttemptAt, type RetrySchedule } from '../events/retry-schedule';
import type { Mail, Mailer } from './mailer';

export interface OutboxLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxOptions {
  /** How often the dispatcher looks for mail that is due again. */
  retryCheckMs: number;
  /** How long one send may take; a claim lasts CLAIM_SENDS times this. */
  sendTimeoutMs: number;
  /** The domain of the Message-IDs (the From address's). */
  messageIdDomain: string;
  /** The first pause after a failed send; it doubles each time, up to maxPauseMs. */
  firstPauseMs?: number;
  maxPauseMs?: number;
  /** How long after it was written a mail is still tried. */
  giveUpAfterMs?: number;
}

/** What a change that queued mail calls after its commit: send it now, not at the next tick. */
export interface MailDispatch {
  nudge(): void;
}

export interface MailOutbox extends MailDispatch {
  /** Sends every due mail now; resolves when each was tried once (tests, the periodic tick). */
  dispatchDue(): Promise<void>;
  close(): Promise<void>;
}

/** Writes one mail in the caller's transaction (nothing when it has no address). */
export async function queueMail(trx: Kysely<Database>, mail: Mail): Promise<void> {
  const to = [...new Set(mail.to)];
  if (to.length === 0) return;
  await trx
    .insertInto('mail_outbox')
    .values({ to_addresses: to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .execute();
}

/**
 * Issue 30 §1: a claim takes up to CLAIM_BATCH rows and sends them SEND_PARALLEL at a time. Under
 * load each claim and each mark waits its turn at a busy database, so the outbox was bound by
 * those two round trips a pass (20 mails a pass: ~410 mails/s while bookings ran at 500/s); a
 * larger claim shares them among more mails without opening more connections to the mail server.
 */
const CLAIM_BATCH = 100;
const SEND_PARALLEL = 20;
/**
 * A claim outlasts this many send timeouts: each wave of SEND_PARALLEL may take two (nodemailer's
 * connection and greeting timeouts are half of it each, its socket timeout all of it), and one spare.
 */
const CLAIM_SENDS = 2 * Math.ceil(CLAIM_BATCH / SEND_PARALLEL) + 1;
/** Under load, one claim (and one mark) for the mail of this long, not one a booking. */
const PASS_SPACING_MS = 100;

interface ClaimedMail {
  mail_id: string;
  to_addresses: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
  created_at: Date;
}

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
  const claimMs = CLAIM_SENDS * options.sendTimeoutMs;

  /** Claims due rows that nobody else holds; answers what it claimed. */
  async function claim(): Promise<ClaimedMail[]> {
    const until = new Date(Date.now() + claimMs);
    const claimed = await sql<ClaimedMail>`
      update mail_outbox set claimed_until = ${until}, attempts = attempts + 1
      where mail_id in (
        select mail_id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by mail_id limit ${CLAIM_BATCH}
        for update skip locked)
      returning mail_id, to_addresses, subject, text_body, html_body, attempts, created_at`.execute(db);
    return claimed.rows;
  }

  /** Sends one claimed mail; answers its id when it went, else records the failure and answers null. */
  async function attempt(row: ClaimedMail): Promise<string | null> {
    const mail: Mail = {
      to: row.to_addresses,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
      // The row's own id (and when it was written, unique across databases): a repeat after a
      // crash between the server's "250" and the update below is the same message to a receiver.
      messageId: `<outbox.${row.mail_id}.${new Date(row.created_at).getTime()}@${options.messageIdDomain}>`,
    };
    try {
      await transport.send(mail);
      return row.mail_id;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const next = nextAttemptAt(schedule, row.attempts, row.created_at);
      await db
        .updateTable('mail_outbox')
        .set({
          claimed_until: null,
          last_error: message.slice(0, 2000),
          ...(next === null ? { failed_at: new Date() } : { next_attempt_at: next }),
        })
        .where('mail_id', '=', row.mail_id)
        .execute();
      if (next === null)
        log.error(
          { err, mailId: row.mail_id, subject: row.subject, to: row.to_addresses },
          'mail given up after a day of tries',
        );
      else
        log.error(
          { err, mailId: row.mail_id, subject: row.subject, attempts: row.attempts, nextAttemptAt: next },
          'mail not sent: kept in the outbox and tried again later',
        );
      return null;
    }
  }

  /**
   * Sends a claimed batch, SEND_PARALLEL at a time, and marks what went in one statement (issue 30
   * §1: one update per mail was a round trip each). A crash before the mark sends them again when
   * the claim runs out: at least once, as before.
   */
  async function send(rows: readonly ClaimedMail[]): Promise<void> {
    const sent: string[] = [];
    let next = 0;
    const sender = async () => {
      while (next < rows.length) {
        const id = await attempt(rows[next++] as ClaimedMail);
        if (id !== null) sent.push(id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_PARALLEL, rows.length) }, sender));
    if (sent.length > 0)
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), claimed_until: null, last_error: null })
        // One statement text whatever the batch's size.
        .where(sql<boolean>`mail_id = any(${sent}::bigint[])`)
        .execute();
  }

  const passes = createCoalescedPasses(
    async () => {
      for (;;) {
        const rows = await claim();
        await send(rows);
        if (rows.length < CLAIM_BATCH) return;
      }
    },
    { spacingMs: PASS_SPACING_MS, onError: (err) => log.error({ err }, 'mail outbox dispatch failed') },
  );
  const { nudge, settled } = passes;

  const timer = setInterval(nudge, options.retryCheckMs);
  timer.unref();
  // What a stopped (or killed) process left due is sent now, not at the first tick.
  nudge();

  return {
    nudge,
    async dispatchDue() {
      await settled();
      nudge();
      await settled();
    },
    async close() {
      clearInterval(timer);
      await passes.close();
    },
  };
}
