import { type KeyValueStorage, StorageKeys } from '../storage';

/**
 * SPEC §7 says a 503 reloads the page. If the server is still down after the reload, the first
 * call would reload again, forever; so a reload within this window of the previous one is skipped.
 * The window is our choice: SPEC leaves it open.
 */
export const RELOAD_LOOP_GUARD_MS = 10_000;

/** Reloads unless a reload happened less than RELOAD_LOOP_GUARD_MS ago; returns whether it did. */
export function reloadOnce(storage: KeyValueStorage, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(StorageKeys.reloadAt) ?? 0);
  if (last && now - last < RELOAD_LOOP_GUARD_MS) return false;
  storage.setItem(StorageKeys.reloadAt, String(now));
  reload();
  return true;
}
