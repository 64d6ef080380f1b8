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
});
