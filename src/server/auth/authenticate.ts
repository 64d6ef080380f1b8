/**
 * The one check of a bearer token, shared by every route (plugins/access.ts) and the real-time hub
 * (which gets its token from the WebSocket URL, where browsers cannot set headers): a well-signed,
 * unexpired token, of an account that is active now, that was not signed out, and that was issued
 * after a password change ended the user's other sessions. Issue 28: the caller's bits are what
 * their roles grant now, not what the token was issued with.
 */
import type { Kysely } from 'kysely';
import type { TokenClaims } from '../../domain/claims';
import { ACCOUNT_NOT_ACTIVE_TEXT } from '../../domain/messages';
import { ENTITIES } from '../../domain/permissions';
import type { Database } from '../db/types';
import { userPermissions } from '../domain/grants';
import { isCurrentSession, SESSION_ENDED_TEXT } from '../domain/sessions';
import { isInternalProvider, type Viewer } from '../domain/viewer';
import { accountNotActive, unauthorized } from '../errors';
import type { AuthCache, AuthRecord } from './auth-cache';
import { revocationKeysOf, type TokenService } from './tokens';

/** The token of an `Authorization: Bearer …` header; null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

/** What the check reads about a token: two queries (and none while `cache` holds it). */
async function readAuthRecord(
  db: Kysely<Database>,
  userId: number,
  token: string,
): Promise<AuthRecord | undefined> {
  // The account as it is now, whether this token was signed out, and from when the user's
  // sessions count (a password change ends the others: domain/sessions.ts).
  const account = await db
    .selectFrom('users')
    .select((eb) => [
      'users.active',
      'users.customer_id',
      'users.auth_provider',
      eb
        .exists(
          eb
            .selectFrom('revoked_tokens')
            .select('token_hash')
            .where('token_hash', 'in', revocationKeysOf(token)),
        )
        .as('revoked'),
      eb
        .selectFrom('account_settings')
        .select('account_settings.sessions_valid_after')
        .whereRef('account_settings.user_id', '=', 'users.user_id')
        .as('sessions_valid_after'),
    ])
    .where('users.user_id', '=', userId)
    .executeTakeFirst();
  return account && { ...account, permissions: await userPermissions(db, userId) };
}

/**
 * The viewer made of a cached record (issue 30): a cached record is its token's alone, and a change
 * replaces it, so its viewer stands as long as the record does. A viewer is never changed once made.
 */
const viewers = new WeakMap<AuthRecord, Viewer>();

/**
 * The caller the token names, as the database sees them now; a 401 AppError otherwise. With a
 * cache (auth-cache.ts), "now" is as of the last change any instance committed.
 */
export async function authenticate(
  db: Kysely<Database>,
  tokens: TokenService,
  token: string,
  cache?: AuthCache,
): Promise<Viewer> {
  const verify = () => tokens.verify(token);
  const claims = cache ? await cache.claims(token, verify) : await verify();
  if (!claims) throw unauthorized();
  const read = () => readAuthRecord(db, claims.UserId, token);
  const row = cache ? await cache.get(token, read) : await read();
  return viewerOf(claims, row, token, cache);
}

/**
 * Issue 30: `authenticate` with no promise, when the cache holds all it reads (the calls after a
 * token's first); null when it does not. Refuses as `authenticate` does.
 */
export function knownViewer(token: string, cache: AuthCache): Viewer | null {
  const known = cache.known(token);
  return known && viewerOf(known.claims, known.record, token, cache);
}

/** The caller of well-signed `claims` as `row` reads them now; a 401 or 403 AppError otherwise. */
function viewerOf(
  claims: TokenClaims,
  row: AuthRecord | undefined,
  token: string,
  cache: AuthCache | undefined,
): Viewer {
  if (!row || row.revoked) throw unauthorized();
  if (!isCurrentSession(claims, row.sessions_valid_after)) throw unauthorized(SESSION_ENDED_TEXT);
  if (!row.active) throw accountNotActive();
  const made = viewers.get(row);
  if (made) return made;
  // Issue 28: the bits the roles grant now, in the claims too, so nothing reads the token's older ones.
  const current = Object.fromEntries(ENTITIES.map((e) => [e, row.permissions[e] ?? 0]));
  const viewer: Viewer = {
    userId: claims.UserId,
    userName: claims.sub,
    customerId: row.customer_id,
    isInternal: isInternalProvider(row.auth_provider),
    permissions: row.permissions,
    claims: { ...claims, ...current },
    token,
  };
  if (cache) viewers.set(row, viewer);
  return viewer;
}

/**
 * Issue 11: which of these signed-in viewers' sessions have ended since they connected (signed
 * out, password changed, account deactivated), with the reason to tell each; two queries for any
 * number of viewers. The hub asks this periodically of its open connections.
 */
export async function endedSessions(
  db: Kysely<Database>,
  viewers: readonly Viewer[],
): Promise<Map<Viewer, string>> {
  const ended = new Map<Viewer, string>();
  if (viewers.length === 0) return ended;
  const revoked = new Set(
    (
      await db
        .selectFrom('revoked_tokens')
        .select('token_hash')
        .where(
          'token_hash',
          'in',
          viewers.flatMap((v) => revocationKeysOf(v.token)),
        )
        .execute()
    ).map((r) => r.token_hash),
  );
  const users = new Map(
    (
      await db
        .selectFrom('users')
        .leftJoin('account_settings', 'account_settings.user_id', 'users.user_id')
        .select(['users.user_id', 'users.active', 'account_settings.sessions_valid_after'])
        .where('users.user_id', 'in', [...new Set(viewers.map((v) => v.userId))])
        .execute()
    ).map((u) => [u.user_id, u]),
  );
  for (const viewer of viewers) {
    const user = users.get(viewer.userId);
    if (!user || revocationKeysOf(viewer.token).some((key) => revoked.has(key)))
      ended.set(viewer, 'You signed out.');
    else if (!isCurrentSession(viewer.claims, user.sessions_valid_after))
      ended.set(viewer, SESSION_ENDED_TEXT);
    else if (!user.active) ended.set(viewer, ACCOUNT_NOT_ACTIVE_TEXT);
  }
  return ended;
}
