/**
 * Order events over PostgreSQL LISTEN/NOTIFY. Each instance keeps one dedicated connection that
 * LISTENs (a pooled connection would lose the LISTEN when returned); `publish` NOTIFYs through the
 * ordinary pool. The publisher hears its own NOTIFY through LISTEN like everyone else, so every
 * instance, this one included, delivers each event exactly once.
 *
 * Notifications sent while the LISTEN connection is down are lost: PostgreSQL queues them only
 * for sessions that are listening. The dashboard then shows them on its next search.
 *
 * Under load one statement sends the events of NOTIFY_SPACING_MS (issue 30 §1: it was a round
 * trip per booking); a lone event goes at once. Each event is still its own notification, in the
 * order published; PostgreSQL folds two with the same payload in one statement into one, which
 * tells the dashboards nothing less.
 */
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { ORDER_CHANGES, type OrderChange } from '../../schemas/dashboard';
import type { Database } from '../db/types';
import { createCoalescedPasses } from './coalesced-passes';
import type { OrderEvent, OrderEventListener, OrderEvents } from './order-events';

export const ORDER_EVENTS_CHANNEL = 'booking_order_changes';
/** How the LISTEN connection shows in pg_stat_activity. */
export const ORDER_EVENTS_APPLICATION_NAME = 'brr-order-events';

const FIRST_RETRY_MS = 500;
/** How long a busy server gathers events for one NOTIFY statement: well under what a person notices. */
const NOTIFY_SPACING_MS = 25;
// Small: while LISTEN is away, instances miss each other's changes (hub messages, cache invalidations).
const MAX_RETRY_MS = 5_000;

interface BusLog {
  warn(message: string): void;
}

export interface PgOrderEventsOptions {
  url: string;
  /** Where NOTIFY runs: the application's pool. */
  db: Kysely<Database>;
  channel?: string;
  log?: BusLog;
}

/** Resolves once the first LISTEN is in place, so nothing published after start-up is missed. */
export async function createPgOrderEvents(options: PgOrderEventsOptions): Promise<OrderEvents> {
  const { url, db, channel = ORDER_EVENTS_CHANNEL, log = console } = options;
  const listeners = new Set<OrderEventListener>();
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    const event = parseOrderEvent(payload);
    if (!event) {
      log.warn(`ignored a malformed ${channel} notification: ${String(payload).slice(0, 200)}`);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.warn(`${channel}: a listener failed: ${(error as Error).message}`);
      }
    }
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: ORDER_EVENTS_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    failures = 0;
  }

  function lost(client: pg.Client, error?: Error) {
    if (closed || client !== current) return;
    current = null;
    client.end().catch(() => {});
    log.warn(`${channel}: the LISTEN connection dropped (${error?.message ?? 'ended'}); reconnecting`);
    scheduleRetry();
  }

  function scheduleRetry() {
    if (closed || retryTimer) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().catch((error: Error) => {
        log.warn(`${channel}: LISTEN failed (${error.message}); retrying`);
        scheduleRetry();
      });
    }, delay);
  }

  await listen();

  let queued: { payload: string; sent: () => void; failed: (error: unknown) => void }[] = [];
  /** Sends what is queued in one statement, and answers each publisher. */
  async function sendQueued(): Promise<void> {
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    try {
      const payloads = batch.map((q) => q.payload);
      await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) with ordinality as p(payload, n) order by n`.execute(
        db,
      );
      for (const q of batch) q.sent();
    } catch (error) {
      for (const q of batch) q.failed(error);
    }
  }
  // A failed batch is answered to each of its publishers: a pass itself never throws.
  const notifying = createCoalescedPasses(sendQueued, { spacingMs: NOTIFY_SPACING_MS, onError: () => {} });

  return {
    publish(event) {
      const payload = JSON.stringify({ BookingOrderId: event.BookingOrderId, Change: event.Change });
      if (closed) return Promise.reject(new Error(`${channel}: the order events are closed`));
      return new Promise<void>((sent, failed) => {
        queued.push({ payload, sent, failed });
        notifying.nudge();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isListening: () => current !== null,
    async close() {
      closed = true;
      // What was published before the close is still sent.
      await notifying.close();
      await sendQueued();
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}

/** A NOTIFY payload, which anyone with database access could send; null when malformed. */
export function parseOrderEvent(text: string | undefined): OrderEvent | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<OrderEvent> | null;
    const id = value?.BookingOrderId;
    const change = value?.Change as OrderChange;
    if (!ORDER_CHANGES.includes(change)) return null;
    // An inventory change may belong to nothing with an id: a gate's returns are announced as 0.
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < (change === 'inventory' ? 0 : 1))
      return null;
    return { BookingOrderId: id, Change: change };
  } catch {
    return null;
  }
}
