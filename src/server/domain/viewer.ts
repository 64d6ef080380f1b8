import type { TokenClaims } from '../../domain/claims';
import { DIRECTORY_AUTH_PROVIDER } from '../../domain/constants';
import type { PermissionSet } from '../../domain/permissions';
import type { ApiKeyAbility } from '../../domain/policies';

/** Who is calling: the verified token's claims plus what the database says of them right now. */
export interface Viewer {
  userId: number;
  userName: string;
  customerId: number | null;
  isInternal: boolean;
  permissions: PermissionSet;
  claims: TokenClaims;
  token: string;
  /**
   * Issue 18: set when the call came with `Authorization: ApiKey …`: the key acts as the user who
   * made it, narrowed to the key's abilities, and the audit trail names the key.
   */
  apiKeyId?: number;
  /** With apiKeyId: the key's abilities, which `can` (domain/policies.ts) holds every ability to. */
  apiKeyAbilities?: readonly ApiKeyAbility[];
}

/** SPEC §6: internal users are those whose AuthProvider is the directory. */
export const isInternalProvider = (authProvider: string): boolean => authProvider === DIRECTORY_AUTH_PROVIDER;
