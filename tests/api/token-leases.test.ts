/**
 * Issue 30: an instance takes a bucket's tokens a lease at a time and hands them out from memory;
 * nothing is handed out twice or beyond the bucket, across instances (each its own TokenLeases on
 * the one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { leaseSize, TokenLeases } from '../../src/server/domain/token-bucket';
import { databaseKinds, openTestDatabase } from '../helpers/database';

// No refill within a test: a token a minute.
const LIMIT = { burst: 40, perMinute: 1 };

describe.each(databaseKinds)('token leases on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const row = (bucket: string) =>
    handle.db
      .selectFrom('rate_limit_buckets')
      .select(['tokens', 'taken'])
      .where('bucket', '=', bucket)
      .executeTakeFirstOrThrow();

  it('takes a lease from the row once, then answers from memory, counting down what is left', async () => {
    const leases = new TokenLeases(handle.db);
    const lease = leaseSize(LIMIT);
    expect(lease).toBe(4);
    const readings = [];
    for (let n = 0; n < lease; n++) readings.push(await leases.take('user:lease-1', LIMIT));
    expect(readings.map((r) => r.allowed)).toEqual([true, true, true, true]);
    expect(readings.map((r) => r.remaining)).toEqual([39, 38, 37, 36]);
    // One take of the row for the four calls.
    expect(await row('user:lease-1')).toMatchObject({ taken: lease });
    expect(Math.round(Number((await row('user:lease-1')).tokens))).toBe(36);
  });

  it('hands out every token once and no more, however many calls race on two instances', async () => {
    const a = new TokenLeases(handle.db);
    const b = new TokenLeases(handle.db);
    const calls = Array.from({ length: 120 }, (_, n) => (n % 2 === 0 ? a : b).take('user:lease-2', LIMIT));
    const allowed = (await Promise.all(calls)).filter((r) => r.allowed).length;
    // The bucket's 40, less what an instance may still hold of its last lease when its calls end.
    expect(allowed).toBeLessThanOrEqual(LIMIT.burst);
    expect(allowed).toBeGreaterThanOrEqual(LIMIT.burst - 2 * (leaseSize(LIMIT) - 1));
    expect(Number((await row('user:lease-2')).tokens)).toBeLessThan(1);
    // Whatever an instance still holds it hands out; then both refuse.
    let more = 0;
    for (const instance of [a, b]) while ((await instance.take('user:lease-2', LIMIT)).allowed) more++;
    expect(allowed + more).toBe(LIMIT.burst);
  });

  it('sizes a deep bucket’s lease to what the calls before it used in about a second, never past a tenth', async () => {
    expect(leaseSize({ burst: 100_000_000, perMinute: 1 })).toBe(1000);
    expect(leaseSize({ burst: 100_000_000, perMinute: 1 }, 36_000.5)).toBe(36_001);
    expect(leaseSize({ burst: 100_000, perMinute: 1 }, 36_000)).toBe(10_000);
    expect(leaseSize(LIMIT, 36_000)).toBe(4);
    const deep = { burst: 1_000_000, perMinute: 1 };
    const leases = new TokenLeases(handle.db);
    const realNow = Date.now;
    let now = realNow();
    Date.now = () => now;
    try {
      // A thousand calls within a millisecond: the next lease is as large as a tenth allows.
      for (let n = 0; n < 1001; n++) await leases.take('user:lease-3', deep);
      expect(await row('user:lease-3')).toMatchObject({ taken: deep.burst / 10 });
      // That lease used up over 200 s (500 calls a second): the next one is the usual thousand.
      for (let n = 0; n < deep.burst / 10 - 1; n++) await leases.take('user:lease-3', deep);
      now += 200_000;
      await leases.take('user:lease-3', deep);
      expect(await row('user:lease-3')).toMatchObject({ taken: 1000 });
    } finally {
      Date.now = realNow;
    }
  });
});
