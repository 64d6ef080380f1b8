/**
 * Issue 15: what the authentication check read about a token (the account as it is, whether the
 * token or its session was signed out, from when the user's sessions count), kept in memory so a
 * call does not cost a database round trip. Triggers (migration 0017) NOTIFY `auth_changed` in the
 * transaction of every change that could refuse a token — a sign-out, a deactivation, a password
 * change — and each instance empties its cache when it hears one, so such a token is refused on
 * every instance a moment after the commit. The cache is only used while its instance is
 * listening: when the LISTEN connection drops it is emptied and bypassed until it is back, as a
 * missed notification would otherwise leave a signed-out token working.
 */
import type { SqlBool } from 'kysely';
import pg from 'pg';
import type { TokenClaims } from '../../domain/claims';
import type { PermissionSet } from '../../domain/permissions';
import type { DatabaseHandle } from '../db/connect';

export const AUTH_CHANGED_CHANNEL = 'auth_changed';
/** How the LISTEN connection shows in pg_stat_activity. */
const APPLICATION_NAME = 'brr-auth-changes';
const MAX_ENTRIES = 10_000;
const RETRY_MS = 1_000;

/** The authentication check's reading of one token. */
export interface AuthRecord {
  active: boolean;
  customer_id: number | null;
  auth_provider: string;
  revoked: SqlBool;
  sessions_valid_after: Date | null;
  /**
   * Issue 28: the user's bits as their roles grant them now, not as the token says: a role taken
   * away applies on the next call (user_roles and role_permissions NOTIFY, migration 0019).
   */
  permissions: PermissionSet;
}

export interface AuthCache {
  /**
   * The claims of a well-signed, unexpired token; `verify` runs the first time a token is seen.
   * A signature stays good, so these are kept whatever changes; expiry is checked on every call.
   */
  claims(token: string, verify: () => Promise<TokenClaims | null>): Promise<TokenClaims | null>;
  /**
   * Issue 30: the token's claims and record when both are at hand (claims unexpired, the cache
   * live), with no promise; null when either needs a check or a read.
   */
  known(token: string): { claims: TokenClaims; record: AuthRecord | undefined } | null;
  /** The record of a token; `read` runs when it is not cached (or the cache is not live). */
  get(token: string, read: () => Promise<AuthRecord | undefined>): Promise<AuthRecord | undefined>;
  /**
   * Issue 18: an API key's reading, by the key's hash; `read` runs when it is not cached (or the
   * cache is not live). Emptied by the same notifications (migration 0019 adds the key's own).
   */
  apiKey<T>(keyHash: string, read: () => Promise<T>): Promise<T>;
  /**
   * Forgets every entry now. The instance that commits a change calls it too (a sign-out, a new
   * password, a revoked API key): its own notification arrives a moment after the commit, and the
   * next call must not wait.
   */
  invalidate(): void;
  /** Whether notifications are heard now, so entries are kept. */
  readonly live: boolean;
  close(): Promise<void>;
}

interface Log {
  warn(message: string): void;
}

/**
 * A token's key in the cache: its signature. Each call's token is a new string, which a lookup
 * hashes whole: ~900 characters cost more than the rest of the lookup (issue 30 §2). No one can
 * make another token with the same signature, and every entry keeps its token, compared whole
 * before the entry is used.
 */
const keyOf = (token: string): string => token.slice(token.lastIndexOf('.') + 1);

/** An entry of the cache, and the token it was made for. */
interface Kept<T> {
  token: string;
  value: T;
}

/** The entry of `token` in `map`, if the one under its key was made for it. */
function keptFor<T>(map: Map<string, Kept<T>>, token: string, key = keyOf(token)): Kept<T> | undefined {
  const kept = map.get(key);
  return kept && kept.token === token ? kept : undefined;
}

/** The cache itself: entries, and the generation that an invalidation moves on. */
class TokenRecords {
  readonly #verified = new Map<string, Kept<TokenClaims>>();
  readonly #entries = new Map<string, Kept<AuthRecord | undefined>>();
  readonly #keys = new Map<string, unknown>();
  #generation = 0;
  live = false;

