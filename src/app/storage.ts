import { STORAGE_PREFIX } from '../domain/constants';

/** SPEC §9: everything the portal keeps in browser storage carries the 'brr' prefix. */
export const storageKey = (name: string): string => `${STORAGE_PREFIX}.${name}`;

/** The keys the client uses, named once so no store re-types them. */
export const StorageKeys = {
  token: storageKey('token'),
  rememberedUsername: storageKey('rememberedUsername'),
  /** SPEC §4 Idle: set when the last sign-out was a natural session expiry. */
  naturalExpiry: storageKey('naturalExpiry'),
  /** sessionStorage: when the api client last reloaded the page for a 503. */
  reloadAt: storageKey('reloadAt'),
  /** When the stored token runs out by this browser's clock (ms), written just before the token. */
  tokenExpiresAt: storageKey('tokenExpiresAt'),
  /** SPEC §4 tab tracking: each open tab's heartbeat and last activity, written every 3 s. */
  tabs: storageKey('tabs'),
  /** SPEC §7: the public UI configuration, stored locally with the time it was fetched. */
  publicConfig: storageKey('publicConfig'),
} as const;

/** SPEC §9: the username Remember Username kept, or ''. */
export const rememberedUsername = (storage: KeyValueStorage): string =>
  storage.getItem(StorageKeys.rememberedUsername) ?? '';

/** The part of the Web Storage API the stores use; tests pass a Map-backed stand-in. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A storage that keeps values in memory: used where no browser storage exists (node tests). */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => {
      values.set(k, String(v));
    },
    removeItem: (k) => {
      values.delete(k);
    },
  };
}
