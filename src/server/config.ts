/** The server's environment configuration, read once at start-up. */
import { resolve } from 'node:path';
import type { ClientConfig } from '../schemas/configuration';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /** A read-only PostgreSQL (a streaming replica) for dashboard searches (DATABASE_READ_URL). */
  databaseReadUrl: string | null;
  /**
   * Behind a load balancer (TRUST_PROXY: its address, e.g. 127.0.0.1, or true): the client's address
   * comes from X-Forwarded-For, so per-address sign-in limits count each user, not the balancer.
   */
  trustProxy: string | boolean;
  /** HS256 signing secret; when absent one is generated once and kept in the database. */
  jwtSecret: string | null;
  tokenLifetimeMinutes: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  /** How often the hub closes connections whose session ended (issue 11). */
  hubSessionCheckMs: number;
  /** How often mail the mail server refused is looked at again (mail outbox, issue 11). */
  mailRetryCheckMs: number;
  /** How long one SMTP send may take (MAIL_TIMEOUT_MS); a dead instance's claim on a mail lasts 6× this. */
  mailTimeoutMs: number;
  bodyLimitBytes: number;
  /**
   * Issue 28: how long a request's headers and body may take to arrive (REQUEST_TIMEOUT_MS); a
   * body dripped slower is answered 408 and its connection closed.
   */
  requestTimeoutMs: number;
  /** Issue 28: how long a connection may sit idle, sending and receiving nothing (CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** Issue 28: the token buckets of signed-in users and API keys (RATE_LIMIT_*). */
  rateLimits: RateLimits;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail goes to DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** The From address of every mail the portal sends. */
  mailFrom: string;
  environment: string;
  buildHash: string;
  client: ClientConfig;
  /** The portal's address as users reach it (PUBLIC_URL), for links in mail. */
  publicUrl: string;
  /** Minutes a mailed password reset link stays usable (RESET_LINK_MINUTES, default 60). */
  resetLinkMinutes: number;
  /** The company directory internal staff sign in with; null: they use local passwords (the demo). */
  directory: DirectoryConfig | null;
  webhooks: WebhookConfig;
  /** Issue 29: who may read /metrics besides this machine (METRICS_TOKEN, a bearer token). */
  metricsToken: string | null;
  /** Issue 29: pino's level (LOG_LEVEL: fatal, error, warn, info, debug, trace, silent). */
  logLevel: string;
  /** Issue 29: graceful shutdown (SIGTERM): see readShutdown. */
  shutdown: ShutdownConfig;
  /** SPEC §7 feature flags that are configuration (the others are always on). */
  featureFlags: {
    pendingQueueContactInfo: boolean;
    internalReservationComments: boolean;
    /** Term lease cancel order closes fulfilled bookings (FF → CL) instead of refusing the order. */
    termCloseOfFulfilledBooking: boolean;
  };
}

/** One token bucket: `burst` calls at once, refilled at `perMinute` calls a minute. */
export interface TokenBucketLimit {
  burst: number;
  perMinute: number;
}

/** Issue 28: per signed-in user and per API key, shared by every instance (docs/integrations.md). */
export interface RateLimits {
  user: TokenBucketLimit;
  apiKey: TokenBucketLimit;
}

