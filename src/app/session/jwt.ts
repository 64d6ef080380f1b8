import type { TokenClaims } from '../../domain/claims';

/**
 * Reads a JWT's payload. The client never verifies the signature: the server checks every call,
 * the client only needs the claims (SPEC §3) to decide what to show.
 */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True while the token's exp (seconds) lies in the future. */
export const isTokenLive = (claims: TokenClaims | null, now = Date.now()): boolean =>
  !!claims && typeof claims.exp === 'number' && claims.exp * 1000 > now;

/**
 * When a token just received runs out, by this browser's clock: refreshTokenInterval minutes from
 * now (the interval is the token's lifetime, docs/decisions.md). Judging the server's exp against
 * a PC clock that is minutes off would sign users out at once or never; so the lifetime is
 * measured locally. Without an interval the exp claim is all there is.
 */
export function localExpiry(claims: TokenClaims | null, now = Date.now()): number | null {
  if (!claims) return null;
  const minutes = claims.refreshTokenInterval;
  if (typeof minutes === 'number' && minutes > 0) return now + minutes * 60_000;
  return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
}