  known(token: string) {
    const key = keyOf(token);
    const claims = keptFor(this.#verified, token, key)?.value;
    if (!claims || !this.live) return null;
    const entry = keptFor(this.#entries, token, key);
    if (!entry) return null;
    if (claims.exp <= Math.floor(Date.now() / 1000)) return null;
    return { claims, record: entry.value };
  }

  async claims(token: string, verify: () => Promise<TokenClaims | null>) {
    const known = keptFor(this.#verified, token)?.value;
    if (known) {
      // As jose judges expiry: whole seconds, no tolerance.
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.#verified.delete(keyOf(token));
      return null;
    }
    const claims = await verify();
    if (claims) {
      if (this.#verified.size >= MAX_ENTRIES) this.#verified.clear();
      this.#verified.set(keyOf(token), { token, value: claims });
    }
    return claims;
  }

  async get(token: string, read: () => Promise<AuthRecord | undefined>) {
    const kept = this.live ? keptFor(this.#entries, token) : undefined;
    if (kept) return kept.value;
    const generation = this.#generation;
    const record = await read();
    // A change heard while the read ran may not be in what it read: keep it only when none was.
    if (this.live && generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(keyOf(token), { token, value: record });
    }
    return record;
  }

  async apiKey<T>(keyHash: string, read: () => Promise<T>): Promise<T> {
    if (this.live && this.#keys.has(keyHash)) return this.#keys.get(keyHash) as T;
    const generation = this.#generation;
    const record = await read();
    if (this.live && generation === this.#generation) {
      if (this.#keys.size >= MAX_ENTRIES) this.#keys.clear();
      this.#keys.set(keyHash, record);
    }
    return record;
  }

  invalidate() {
    this.#generation++;
    this.#entries.clear();
    this.#keys.clear();
  }
}

/** One PostgreSQL connection LISTENing for changes, reconnected when it drops. */
async function listenOnPostgres(url: string, records: TokenRecords, log: Log): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const lost = (client: pg.Client, error?: Error) => {
    if (closed || client !== current) return;
    current = null;
    records.live = false;
    records.invalidate();
    client.end().catch(() => {});
    log.warn(
      `${AUTH_CHANGED_CHANNEL}: the LISTEN connection dropped (${error?.message ?? 'ended'}); reconnecting`,
    );
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: Error) => {
        log.warn(`${AUTH_CHANGED_CHANNEL}: LISTEN failed (${error.message}); retrying`);
        schedule();
      });
    }, RETRY_MS);
  };
  async function connect() {
    const client = new pg.Client({ connectionString: url, application_name: APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel === AUTH_CHANGED_CHANNEL) records.invalidate();
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANGED_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    // Whatever changed while nobody listened is not in the cache: it starts empty.
    records.invalidate();
    records.live = true;
  }

  await connect();
  return async () => {
    closed = true;
    records.live = false;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/**
 * The cache that fits the database: LISTEN on its own connection on PostgreSQL; on PGlite, one
 * process, the embedded database's own notifications.
 */
export async function authCacheFor(handle: DatabaseHandle, log: Log = console): Promise<AuthCache> {
  const records = new TokenRecords();
  let stop: () => Promise<void>;
  if (handle.kind === 'postgres') {
    if (!handle.url) throw new Error('a PostgreSQL handle without its URL cannot LISTEN');
    stop = await listenOnPostgres(handle.url, records, log);
  } else {
    if (!handle.pglite) throw new Error('expected an embedded PGlite database');
    const unlisten = await handle.pglite.listen(AUTH_CHANGED_CHANNEL, () => records.invalidate());
    records.live = true;
    stop = async () => {
      records.live = false;
      await unlisten().catch(() => {});
    };
  }
  return {
    known: (token) => records.known(token),
    claims: (token, verify) => records.claims(token, verify),
    get: (token, read) => records.get(token, read),
    apiKey: (keyHash, read) => records.apiKey(keyHash, read),
    invalidate: () => records.invalidate(),
    get live() {
      return records.live;
    },
    close: () => stop(),
  };
}
