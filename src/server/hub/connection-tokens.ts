/**
 * Connection tokens: what negotiate hands out and the WebSocket request must bring back as `id`.
 * They are signed rather than remembered, so the WebSocket may land on another instance than the
 * negotiate did (no sticky sessions behind the load balancer), and they are short-lived and
 * single-use on the instance that accepts them. A token is bound to the user who negotiated.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CONNECTION_TOKEN_LIFETIME_MS = 30_000;

export interface ConnectionTokens {
  issue(userId: number): { connectionId: string; connectionToken: string };
  /** The connection id of a valid, unexpired, unused token of this user; null otherwise. */
  redeem(connectionToken: string, userId: number): string | null;
}

/** `signingKey` is the token signing key; a key of its own is derived so neither token passes as the other. */
export function createConnectionTokens(
  signingKey: Uint8Array,
  lifetimeMs = CONNECTION_TOKEN_LIFETIME_MS,
  now: () => number = Date.now,
): ConnectionTokens {
  const key = createHmac('sha256', signingKey).update('signalr-connection-token').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const used = new Map<string, number>();

  const forgetExpired = () => {
    const t = now();
    for (const [id, expiresAt] of used) if (expiresAt < t) used.delete(id);
  };

  return {
    issue(userId) {
      const connectionId = randomBytes(16).toString('base64url');
      const body = `${connectionId}.${userId}.${now() + lifetimeMs}`;
      return { connectionId, connectionToken: `${body}.${mac(body)}` };
    },
    redeem(connectionToken, userId) {
      const parts = connectionToken.split('.');
      if (parts.length !== 4) return null;
      const [connectionId, user, expires, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${connectionId}.${user}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = Number(expires);
      if (Number(user) !== userId || !(expiresAt >= now())) return null;
      forgetExpired();
      if (used.has(connectionId)) return null;
      used.set(connectionId, expiresAt);
      return connectionId;
    },
  };
}