/** Issue 29: how a SIGTERM drains the instance (docs/operations.md "Restarts"). */
export interface ShutdownConfig {
  /** Not-ready but still serving this long first, for balancers that poll /readyz (SHUTDOWN_DELAY_MS, default 0). */
  delayMs: number;
  /** The longest wait for requests in flight before their connections are cut (SHUTDOWN_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string | undefined): string {
  const v = value?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(v))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${value}'`);
  return v;
}

const nonNegative = (value: string | undefined, fallback: number, name: string): number =>
  value === '0' ? 0 : int(value, fallback, name);

/** Issue 18 webhooks (WEBHOOK_*): how deliveries are tried and where they may go. */
export interface WebhookConfig {
  /** How often the dispatcher looks for due deliveries besides the nudge of each change (WEBHOOK_RETRY_CHECK_MS). */
  retryCheckMs: number;
  /** The first pause after a failed delivery; it doubles up to an hour, for a day (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How long one delivery may take before it counts as failed (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Whether a URL may name this machine (127.0.0.1, ::1, localhost): tests and local development only. */
  allowLoopback: boolean;
}

/** LDAP sign-in for internal staff (DIRECTORY_*); docs/decisions.md "Account lifecycle (server)". */
export interface DirectoryConfig {
  /** ldap:// or ldaps:// URL of the directory (DIRECTORY_URL). */
  url: string;
  /** Bind DN with a {user} placeholder, e.g. uid={user},ou=people,dc=example,dc=com (DIRECTORY_BIND_DN). */
  bindDnTemplate: string | null;
  /** Where to look the user up when there is no template (DIRECTORY_SEARCH_BASE). */
  searchBase: string | null;
  /** The attribute holding the user name in a search (DIRECTORY_USER_ATTRIBUTE, default uid). */
  userAttribute: string;
  /** Optional account for that search (DIRECTORY_SERVICE_DN / DIRECTORY_SERVICE_PASSWORD); anonymous otherwise. */
  serviceDn: string | null;
  servicePassword: string | null;
  /** Milliseconds to wait for the directory (DIRECTORY_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
};

/** A feature flag: on unless set to false, 0 or off (any case); anything else stops the start. */
const flag = (value: string | undefined, name: string): boolean => {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || ['true', '1', 'on'].includes(v)) return true;
  if (['false', '0', 'off'].includes(v)) return false;
  throw new Error(`${name} must be true or false, got '${value}'`);
};

function trustProxy(value: string | undefined): string | boolean {
  const v = value?.trim();
  if (!v || ['false', '0', 'off'].includes(v.toLowerCase())) return false;
  if (['true', '1', 'on'].includes(v.toLowerCase())) return true;
  return v;
}

function readDirectory(env: NodeJS.ProcessEnv): DirectoryConfig | null {
  const url = env.DIRECTORY_URL?.trim();
  if (!url) return null;
  if (!/^ldaps?:\/\//i.test(url))
    throw new Error(`DIRECTORY_URL must start with ldap:// or ldaps://, got '${url}'`);
  const bindDnTemplate = env.DIRECTORY_BIND_DN?.trim() || null;
  const searchBase = env.DIRECTORY_SEARCH_BASE?.trim() || null;
  if (bindDnTemplate && !bindDnTemplate.includes('{user}')) {
    throw new Error(`DIRECTORY_BIND_DN must contain {user}, e.g. uid={user},ou=people,dc=example,dc=com`);
  }
  if (!bindDnTemplate && !searchBase) {
    throw new Error(
      'DIRECTORY_URL is set: set DIRECTORY_BIND_DN (a template with {user}) or DIRECTORY_SEARCH_BASE too',
    );
  }
  return {
    url,
    bindDnTemplate,
    searchBase,
    userAttribute: env.DIRECTORY_USER_ATTRIBUTE?.trim() || 'uid',
    serviceDn: env.DIRECTORY_SERVICE_DN?.trim() || null,
    servicePassword: env.DIRECTORY_SERVICE_PASSWORD ?? null,
    timeoutMs: int(env.DIRECTORY_TIMEOUT_MS, 5000, 'DIRECTORY_TIMEOUT_MS'),
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = env.ENVIRONMENT ?? 'demo';
  const host = env.HOST ?? '127.0.0.1';
  const port = int(env.PORT, 8080, 'PORT');
  return {
    host,
    port,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    databaseReadUrl: env.DATABASE_READ_URL || null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    jwtSecret: env.JWT_SECRET || null,
    tokenLifetimeMinutes: int(env.TOKEN_LIFETIME_MINUTES, 20, 'TOKEN_LIFETIME_MINUTES'),
    lockoutAttempts: int(env.LOCKOUT_ATTEMPTS, 5, 'LOCKOUT_ATTEMPTS'),
    lockoutMinutes: int(env.LOCKOUT_MINUTES, 15, 'LOCKOUT_MINUTES'),
    hubSessionCheckMs: int(env.HUB_SESSION_CHECK_MS, 15_000, 'HUB_SESSION_CHECK_MS'),
    mailRetryCheckMs: int(env.MAIL_RETRY_CHECK_MS, 15_000, 'MAIL_RETRY_CHECK_MS'),
    mailTimeoutMs: int(env.MAIL_TIMEOUT_MS, 20_000, 'MAIL_TIMEOUT_MS'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576, 'BODY_LIMIT_BYTES'),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 60_000, 'REQUEST_TIMEOUT_MS'),
    connectionTimeoutMs: int(env.CONNECTION_TIMEOUT_MS, 120_000, 'CONNECTION_TIMEOUT_MS'),
    rateLimits: {
      user: {
        burst: int(env.RATE_LIMIT_USER_BURST, 600, 'RATE_LIMIT_USER_BURST'),
        perMinute: int(env.RATE_LIMIT_USER_PER_MINUTE, 600, 'RATE_LIMIT_USER_PER_MINUTE'),
      },
      apiKey: {
        burst: int(env.RATE_LIMIT_KEY_BURST, 120, 'RATE_LIMIT_KEY_BURST'),
        perMinute: int(env.RATE_LIMIT_KEY_PER_MINUTE, 300, 'RATE_LIMIT_KEY_PER_MINUTE'),
      },
    },
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Chassis Portal <no-reply@example.com>',
    environment,
    buildHash: env.BUILD_HASH ?? 'dev',
    client: {
      apiBaseUrl: '/api',
      applicationCode: env.APPLICATION_CODE ?? 'BRR',
      environment,
      customerSupportPhone: env.CUSTOMER_SUPPORT_PHONE ?? '1-800-555-0142',
      roadServicePhone: env.ROAD_SERVICE_PHONE ?? '1-800-555-0199',
      customerServiceUrl: env.CUSTOMER_SERVICE_URL ?? 'mailto:customerservice@example.com',
      appStoreUrl: env.APP_STORE_URL ?? 'https://apps.apple.com/',
      playStoreUrl: env.PLAY_STORE_URL ?? 'https://play.google.com/store/apps',
      privacyUrl: env.PRIVACY_URL ?? 'https://www.example.com/privacy',
      termsUrl: env.TERMS_URL ?? 'https://www.example.com/terms',
      doNotSellUrl: env.DO_NOT_SELL_URL ?? 'https://www.example.com/do-not-sell',
      securityAppUrl: env.SECURITY_APP_URL ?? 'https://security.example.com/',
      ebmAppUrl: env.EBM_APP_URL ?? 'https://ebm.example.com/',
    },
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    resetLinkMinutes: int(env.RESET_LINK_MINUTES, 60, 'RESET_LINK_MINUTES'),
    directory: readDirectory(env),
    webhooks: {
      retryCheckMs: int(env.WEBHOOK_RETRY_CHECK_MS, 5_000, 'WEBHOOK_RETRY_CHECK_MS'),
      retryBaseMs: int(env.WEBHOOK_RETRY_BASE_MS, 60_000, 'WEBHOOK_RETRY_BASE_MS'),
      timeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000, 'WEBHOOK_TIMEOUT_MS'),
      // Off unless asked for: a subscription must not make the server call itself (SSRF).
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK
        ? flag(env.WEBHOOK_ALLOW_LOOPBACK, 'WEBHOOK_ALLOW_LOOPBACK')
        : false,
    },
    metricsToken: env.METRICS_TOKEN || null,
    logLevel: logLevel(env.LOG_LEVEL),
    shutdown: {
      delayMs: nonNegative(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS'),
      timeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
    },
    featureFlags: {
      pendingQueueContactInfo: flag(
        env.FEATURE_PENDING_QUEUE_CONTACT_INFO,
        'FEATURE_PENDING_QUEUE_CONTACT_INFO',
      ),
      internalReservationComments: flag(
        env.FEATURE_INTERNAL_RESERVATION_COMMENTS,
        'FEATURE_INTERNAL_RESERVATION_COMMENTS',
      ),
      termCloseOfFulfilledBooking: flag(
        env.FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING,
        'FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING',
      ),
    },
  };
}
