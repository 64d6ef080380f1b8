/**
 * Issue 15: every change that can refuse a token — signing out (revoked_tokens), ending the user's
 * sessions (account_settings), deactivating or re-homing an account (users) — NOTIFYs
 * `auth_changed` in its own transaction, whatever code path makes it, so each instance's cache of
 * the authentication check (src/server/auth/auth-cache.ts) is emptied as it commits.
 */
const notifyOn = (name: string, events: string, table: string) =>
  `create trigger ${name} after ${events} on ${table}
     for each statement execute function auth_changed_notify()`;

export const statements: readonly string[] = [
  `create function auth_changed_notify() returns trigger language plpgsql as $$
  begin
    perform pg_notify('auth_changed', '');
    return null;
  end $$`,
  notifyOn('auth_changed_revoked_tokens', 'insert or update or delete', 'revoked_tokens'),
  notifyOn('auth_changed_account_settings', 'insert or update or delete', 'account_settings'),
  notifyOn('auth_changed_users', 'update of active, customer_id, auth_provider or delete', 'users'),
];
