/**
 * Booking order changes as events: the write side publishes after its commit, the real-time hub
 * of every server instance subscribes once. On PGlite (one process) an EventEmitter is the whole
 * bus; on PostgreSQL events travel through LISTEN/NOTIFY so that instances behind a load balancer
 * behave as one (ARCHITECTURE §1).
 */
import { EventEmitter } from 'node:events';
import type { OrderChange } from '../../schemas/dashboard';
import type { DatabaseHandle } from '../db/connect';
import type { ErrorLog } from '../errors';
import { createPgOrderEvents } from './pg-order-events';

export interface OrderEvent {
  BookingOrderId: number;
  Change: OrderChange;
}

export type OrderEventListener = (event: OrderEvent) => void;

export interface OrderEvents {
  /** Tells every subscriber of every instance, once. Call it after the change is committed. */
  publish(event: OrderEvent): Promise<void>;
  /** Returns the unsubscribe function. A listener must not throw; it is not awaited. */
  subscribe(listener: OrderEventListener): () => void;
  close(): Promise<void>;
  /** Whether changes of other instances reach this one (the LISTEN connection is up); absent: always. */
  isListening?(): boolean;
}

const EVENT = 'order';

/**
 * Publishes a committed change for the live dashboards. The change stands whatever happens to the
 * live update: a failure to publish is logged, never answered to the user who made the change.
 */
export function announce(events: OrderEvents, log: ErrorLog, event: OrderEvent): void {
  events
    .publish(event)
    .catch((err) => log.error({ err, bookingOrderId: event.BookingOrderId }, 'hub event not published'));
}

export function createInProcessOrderEvents(): OrderEvents {
  const emitter = new EventEmitter();
  // One hub per app subscribes, but tests run several apps on one bus: no leak warning for them.
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit(EVENT, { BookingOrderId: event.BookingOrderId, Change: event.Change });
    },
    subscribe(listener) {
      emitter.on(EVENT, listener);
      return () => emitter.off(EVENT, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The bus that fits the database: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export async function orderEventsFor(handle: DatabaseHandle): Promise<OrderEvents> {
  if (handle.kind === 'postgres') {
    if (!handle.url) throw new Error('a PostgreSQL handle without its URL cannot LISTEN');
    return createPgOrderEvents({ url: handle.url, db: handle.db });
  }
  return createInProcessOrderEvents();
}
