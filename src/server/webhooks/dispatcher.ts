/**
 * Issue 18: sends the webhook deliveries of the durable outbox (webhook_deliveries, written by the
 * audit_log trigger of migration 0075 in the change's own transaction). At least once: a row is
 * claimed for a while before its POST (`claimed_until`, `for update skip locked`, as the mail
 * outbox does), so instances sharing the table do not send it twice, and a claim a killed process
 * left runs out and the row is sent again — the body's `id` lets the receiver drop the repeat.
 *
 * - Ordering per order: a delivery is not claimed while an earlier one of the same order and
 *   subscription is neither delivered nor given up.
 * - One subscription never delays another: the rows claimed are sent one subscription at a time
 *   each, every subscription in its own chain, and a subscription with a POST in flight on this
 *   instance is not claimed for again until it ends (each POST has WEBHOOK_TIMEOUT_MS).
 * - Retries: the shared schedule (events/retry-schedule.ts) from WEBHOOK_RETRY_BASE_MS, doubling
 *   up to an hour, for a day; then the row is given up (failed_at) and logged.
 * - Prompt: every order or inventory change announced on the order events (in-process, or through
 *   LISTEN/NOTIFY from any instance) nudges the dispatcher; a timer polls for due retries besides.
 */
import { type Kysely, sql } from 'kysely';
import type { BookingTypes } from '../bookings/registry';
import type { WebhookConfig } from '../config';
import type { Database } from '../db/types';
import { createCoalescedPasses } from '../events/coalesced-passes';
import type { OrderEvents } from '../events/order-events';
import { DAY_MS, nextAttemptAt, type RetrySchedule } from '../events/retry-schedule';
import type { OutboxLog } from '../mail/outbox';
import { webhookBody } from './payload';
import { postWebhook } from './sender';
import { signatureHeader } from './signature';

export interface WebhookDispatcher {
  /** Look for due deliveries now (after a commit that may have written some). */
  nudge(): void;
  /** Claims and sends what is due; resolves when every POST it started has ended (tests). */
  dispatchDue(): Promise<void>;
  close(): Promise<void>;
}

const BATCH = 20;
/** Under load, one claim for the deliveries of this long, not one a change. */
const PASS_SPACING_MS = 100;

interface ClaimedRow {
  delivery_id: number;
  webhook_id: string;
  subscription_id: number;
  event: string;
  booking_order_id: number | null;
  location_ids: number[] | null;
  occurred_at: Date;
  attempts: number;
  created_at: Date;
  claimed_until: Date;
  url: string;
  secret: string;
  customer_id: number;
}

