/** Roles and their permission bits per entity (SPEC §6: Read 1, Update 2, Create 4, Delete 8). */
import { ALL_BITS, ENTITIES, Entity, type EntityName, Permission } from '../../../domain/permissions';
import type { RolePermissionTable, RoleTable } from '../types';

export type RoleRow = Omit<RoleTable, 'role_id'> & { role_id: number };

const READ_UPDATE_CREATE = Permission.Read | Permission.Update | Permission.Create;

const grant = (entities: readonly EntityName[], bits: number) => new Map(entities.map((e) => [e, bits]));

/** role_rank: lower is more senior. */
const ROLE_DEFS: ReadonlyArray<{ role: Omit<RoleRow, 'role_id'>; bits: Map<EntityName, number> }> = [
  {
    role: { role_name: 'Customer Full', role_rank: 10, is_internal: false },
    bits: grant(
      [
        Entity.CustomerPoolBooking,
        Entity.TermLeaseBooking,
        Entity.RepositionBooking,
        Entity.PoolRedelivery,
        Entity.TermLeaseRedelivery,
      ],
      ALL_BITS,
    ),
  },
  {
    role: { role_name: 'Steamship Line', role_rank: 10, is_internal: false },
    bits: grant(
      [Entity.CustomerPoolBooking, Entity.TermLeaseBooking, Entity.TermLeaseRedelivery],
      READ_UPDATE_CREATE,
    ),
  },
  {
    role: { role_name: 'Staff Administrator', role_rank: 1, is_internal: true },
    bits: grant(ENTITIES, ALL_BITS),
  },
  {
    role: { role_name: 'Staff Read Only', role_rank: 5, is_internal: true },
    bits: grant(ENTITIES, Permission.Read),
  },
];
export const ROLE_ID = { customerFull: 1, steamshipLine: 2, staffAdmin: 3, staffReadOnly: 4 } as const;

export function buildRoles(): { roles: RoleRow[]; permissions: RolePermissionTable[] } {
  const roles = ROLE_DEFS.map((d, i) => ({ role_id: i + 1, ...d.role }));
  // One row per entity and role, 0 where nothing is granted, so every token carries every claim.
  const permissions = ROLE_DEFS.flatMap((d, i) =>
    ENTITIES.map((entity) => ({ role_id: i + 1, entity, bits: d.bits.get(entity) ?? 0 })),
  );
  return { roles, permissions };
}
