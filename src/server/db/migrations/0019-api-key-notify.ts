/**
 * Issue 18: a revoked key is refused on every instance at once. The authentication check keeps a
 * key's reading (the key, its creator, the creator's bits) in memory like a token's
 * (auth/auth-cache.ts), so every change that could refuse or narrow a key NOTIFYs `auth_changed`
 * in its own transaction: revoking, re-scoping or removing the key, and changing a user's roles or
 * a role's bits (a key holds no more than its creator holds now). `last_used_at` is left out: it
 * is written often and changes nothing a check reads.
 */
const notifyOn = (name: string, events: string, table: string) =>
  `create trigger ${name} after ${events} on ${table}
     for each statement execute function auth_changed_notify()`;

export const statements: readonly string[] = [
  notifyOn(
    'auth_changed_api_keys',
    'update of revoked_at, expires_at, abilities, customer_id, created_by, key_hash or delete',
    'api_keys',
  ),
  notifyOn('auth_changed_user_roles', 'insert or update or delete', 'user_roles'),
  notifyOn('auth_changed_role_permissions', 'insert or update or delete', 'role_permissions'),
];
