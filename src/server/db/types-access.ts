/**
 * Kysely's view of the tables of people and access (accounts, roles, tokens, sign-in failures, rate
 * limits, API keys), integrations (webhooks) and mail (the outbox), migrations/; the Database in
 * types.ts lists them. docs/data-model.md explains each table.
 */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string, string>;
/** A column added later with no default: optional on insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UserTable {
  user_id: Generated<number>;
  user_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  auth_provider: string;
  customer_id: number | null;
  module_id_owned: number;
  active: Generated<boolean>;
  reset_password: Generated<boolean>;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: CreatedAt;
}

export interface RoleTable {
  role_id: Generated<number>;
  role_name: string;
  role_rank: number;
  is_internal: boolean;
}

export interface RolePermissionTable {
  role_id: number;
  entity: string;
  bits: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface RevokedTokenTable {
  token_hash: string;
  expires_at: Date;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  entity_type: string;
  entity_id: string;
  action: string;
  changed_by: number | null;
  changed_at: CreatedAt;
  details: Json | null;
  /** The API key the change was made with (issue 18); null for the portal's own sessions. */
  api_key_id: number | null;
}

export interface ApiKeyTable {
  api_key_id: Generated<number>;
  customer_id: number;
  name: string;
  /** The key's first characters, shown in lists so a user can tell keys apart. */
  key_prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string;
  /** Of 'book' | 'read' | 'cancel', or 'gate' alone (domain/policies.ts). */
  abilities: string[];
  /** Issue 31: a gate key's locations (migration 0060); null for a company's key. */
  location_ids: Optional<number[]>;
  created_by: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: number | null;
  last_used_at: Date | null;
}

/** Issue 18: a company's webhook subscription (migrations/0020-webhooks.ts). */
export interface WebhookSubscriptionTable {
  subscription_id: Generated<number>;
  customer_id: number;
  url: string;
  /** Of WEBHOOK_EVENTS (src/schemas/webhooks.ts). */
  events: string[];
  /** The locations whose availability.changed the subscription hears. */
  location_ids: Generated<number[]>;
  /** The HMAC-SHA256 key of X-Signature; readable by the company's administrators. */
  secret: string;
  active: Generated<boolean>;
  created_by: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** Issue 18: one event for one subscription: the durable outbox row and its delivery log entry. */
export interface WebhookDeliveryTable {
  delivery_id: Generated<number>;
  /** The id the receiver de-duplicates by (the body's `id`, X-Webhook-Id). */
  webhook_id: Generated<string>;
  subscription_id: number;
  event: string;
  booking_order_id: number | null;
  location_ids: number[] | null;
  occurred_at: Generated<Date>;
  /** "Send again": the delivery this one repeats. */
  resent_from: number | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  created_at: Generated<Date>;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

/** A sign-up ("Register as a New User") waiting for staff (migration 0004). */
export interface AccessRequestTable {
  access_request_id: Generated<number>;
  company_name: string;
  scac: string;
  first_name: string;
  last_name: string;
  user_name: string;
  email: string;
  phone: string;
  requested_access: Json;
  status: Generated<'Pending' | 'Approved' | 'Rejected'>;
  requested_from: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
  decided_by: number | null;
}

/** A mailed password reset link, by the SHA-256 of its token (migration 0004). */
export interface PasswordResetTokenTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** Per-user account settings, created on first need (migration 0004). */
export interface AccountSettingsTable {
  user_id: number;
  notification_preferences: ColumnType<unknown, string | undefined, string>;
  password_changed_at: Date | null;
  /** Tokens issued before this instant are refused: a password change signs out other sessions. */
  sessions_valid_after: Date | null;
}

/** Issue 28: one failed sign-in of a known account, from an address (migration 0040). */
export interface SignInFailureTable {
  user_id: number;
  address: string;
  failed_at: CreatedAt;
}

/** One counted attempt of a rate-limited action (migration 0004). */
export interface RateLimitEventTable {
  bucket: string;
  occurred_at: CreatedAt;
}

/** Issue 28: a token bucket of calls, per signed-in user or API key (migration 0045). */
export interface RateLimitBucketTable {
  bucket: string;
  tokens: number;
  /** Whether the last call taken from the bucket found a token. */
  allowed: boolean;
  /** Issue 30: how many tokens the last take was granted (an instance's lease; migration 0073). */
  taken: Generated<number>;
  refilled_at: Date;
}

/** Issue 11: mail waiting to be sent, sent, or given up on (migration 0011). */
export interface MailOutboxTable {
  mail_id: Generated<string>;
  to_addresses: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  claimed_until: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
}
