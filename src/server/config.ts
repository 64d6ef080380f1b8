/** The server's environment configuration, read once at start-up. */
import { resolve } from 'node:path';
import type { ClientConfig } from '../schemas/configuration';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /** HS256 signing secret; when absent one is generated once and kept in the database. */
  jwtSecret: string | null;
  tokenLifetimeMinutes: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  bodyLimitBytes: number;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); without it mail goes to DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** The From address of every mail the portal sends. */
  mailFrom: string;
  environment: string;
  buildHash: string;
  client: ClientConfig;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got '${value}'`);
  return n;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const environment = env.ENVIRONMENT ?? 'demo';
  return {
    host: env.HOST ?? '127.0.0.1',
    port: int(env.PORT, 8080, 'PORT'),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    tokenLifetimeMinutes: int(env.TOKEN_LIFETIME_MINUTES, 20, 'TOKEN_LIFETIME_MINUTES'),
    lockoutAttempts: int(env.LOCKOUT_ATTEMPTS, 5, 'LOCKOUT_ATTEMPTS'),
    lockoutMinutes: int(env.LOCKOUT_MINUTES, 15, 'LOCKOUT_MINUTES'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576, 'BODY_LIMIT_BYTES'),
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
  };
}
