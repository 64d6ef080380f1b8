import { type KeyValueStorage, memoryStorage, StorageKeys } from '../../../src/app/storage';
import type { AppConfig } from '../../../src/app/stores/ConfigStore';
import { RootStore } from '../../../src/app/stores/RootStore';
import { DIRECTORY_AUTH_PROVIDER, LOCAL_AUTH_PROVIDER } from '../../../src/domain/constants';
import { ALL_BITS, ENTITIES, Entity, Permission, type PermissionSet } from '../../../src/domain/permissions';
import { trackRoot } from './live-roots';

export const testConfig: AppConfig = {
  apiBaseUrl: '/api',
  applicationCode: 'BRR',
  environment: 'test',
  customerSupportPhone: '1-800-555-0100',
  roadServicePhone: '1-800-555-0199',
  customerServiceUrl: 'https://example.test/customer-service',
  appStoreUrl: 'https://example.test/app-store',
  playStoreUrl: 'https://example.test/play-store',
  privacyUrl: 'https://example.test/privacy',
  termsUrl: 'https://example.test/terms',
  doNotSellUrl: 'https://example.test/do-not-sell',
  securityAppUrl: 'https://example.test/security',
  ebmAppUrl: 'https://example.test/ebm',
};

const RUCD = ALL_BITS;
const RUC = Permission.Read | Permission.Update | Permission.Create;
const every = (bits: number): PermissionSet => Object.fromEntries(ENTITIES.map((e) => [e, bits]));

/** The demo users' permission sets as the server contract describes them. */
export const demoUsers = {
  'demo.customer': {
    internal: false,
    fullName: 'Casey Customer',
    permissions: {
      [Entity.CustomerPoolBooking]: RUCD,
      [Entity.TermLeaseBooking]: RUCD,
      [Entity.RepositionBooking]: RUCD,
      [Entity.PoolRedelivery]: RUCD,
      [Entity.TermLeaseRedelivery]: RUCD,
    } as PermissionSet,
  },
  'demo.ssl': {
    internal: false,
    fullName: 'Sam Steamship',
    permissions: {
      [Entity.CustomerPoolBooking]: RUC,
      [Entity.TermLeaseBooking]: RUC,
      [Entity.TermLeaseRedelivery]: RUC,
    } as PermissionSet,
  },
  'demo.staff': { internal: true, fullName: 'Dana Staff', permissions: every(15) },
  'demo.readonly': { internal: true, fullName: 'Riley Readonly', permissions: every(Permission.Read) },
  'demo.suspended': {
    internal: false,
    fullName: 'Sue Suspended',
    permissions: {
      [Entity.CustomerPoolBooking]: RUCD,
      [Entity.TermLeaseBooking]: RUCD,
      [Entity.RepositionBooking]: RUCD,
      [Entity.PoolRedelivery]: RUCD,
      [Entity.TermLeaseRedelivery]: RUCD,
    } as PermissionSet,
  },
} as const;
export type DemoUser = keyof typeof demoUsers;

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** An unsigned JWT carrying the claims: the client reads claims and never verifies (SPEC §3). */
export function buildToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    UserId: 42,
    UserFullName: 'Test User',
    sub: 'test.user',
    ModuleIdOwned: 1,
    RoleRank: 1,
    AuthProvider: LOCAL_AUTH_PROVIDER,
    ResetPassword: false,
    refreshTokenInterval: 30,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;
}

export function tokenFor(user: DemoUser, extra: Record<string, unknown> = {}): string {
  const u = demoUsers[user];
  return buildToken({
    sub: user,
    UserFullName: u.fullName,
    AuthProvider: u.internal ? DIRECTORY_AUTH_PROVIDER : LOCAL_AUTH_PROVIDER,
    ...u.permissions,
    ...extra,
  });
}

/** A root store whose storage already holds the token (signed in), or none (signed out). */
export function buildRootStore(
  options: { token?: string; apiBaseUrl?: string; storage?: KeyValueStorage } = {},
): RootStore {
  const storage = options.storage ?? memoryStorage();
  if (options.token) storage.setItem(StorageKeys.token, options.token);
  return trackRoot(
    new RootStore({ ...testConfig, apiBaseUrl: options.apiBaseUrl ?? testConfig.apiBaseUrl }, { storage }),
  );
}
