import type { TokenClaims } from '../../domain/claims';
import { DIRECTORY_AUTH_PROVIDER } from '../../domain/constants';
import type { PermissionSet } from '../../domain/permissions';

/** Who is calling: the verified token's claims plus what the database says of them right now. */
export interface Viewer {
  userId: number;
  userName: string;
  customerId: number | null;
  isInternal: boolean;
  permissions: PermissionSet;
  claims: TokenClaims;
  token: string;
}

/** SPEC §6: internal users are those whose AuthProvider is the directory. */
export const isInternalProvider = (authProvider: string): boolean => authProvider === DIRECTORY_AUTH_PROVIDER;
