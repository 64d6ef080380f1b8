/**
 * Stateless HS256 tokens carrying exactly the SPEC §3 claims. Revocation (sign-out) is a table of
 * token hashes and session keys checked on every call, so any instance behind a load balancer
 * honours it. A random session id rides in the protected header (not the claims): a sign-in starts
 * a session, a refresh keeps it, and signing out ends that session's tokens — earlier, refreshed
 * — while the user's other sessions (another browser) carry on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { TokenClaims } from '../../domain/claims';
import type { Database } from '../db/types';

const ALGORITHM = 'HS256';
const SECRET_NAME = 'jwt-signing-key';

export interface TokenService {
  /**
   * Signs the claims. `issuedAt` (Unix seconds, default now) may lie a moment ahead: after a
   * password change the session that made it gets a token issued at the instant from which the
   * user's sessions are valid (see issuedAtOf).
   */
  issue(
    claims: IssuedClaims,
    options?: { issuedAt?: number; sessionId?: string },
  ): Promise<{ token: string; exp: number }>;
  /** The claims of a well-signed, unexpired token; null otherwise. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** What the caller supplies; the service adds the lifetime-derived claims. */
export type IssuedClaims = Omit<TokenClaims, 'exp' | 'refreshTokenInterval'>;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const newSessionId = () => randomBytes(12).toString('base64url');

/**
 * The session a token belongs to: the `sid` of its protected header, kept by every refresh, so a
 * sign-out can end the session's earlier and later tokens too (issue 11). '' for a token without.
 */
export function sessionIdOf(token: string): string {
  try {
    const sid = decodeProtectedHeader(token).sid;
    return typeof sid === 'string' ? sid : '';
  } catch {
    return '';
  }
}

/** The revocation row that ends a whole session (kept in revoked_tokens beside token hashes). */
export const sessionRevocationKey = (sessionId: string): string => `session:${sessionId}`;

/** What marks a token as signed out: its own hash, and its session's key when it has one. */
export const revocationKeysOf = (token: string): string[] => {
  const sid = sessionIdOf(token);
  return sid ? [tokenHash(token), sessionRevocationKey(sid)] : [tokenHash(token)];
};

/**
 * When a token was issued (Unix seconds). There is no iat claim (SPEC §3 lists the claims); the
 * lifetime is refreshTokenInterval minutes, so exp minus that lifetime is the issue time.
 */
export const issuedAtOf = (claims: Pick<TokenClaims, 'exp' | 'refreshTokenInterval'>): number =>
  claims.exp - claims.refreshTokenInterval * 60;

/** The signing key: from JWT_SECRET, or generated once and shared by every instance through the database. */
export async function loadSigningKey(db: Kysely<Database>, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

export function createTokenService(key: Uint8Array, lifetimeMinutes: number): TokenService {
  return {
    async issue(claims, options) {
      const exp = (options?.issuedAt ?? Math.floor(Date.now() / 1000)) + lifetimeMinutes * 60;
      const token = await new SignJWT({ ...claims, refreshTokenInterval: lifetimeMinutes, exp })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', sid: options?.sessionId ?? newSessionId() })
        .sign(key);
      return { token, exp };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        if (typeof payload.UserId !== 'number' || typeof payload.exp !== 'number') return null;
        return payload as unknown as TokenClaims;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}