export function createWebhookDispatcher(
  db: Kysely<Database>,
  types: BookingTypes,
  log: OutboxLog,
  config: WebhookConfig,
  events?: OrderEvents,
): WebhookDispatcher {
  const schedule: RetrySchedule = {
    firstPauseMs: config.retryBaseMs,
    maxPauseMs: Math.max(config.retryBaseMs, 60 * 60_000),
    giveUpAfterMs: DAY_MS,
  };
  // Long enough for a whole claimed batch of one subscription to time out one POST after another
  // (twice over), and no longer: a claim a killed instance left holds its rows that long.
  const claimMs = 2 * BATCH * config.timeoutMs;
  /** Subscriptions with a chain of POSTs running on this instance. */
  const busy = new Map<number, Promise<void>>();
  let closed = false;

  async function claim(): Promise<ClaimedRow[]> {
    const until = new Date(Date.now() + claimMs);
    const skip = [...busy.keys()];
    const result = await sql<ClaimedRow>`
      update webhook_deliveries d
      set claimed_until = ${until}, attempts = d.attempts + 1, last_attempt_at = now()
      from webhook_subscriptions s
      where s.subscription_id = d.subscription_id
        and d.delivery_id in (
          select c.delivery_id from webhook_deliveries c
          join webhook_subscriptions cs on cs.subscription_id = c.subscription_id and cs.active
          where c.delivered_at is null and c.failed_at is null
            and c.next_attempt_at <= now()
            and (c.claimed_until is null or c.claimed_until < now())
            ${skip.length > 0 ? sql`and c.subscription_id not in (${sql.join(skip)})` : sql``}
            and not exists (
              select 1 from webhook_deliveries e
              where e.subscription_id = c.subscription_id and e.booking_order_id = c.booking_order_id
                and e.delivery_id < c.delivery_id and e.delivered_at is null and e.failed_at is null)
          order by c.delivery_id
          limit ${BATCH}
          for update of c skip locked)
      returning d.delivery_id, d.webhook_id, d.subscription_id, d.event, d.booking_order_id,
        d.location_ids, d.occurred_at, d.attempts, d.created_at, d.claimed_until,
        s.url, s.secret, s.customer_id`.execute(db);
    return result.rows.sort((a, b) => Number(a.delivery_id) - Number(b.delivery_id));
  }

  /** Records a try's outcome, unless the claim ran out and someone else took the row meanwhile. */
  async function record(row: ClaimedRow, status: number | null, error: string | null) {
    const next = error === null ? null : nextAttemptAt(schedule, row.attempts, row.created_at);
    const outcome =
      error === null
        ? { delivered_at: new Date(), last_error: null }
        : next === null
          ? { failed_at: new Date(), last_error: error.slice(0, 2000) }
          : { next_attempt_at: next, last_error: error.slice(0, 2000) };
    await db
      .updateTable('webhook_deliveries')
      .set({ ...outcome, claimed_until: null, last_status: status })
      .where('delivery_id', '=', row.delivery_id)
      .where('claimed_until', '=', row.claimed_until)
      .execute();
    if (error === null) return;
    const details = {
      deliveryId: row.delivery_id,
      subscriptionId: row.subscription_id,
      event: row.event,
      error,
    };
    if (next === null) log.error(details, 'webhook delivery given up after a day of tries');
    else
      log.info(
        { ...details, attempts: row.attempts, nextAttemptAt: next },
        'webhook delivery failed: tried again later',
      );
  }

  async function send(row: ClaimedRow): Promise<void> {
    let status: number | null = null;
    let error: string | null;
    try {
      const body = await webhookBody(db, types, row);
      ({ status, error } = await postWebhook(
        row.url,
        body,
        {
          'x-webhook-id': row.webhook_id,
          'x-webhook-event': row.event,
          'x-signature': signatureHeader(row.secret, body),
        },
        { timeoutMs: config.timeoutMs, allowLoopback: config.allowLoopback },
      ));
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    await record(row, status, error);
  }

  /** Gives claimed rows back unsent (the try is not counted), unless someone took them meanwhile. */
  async function release(rows: readonly ClaimedRow[]): Promise<void> {
    for (const row of rows)
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '-', 1) }))
        .where('delivery_id', '=', row.delivery_id)
        .where('claimed_until', '=', row.claimed_until)
        .execute()
        .catch((err) => log.error({ err, deliveryId: row.delivery_id }, 'webhook claim not released'));
  }

  /** One subscription's claimed rows, one POST after another; other subscriptions run beside it. */
  function runChain(subscriptionId: number, rows: readonly ClaimedRow[]) {
    const chain = (async () => {
      for (const [i, row] of rows.entries()) {
        // Issue 29: a stopping instance ends the POST in flight and hands the rest to the others.
        if (closed) return release(rows.slice(i));
        await send(row).catch((err) =>
          log.error({ err, deliveryId: row.delivery_id }, 'webhook delivery failed'),
        );
      }
    })().finally(() => {
      busy.delete(subscriptionId);
      // A delivered row may free the next event of the same order: look again.
      nudge();
    });
    busy.set(subscriptionId, chain);
  }

  async function claimAndStart(): Promise<void> {
    for (;;) {
      const rows = await claim();
      const bySubscription = new Map<number, ClaimedRow[]>();
      for (const row of rows)
        bySubscription.set(row.subscription_id, [...(bySubscription.get(row.subscription_id) ?? []), row]);
      for (const [id, list] of bySubscription) runChain(id, list);
      if (rows.length < BATCH || closed) return;
    }
  }

  const passes = createCoalescedPasses(claimAndStart, {
    spacingMs: PASS_SPACING_MS,
    onError: (err) => log.error({ err }, 'webhook dispatch failed'),
  });
  const { nudge } = passes;

  /** No pass running or asked for, and every chain of POSTs ended (a chain's end nudges). */
  async function settled(): Promise<void> {
    for (;;) {
      await passes.settled();
      if (busy.size === 0) return;
      await Promise.allSettled(busy.values());
    }
  }

  const unsubscribe = events?.subscribe(() => nudge());
  const timer = setInterval(nudge, config.retryCheckMs);
  timer.unref();

  return {
    nudge,
    async dispatchDue() {
      nudge();
      await settled();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      unsubscribe?.();
      await passes.close();
      await settled();
    },
  };
}
