/**
 * Issue 29: the portal's Prometheus metrics (prom-client), one registry per app so several apps in
 * one process (tests) keep apart. Label values are bounded: route patterns (never URLs), status
 * codes, booking type names, outbox names, refusal codes. docs/operations.md says what each means
 * and which alerts to set on them.
 */
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/types';

/** The pool of a PostgreSQL connection (pg.Pool's counters). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export type BookingOutcome = 'created' | 'replayed' | 'refused';

export interface PortalMetrics {
  readonly registry: Registry;
  /** A request arrived; requestClosed is called when its response closes (answered or cut). */
  requestStarted(): void;
  requestClosed(): void;
  requestEnded(method: string, route: string, status: number, seconds: number): void;
  booking(type: string, outcome: BookingOutcome): void;
  /** A refused sign-in, by the refusal's code (INVALID_LOGIN, ACCOUNT_LOCKED, …). */
  signInRefused(code: string): void;
  /** How many connections the hub of this instance holds. */
  trackHub(size: () => number): void;
}

const OUTBOXES = {
  mail: sql<{ depth: number; age: number | null }>`
    select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as age
    from mail_outbox where sent_at is null and failed_at is null`,
  webhooks: sql<{ depth: number; age: number | null }>`
    select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as age
    from webhook_deliveries where delivered_at is null and failed_at is null`,
} as const;

export function createMetrics(db: Kysely<Database>, pool?: PoolStats): PortalMetrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), memory, CPU, handles: prom-client's own set.
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response sent, by route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Counted in a variable read at a scrape: the gauge's own inc and dec cost each request a label
  // lookup twice (issue 30 §2).
  let inFlight = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests this instance has received and not yet answered.',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const rateLimited = new Counter({
    name: 'portal_rate_limited_total',
    help: 'Requests refused with 429 (too many requests), by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'portal_bookings_total',
    help: 'Booking submits by booking type and outcome: created (a new order), replayed (a retried Idempotency-Key answered with its order), refused (4xx).',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'portal_sign_in_refusals_total',
    help: 'Refused sign-ins by reason: INVALID_LOGIN (wrong user or password), ACCOUNT_LOCKED (locked out), RATE_LIMITED (an address throttled), NOT_ACTIVE.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  let hubSize: () => number = () => 0;
  new Gauge({
    name: 'portal_hub_connections',
    help: 'Dashboard hub (SignalR) connections this instance holds.',
    registers: [registry],
    collect() {
      this.set(hubSize());
    },
  });
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance: in_use (running a query or transaction), idle, waiting (requests queued for a connection).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  // One query per outbox and scrape, shared by both gauges (a scrape collects them side by side).
  let reading: Promise<Map<string, { depth: number; age: number }>> | null = null;
  const outboxes = () => {
    reading ??= (async () => {
      const found = new Map<string, { depth: number; age: number }>();
      for (const [outbox, query] of Object.entries(OUTBOXES)) {
        const row = (await query.execute(db)).rows[0];
        found.set(outbox, { depth: row?.depth ?? 0, age: row?.age ?? 0 });
      }
      return found;
    })()
      // A database that does not answer shows in /readyz; the scrape still answers the rest.
      .catch(() => new Map())
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: 'portal_outbox_depth',
    help: 'Mails and webhook deliveries waiting to be sent (not sent, not given up), shared by every instance.',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const [outbox, { depth }] of await outboxes()) this.set({ outbox }, depth);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail or webhook delivery not yet sent nor given up (0 when none waits).',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      for (const [outbox, { age }] of await outboxes()) this.set({ outbox }, age);
    },
  });

  return {
    registry,
    requestStarted() {
      inFlight++;
    },
    requestClosed() {
      inFlight--;
    },
    requestEnded(method, route, status, seconds) {
      duration.observe({ method, route, status_code: String(status) }, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    booking: (type, outcome) => bookings.inc({ type, outcome }),
    signInRefused: (code) => signIns.inc({ reason: code }),
    trackHub(size) {
      hubSize = size;
    },
  };
}
