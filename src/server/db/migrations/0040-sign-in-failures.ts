/**
 * Issue 28 #3: failed sign-ins counted in a sliding window, per account and address. Each failure
 * of a known account is a row; the lock for one address and the lock everywhere both read the rows
 * of the last LOCKOUT_MINUTES, so nothing counts for ever (the old users.failed_attempts only ever
 * grew until a lock or a success, which let one address reach the lock everywhere in rounds).
 * Failures of unknown names and the per-address throttle stay in rate_limit_events.
 */
export const statements: readonly string[] = [
  `create table sign_in_failures (
    user_id integer not null references users on delete cascade,
    address text not null,
    failed_at timestamptz not null default now()
  )`,
  'create index sign_in_failures_user on sign_in_failures (user_id, failed_at)',
  // Its per-address rows move over; the column goes.
  `insert into sign_in_failures (user_id, address, failed_at)
     select split_part(bucket, ':', 3)::int, substr(bucket, length('login-fail:account-ip:' || split_part(bucket, ':', 3) || ':') + 1), occurred_at
     from rate_limit_events
     where bucket like 'login-fail:account-ip:%' and occurred_at > now() - interval '1 day'
       and split_part(bucket, ':', 3) ~ '^[0-9]+$'
       and exists (select 1 from users u where u.user_id::text = split_part(bucket, ':', 3))`,
  `delete from rate_limit_events where bucket like 'login-fail:account-ip:%'`,
  'alter table users drop column failed_attempts',
];
