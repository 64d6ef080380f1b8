/**
 * Which tokens of a user still count. Tokens are stateless and carry no iat (SPEC §3), so a
 * password change cannot list the user's sessions; instead it moves the user's
 * `sessions_valid_after` to the next whole second, and every call refuses a token issued before
 * it (issue time = exp − refreshTokenInterval). The session that made the change gets a token
 * issued at exactly that second, so it carries on; every other session must sign in again.
 * New sign-ins and refreshes are never issued before the mark either (issueSessionToken).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { type IssuedClaims, issuedAtOf, type TokenService } from '../auth/tokens';
import type { Database } from '../db/types';

export const SESSION_ENDED_TEXT =
  'You were signed out because the password of your account was changed. Please sign in again.';

/** Unix seconds from which the user's tokens are valid; 0 when nothing was ever revoked. */
export async function sessionsValidAfter(db: Kysely<Database> | Transaction<Database>, userId: number) {
  const row = await db
    .selectFrom('account_settings')
    .select('sessions_valid_after')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.sessions_valid_after ? Math.floor(row.sessions_valid_after.getTime() / 1000) : 0;
}

/** Whether a token's claims were issued at or after the user's sessions_valid_after. */
export const isCurrentSession = (
  claims: { exp: number; refreshTokenInterval: number },
  validAfter: Date | null,
): boolean => !validAfter || issuedAtOf(claims) * 1000 >= validAfter.getTime();

/**
 * Signs out every session of the user, inside the caller's transaction; answers the second from
 * which new tokens are valid (pass it to issueSessionToken for the session that stays).
 */
export async function endAllSessions(trx: Transaction<Database>, userId: number): Promise<number> {
  const validAfter = Math.floor(Date.now() / 1000) + 1;
  const at = new Date(validAfter * 1000);
  await trx
    .insertInto('account_settings')
    .values({ user_id: userId, sessions_valid_after: at, password_changed_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        // Never move the mark backwards (two changes in one second).
        sessions_valid_after: sql`greatest(account_settings.sessions_valid_after, excluded.sessions_valid_after)`,
        password_changed_at: sql`now()`,
      }),
    )
    .execute();
  return validAfter;
}

/** A token for the user, never issued before their sessions_valid_after. */
export async function issueSessionToken(
  db: Kysely<Database>,
  tokens: TokenService,
  claims: IssuedClaims,
  /** The session a refresh continues; a sign-in starts a new one. */
  sessionId?: string,
): Promise<{ token: string; exp: number }> {
  const validAfter = await sessionsValidAfter(db, claims.UserId);
  const now = Math.floor(Date.now() / 1000);
  return tokens.issue(claims, { issuedAt: Math.max(now, validAfter), ...(sessionId ? { sessionId } : {}) });
}
