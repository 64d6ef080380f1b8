/**
 * Issue 28: every call of a signed-in user, and every call of an API key, takes a token from its
 * bucket (domain/token-bucket.ts; RATE_LIMIT_* in the README, docs/integrations.md "Rate limits").
 * Each answer says where the caller stands (RateLimit-Limit, -Remaining, -Reset, -Policy); a call
 * that finds the bucket empty is a 429 with Retry-After. A key's calls count for the key, not for
 * the person who made it: a busy integration does not slow its maker's screens down.
 */
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../config';
import type { Database } from '../db/types';
import { type BucketReading, TokenLeases } from '../domain/token-bucket';
import type { Viewer } from '../domain/viewer';
import { AppError } from '../errors';

export const RATE_LIMITED_TEXT = (seconds: number, what: string) =>
  `Too many calls from ${what} in a short time. Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`;

export interface CallLimiter {
  /** Takes the viewer's call from its bucket; a 429 AppError when the bucket is empty. */
  take(viewer: Viewer, reply: FastifyReply): Promise<void>;
  /** Issue 30: `take` with no promise, when this instance holds a lease of the bucket; else false. */
  takeHeld(viewer: Viewer, reply: FastifyReply): boolean;
}

export function createCallLimiter(db: Kysely<Database>, limits: RateLimits): CallLimiter {
  const leases = new TokenLeases(db);
  const policy = (limit: RateLimits['user']) =>
    `${limit.burst};w=${Math.round((60 * limit.burst) / limit.perMinute)}`;
  const policies = { user: policy(limits.user), apiKey: policy(limits.apiKey) };
  const bucketOf = (viewer: Viewer) =>
    viewer.apiKeyId !== undefined ? `key:${viewer.apiKeyId}` : `user:${viewer.userId}`;
  const kindOf = (viewer: Viewer) => (viewer.apiKeyId !== undefined ? 'apiKey' : 'user');

  function answer(reply: FastifyReply, viewer: Viewer, reading: BucketReading): void {
    reply.header('ratelimit-limit', String(reading.limit));
    reply.header('ratelimit-remaining', String(reading.remaining));
    reply.header('ratelimit-reset', String(reading.resetSeconds));
    reply.header('ratelimit-policy', policies[kindOf(viewer)]);
    if (reading.allowed) return;
    const byKey = kindOf(viewer) === 'apiKey';
    reply.header('retry-after', String(reading.retryAfterSeconds));
    throw new AppError(
      429,
      RATE_LIMITED_TEXT(reading.retryAfterSeconds, byKey ? 'this API key' : 'your account'),
      'RATE_LIMITED',
    );
  }

  return {
    async take(viewer, reply) {
      answer(reply, viewer, await leases.take(bucketOf(viewer), limits[kindOf(viewer)]));
    },
    takeHeld(viewer, reply) {
      const reading = leases.takeHeld(bucketOf(viewer), limits[kindOf(viewer)]);
      if (reading) answer(reply, viewer, reading);
      return reading !== null;
    },
  };
}
