/**
 * Issue 30: an instance takes a bucket's tokens a lease at a time (domain/token-bucket.ts), not
 * one a call: the row says how many the last take was granted.
 */
export const statements: readonly string[] = [
  'alter table rate_limit_buckets add column taken integer not null default 1',
];
