/**
 * Issue 28: calls per signed-in user and per API key, limited by a token bucket kept in the
 * database (migration 0045), so every instance takes from the same one. A bucket holds up to
 * `burst` tokens and refills at `perMinute` a minute; each call takes one, and a call that finds
 * none is refused (429) without taking any. One statement reads, refills and takes, under the
 * row's lock, so parallel calls on any instance never take a token twice.
 */
import { type Kysely, sql } from 'kysely';
import type { TokenBucketLimit } from '../config';
import type { Database } from '../db/types';

/** What a call learnt of its bucket: whether it may go on, and what the RateLimit-* headers say. */
export interface BucketReading {
  allowed: boolean;
  limit: number;
  /** Whole tokens left after this call. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next token, when refused. */
  retryAfterSeconds: number;
}

export async function takeToken(
  db: Kysely<Database>,
  bucket: string,
  { burst, perMinute }: TokenBucketLimit,
): Promise<BucketReading> {
  const perSecond = perMinute / 60;
  // The level now: what was left, plus what refilled since, up to the burst.
  const level = sql<number>`least(${burst}::float8, rate_limit_buckets.tokens + extract(epoch from now() - rate_limit_buckets.refilled_at)::float8 * ${perSecond}::float8)`;
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ bucket, tokens: burst - 1, allowed: true, refilled_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        tokens: sql`case when ${level} >= 1 then ${level} - 1 else ${level} end`,
        allowed: sql`${level} >= 1`,
        refilled_at: sql`now()`,
      }),
    )
    .returning(['tokens', 'allowed'])
    .executeTakeFirstOrThrow();
  const tokens = Number(row.tokens);
  return {
    allowed: row.allowed,
    limit: burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((burst - tokens) / perSecond),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}
