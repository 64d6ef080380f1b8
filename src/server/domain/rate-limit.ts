/**
 * Rate limits kept in the database, so every instance behind a load balancer counts the same
 * attempts. An attempt is recorded first and then counted, so parallel attempts can only be
 * refused too early, never let through beyond the limit. Refused attempts count too: whoever
 * keeps hammering stays limited until they pause for the whole window.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import { AppError } from '../errors';

export interface RateLimit {
  /** What is counted, e.g. `recover:ip-account:127.0.0.1:demo.customer`. */
  bucket: string;
  /** Attempts allowed within the window. */
  limit: number;
}

/** Records one attempt in each bucket; throws a 429 with `message` when any is over its limit. */
export async function takeRateLimit(
  db: Kysely<Database>,
  limits: readonly RateLimit[],
  windowMinutes: number,
  message: string,
): Promise<void> {
  const buckets = limits.map((l) => l.bucket);
  await db
    .insertInto('rate_limit_events')
    .values(buckets.map((bucket) => ({ bucket })))
    .execute();
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const counts = await db
    .selectFrom('rate_limit_events')
    .select(['bucket', (eb) => eb.fn.countAll().as('n')])
    .where('bucket', 'in', buckets)
    .where('occurred_at', '>', since)
    .groupBy('bucket')
    .execute();
  // Old events only slow the counts down; a day is longer than any window we use.
  await db
    .deleteFrom('rate_limit_events')
    .where('occurred_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  const over = limits.some((l) => Number(counts.find((c) => c.bucket === l.bucket)?.n ?? 0) > l.limit);
  if (over) throw new AppError(429, message, 'RATE_LIMITED');
}
