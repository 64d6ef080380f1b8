/**
 * Issue 28: calls per signed-in user and per API key, limited by a token bucket kept in the
 * database (migration 0045), so every instance takes from the same one. A bucket holds up to
 * `burst` tokens and refills at `perMinute` a minute; each call takes one, and a call that finds
 * none is refused (429) without taking any. One statement reads, refills and takes, under the
 * row's lock, so parallel calls on any instance never take a token twice.
 *
 * Issue 30: an instance takes a tenth of the burst at a time (at most LEASE_MAX; one token for a
 * small bucket, as before) and hands those out to its calls from memory. A deep bucket's lease
 * grows with the pace of its calls, to what this instance handed out in about a second, still at
 * most a tenth of the burst: a bucket is written about once a second however fast its calls come
 * (a fixed cap of 50, then 1,000, had a deep bucket — an integration's, the benches' — written
 * every 50 or 1,000 calls, the largest cost left of a signed-in call on PGlite). A call then costs
 * a database write once a lease, not once a call — the write had made a signed-in call a tenth as
 * fast as a public one, and parallel calls of one user queued on its row's lock. Nothing is ever
 * taken twice or beyond the bucket: a lease is taken whole from the row. What it costs: tokens an
 * instance holds are not there for another instance's calls, so behind a balancer a user can be
 * refused up to a lease early (docs/decisions.md, issue 30).
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

/** The most tokens one take hands an instance, unless its calls use more in LEASE_SECONDS. */
const LEASE_MAX = 1000;
/** How long a lease should last at the pace of the calls that used the one before it. */
const LEASE_SECONDS = 1;

/**
 * The tokens a take asks for: a tenth of the burst, at most LEASE_MAX or what calls at
 * `callsPerSecond` (this instance's pace on the bucket) use in LEASE_SECONDS, whichever is more.
 */
export const leaseSize = ({ burst }: TokenBucketLimit, callsPerSecond = 0): number =>
  Math.max(
    1,
    Math.min(Math.max(LEASE_MAX, Math.ceil(callsPerSecond * LEASE_SECONDS)), Math.floor(burst / 10)),
  );

/** The row after a take: the tokens left in it and how many this take was granted (0: refused). */
async function takeFromRow(
  db: Kysely<Database>,
  bucket: string,
  { burst, perMinute }: TokenBucketLimit,
  lease: number,
): Promise<{ tokens: number; granted: number }> {
  const perSecond = perMinute / 60;
  // The level now: what was left, plus what refilled since, up to the burst.
  const level = sql<number>`least(${burst}::float8, rate_limit_buckets.tokens + extract(epoch from now() - rate_limit_buckets.refilled_at)::float8 * ${perSecond}::float8)`;
  const granted = sql<number>`case when ${level} >= 1 then least(${lease}::float8, floor(${level}))::int else 0 end`;
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ bucket, tokens: burst - lease, allowed: true, taken: lease, refilled_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        tokens: sql`${level} - ${granted}`,
        allowed: sql`${level} >= 1`,
        taken: granted,
        refilled_at: sql`now()`,
      }),
    )
    .returning(['tokens', 'taken'])
    .executeTakeFirstOrThrow();
  return { tokens: Number(row.tokens), granted: Number(row.taken) };
}

const readingOf = (
  { burst, perMinute }: TokenBucketLimit,
  allowed: boolean,
  tokens: number,
): BucketReading => {
  const perSecond = perMinute / 60;
  return {
    allowed,
    limit: burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((burst - tokens) / perSecond),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
};

interface Lease {
  /** Tokens of the lease not handed out yet. */
  held: number;
  /** The row's tokens when the lease was taken. */
  rowTokens: number;
  /** Tokens the lease was granted, and when (ms): the pace its calls used them at. */
  granted: number;
  takenAt: number;
}

/** Calls a second that used up `lease` by now. */
const paceOf = (lease: Lease, now: number): number =>
  (lease.granted * 1000) / Math.max(1, now - lease.takenAt);

/** One instance's leases of the buckets its callers take from. */
export class TokenLeases {
  private readonly leases = new Map<string, Lease>();
  /** A take from the row in flight, per bucket: calls arriving meanwhile wait for it. */
  private readonly taking = new Map<string, Promise<boolean>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** A token from the lease this instance holds, with no promise; null when it holds none. */
  takeHeld(bucket: string, limit: TokenBucketLimit): BucketReading | null {
    const lease = this.leases.get(bucket);
    if (!lease || lease.held < 1) return null;
    lease.held -= 1;
    // What the caller has left: the row's tokens and what this instance still holds.
    return readingOf(limit, true, lease.rowTokens + lease.held);
  }

  async take(bucket: string, limit: TokenBucketLimit): Promise<BucketReading> {
    for (;;) {
      const held = this.takeHeld(bucket, limit);
      if (held) return held;
      const inFlight = this.taking.get(bucket);
      if (inFlight) {
        if (!(await inFlight)) return this.refused(bucket, limit);
        continue;
      }
      const take = this.takeLease(bucket, limit).finally(() => this.taking.delete(bucket));
      this.taking.set(bucket, take);
      if (!(await take)) return this.refused(bucket, limit);
    }
  }

  private async takeLease(bucket: string, limit: TokenBucketLimit): Promise<boolean> {
    const previous = this.leases.get(bucket);
    const size = leaseSize(limit, previous ? paceOf(previous, Date.now()) : 0);
    const { tokens, granted } = await takeFromRow(this.db, bucket, limit, size);
    this.leases.set(bucket, { held: granted, rowTokens: tokens, granted, takenAt: Date.now() });
    return granted > 0;
  }

  private refused(bucket: string, limit: TokenBucketLimit): BucketReading {
    return readingOf(limit, false, this.leases.get(bucket)?.rowTokens ?? 0);
  }
}
