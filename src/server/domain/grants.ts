/**
 * What roles grant (SPEC §6), read as the database says now: a user's bits, and (issue 28) what a
 * company's own people hold together, which bounds every API key made for the company.
 */
import type { Kysely } from 'kysely';
import { ENTITIES, type PermissionSet } from '../../domain/permissions';
import type { Database } from '../db/types';

/** Every entity's bits (0 where none) out of role grants: a grant of any role adds its bits. */
function permissionsOf(grants: readonly { entity: string; bits: number }[]): PermissionSet {
  const permissions: PermissionSet = {};
  for (const entity of ENTITIES) permissions[entity] = 0;
  for (const g of grants) {
    if ((ENTITIES as readonly string[]).includes(g.entity)) {
      const entity = g.entity as keyof PermissionSet;
      permissions[entity] = (permissions[entity] ?? 0) | g.bits;
    }
  }
  return permissions;
}

/** A user's bits as their roles grant them now (SPEC §6). */
export async function userPermissions(db: Kysely<Database>, userId: number): Promise<PermissionSet> {
  const grants = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select(['role_permissions.entity', 'role_permissions.bits'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  return permissionsOf(grants);
}

/**
 * Issue 28: what a company's own people may do — the bits any active user of the company holds
 * now. A key made for the company (by staff, too) never holds more (docs/integrations.md).
 */
export async function companyPermissions(db: Kysely<Database>, customerId: number): Promise<PermissionSet> {
  const grants = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.user_id')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select(['role_permissions.entity', 'role_permissions.bits'])
    .where('users.customer_id', '=', customerId)
    .where('users.active', '=', true)
    .execute();
  return permissionsOf(grants);
}
