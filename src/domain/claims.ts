import type { PermissionSet } from './permissions';

/**
 * SPEC §3 token claims: exactly these, plus one numeric permission claim per entity
 * (see permissions.ts). UserId is the numeric id; sub is the user name.
 */
export interface BaseClaims {
  UserId: number;
  UserFullName: string;
  sub: string;
  ModuleIdOwned: number;
  RoleRank: number;
  AuthProvider: string;
  ResetPassword: boolean;
  /** Minutes the token is good for; the client refreshes 2 minutes before it runs out. */
  refreshTokenInterval: number;
  exp: number;
}
export type TokenClaims = BaseClaims & PermissionSet;
