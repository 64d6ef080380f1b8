/**
 * Issue 18: the check of an `Authorization: ApiKey …` header, beside the bearer token's
 * (authenticate.ts), for every route through the access plugin. The caller becomes the key's
 * creator narrowed to the key: its company (never staff's "every customer"), and the bits of its
 * abilities out of the creator's own as they are now, and (issue 28) out of what the company's own
 * users hold (domain/policies.ts apiKeyPermissions).
 * What is read is kept in the auth cache like a token's; every change that could refuse or narrow
 * a key NOTIFYs (migration 0019), so a revoked key is refused on the next call on every instance.
 */
import type { Kysely } from 'kysely';
import { ENTITIES, type PermissionSet, permissionsFromClaims } from '../../domain/permissions';
import { type ApiKeyAbility, apiKeyPermissions } from '../../domain/policies';
import type { Database } from '../db/types';
import { hashApiKey } from '../domain/api-keys';
import { claimsFor } from '../domain/auth';
import { companyPermissions } from '../domain/grants';
import type { Viewer } from '../domain/viewer';
import { AppError, unauthorized } from '../errors';
import type { AuthCache } from './auth-cache';

/** The key of an `Authorization: ApiKey …` header; null when the header is not one. */
export function apiKeyOf(header: string | undefined): string | null {
  if (header?.startsWith('ApiKey ')) return header.slice(7).trim() || null;
  return null;
}

/** Failed key attempts one address may make a minute before it is answered 429 (as sign-ins). */
export const API_KEY_FAILURES_PER_MINUTE = 20;
export const API_KEY_THROTTLED_TEXT =
  'Too many calls with API keys that are not valid from your address. Wait a minute, then try again.';
/** How often a key's last_used_at is written, at most, by one instance. */
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_INVALID_TEXT = 'This API key is not valid. Check that the whole key was sent.';
export const API_KEY_REVOKED_TEXT = 'This API key was revoked. Ask your administrator for a new key.';
export const API_KEY_CREATOR_MOVED_TEXT =
  'The user who made this API key no longer belongs to its company, so the key no longer works. Ask your administrator for a new key.';
export const API_KEY_CREATOR_INACTIVE_TEXT =
  'The user who made this API key is no longer active, so the key no longer works. Ask your administrator for a new key.';

interface KeyRecord {
  apiKeyId: number;
  customerId: number;
  abilities: ApiKeyAbility[];
  expiresAt: Date;
  revokedAt: Date | null;
  creatorActive: boolean;
  /** A customer's user moved to another company no longer speaks for this one. */
  creatorOfOtherCompany: boolean;
  claims: Awaited<ReturnType<typeof claimsFor>>;
  /** Issue 28: what the company's own active users hold: a key never holds more. */
  company: PermissionSet;
}

async function readKey(db: Kysely<Database>, keyHash: string): Promise<KeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.user_id', 'api_keys.created_by')
    .select([
      'api_keys.api_key_id',
      'api_keys.customer_id',
      'api_keys.abilities',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.created_by',
      'users.active',
      'users.customer_id as creator_customer_id',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    apiKeyId: row.api_key_id,
    customerId: row.customer_id,
    abilities: row.abilities as ApiKeyAbility[],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    creatorActive: row.active,
    creatorOfOtherCompany: row.creator_customer_id !== null && row.creator_customer_id !== row.customer_id,
    claims: await claimsFor(db, row.created_by),
    company: await companyPermissions(db, row.customer_id),
  };
}

export interface ApiKeyAuthenticator {
  /** The viewer a key calls as; a 401 (or 429 for an address guessing keys) otherwise. */
  authenticate(key: string, ip: string): Promise<Viewer>;
}

export function createApiKeyAuthenticator(db: Kysely<Database>, cache?: AuthCache): ApiKeyAuthenticator {
  const lastWritten = new Map<number, number>();

  /** An unknown key: counted per address, so guessing is slowed down like failed sign-ins. */
  async function refuseUnknown(ip: string): Promise<never> {
    const bucket = `apikey-fail:ip:${ip}`;
    await db.insertInto('rate_limit_events').values({ bucket }).execute();
    const counted = await db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .where('occurred_at', '>', new Date(Date.now() - 60_000))
      .executeTakeFirstOrThrow();
    if (Number(counted.n) > API_KEY_FAILURES_PER_MINUTE)
      throw new AppError(429, API_KEY_THROTTLED_TEXT, 'RATE_LIMITED');
    throw unauthorized(API_KEY_INVALID_TEXT);
  }

  /** Cheap "last used": one write a minute per key and instance, not one per call. */
  async function noteUse(apiKeyId: number, now: number) {
    if (now - (lastWritten.get(apiKeyId) ?? 0) < LAST_USED_EVERY_MS) return;
    lastWritten.set(apiKeyId, now);
    await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now) })
      .where('api_key_id', '=', apiKeyId)
      .execute();
  }

  return {
    async authenticate(key, ip) {
      const keyHash = hashApiKey(key);
      const read = () => readKey(db, keyHash);
      const record = cache ? await cache.apiKey(keyHash, read) : await read();
      if (!record) return refuseUnknown(ip);
      const now = Date.now();
      if (record.revokedAt) throw unauthorized(API_KEY_REVOKED_TEXT);
      if (record.expiresAt.getTime() <= now)
        throw unauthorized(
          `This API key expired on ${record.expiresAt.toISOString().slice(0, 10)}. Ask your administrator for a new key.`,
        );
      if (!record.creatorActive) throw unauthorized(API_KEY_CREATOR_INACTIVE_TEXT);
      if (record.creatorOfOtherCompany) throw unauthorized(API_KEY_CREATOR_MOVED_TEXT);
      await noteUse(record.apiKeyId, now);
      const creator = permissionsFromClaims(record.claims as unknown as Record<string, unknown>);
      const permissions = apiKeyPermissions(creator, record.abilities, record.company);
      // Every entity claim says what the key holds (0 for the rest), not what its creator does.
      const claimBits = Object.fromEntries(ENTITIES.map((e) => [e, permissions[e] ?? 0]));
      return {
        userId: record.claims.UserId,
        userName: record.claims.sub,
        customerId: record.customerId,
        // A key speaks for one company, even one made by staff (docs/decisions.md).
        isInternal: false,
        permissions,
        claims: {
          ...record.claims,
          ...claimBits,
          ResetPassword: false,
          refreshTokenInterval: 0,
          exp: Math.floor(record.expiresAt.getTime() / 1000),
        },
        token: '',
        apiKeyId: record.apiKeyId,
        apiKeyAbilities: record.abilities,
      };
    },
  };
}
