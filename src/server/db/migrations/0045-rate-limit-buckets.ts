/**
 * Issue 28: a token bucket per signed-in user and per API key (domain/token-bucket.ts), in the
 * database so every instance behind the balancer takes from the same bucket. One row per bucket,
 * updated in place: as many rows as users and keys that ever called, never more.
 */
export const statements: readonly string[] = [
  `create table rate_limit_buckets (
    bucket text primary key,
    tokens double precision not null,
    allowed boolean not null default true,
    refilled_at timestamptz not null default now()
  )`,
];
