import type { Kysely } from 'kysely';
import type { AuthCache } from './auth/auth-cache';
import type { TokenService } from './auth/tokens';
import type { BookingTypes } from './bookings/registry';
import type { ServerConfig } from './config';
import type { Database } from './db/types';
import type { OrderEvents } from './events/order-events';
import type { ServerFlows } from './flows';
import type { MailOutbox } from './mail/outbox';
import type { PoolStats, PortalMetrics } from './operations/metrics';

/** What every route area is given: the database, the token service and the configuration. */
export interface AppContext {
  db: Kysely<Database>;
  /**
   * Where dashboard searches and exports read (DATABASE_READ_URL, e.g. a streaming replica); db when
   * absent. Everything a user must see right after writing it reads db.
   */
  readDb?: Kysely<Database>;
  /**
   * Where the mail outbox and the webhook dispatcher claim and mark their rows (db/connect.ts
   * dispatchDb: a pool of their own on PostgreSQL); db when absent.
   */
  dispatchDb?: Kysely<Database>;
  tokens: TokenService;
  config: ServerConfig;
  /** The flow catalog, loaded once at start-up (src/server/flows.ts). */
  flows: ServerFlows;
  /** The booking-type registry: the product's types plus any a test adds (buildApp's bookingTypes). */
  bookingTypes: BookingTypes;
  /** The mail outbox's dispatcher: a change writes its mail in its transaction, then nudges this. */
  mail: MailOutbox;
  /** Booking order changes for the real-time hub; the app closes it when it closes. */
  orderEvents: OrderEvents;
  /** The authentication check's cache (auth-cache.ts); without one every call asks the database. */
  authCache?: AuthCache;
  /** Issue 29: the Prometheus metrics of this app (operations/metrics.ts). */
  metrics: PortalMetrics;
  /** The PostgreSQL pool, for its metrics (absent on PGlite). */
  dbPool?: PoolStats;
}

/**
 * What a caller of buildApp must give; the flow catalog and the order events (in-process) are built
 * when absent, the mail outbox always.
 */
export type BaseContext = Omit<AppContext, 'flows' | 'bookingTypes' | 'mail' | 'orderEvents' | 'metrics'> &
  Partial<Pick<AppContext, 'flows' | 'orderEvents'>>;
