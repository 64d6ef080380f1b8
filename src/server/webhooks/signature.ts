/**
 * Issue 18: the X-Signature header of a webhook delivery, `t=<unix seconds>,v1=<hex>`, where v1 is
 * HMAC-SHA256, keyed with the subscription's secret, of `<t>.<body>` (the exact bytes sent). The
 * timestamp inside the signed text lets a receiver refuse a replayed delivery (docs/integrations.md
 * has the receiver's snippet; this module is the same check in TypeScript).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new subscription's secret: 32 random bytes, prefixed so a leaked one is recognisable. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret`, no older than `toleranceSeconds` (a receiver's
 * check; the tests use it as their receiver).
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
