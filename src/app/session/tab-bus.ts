import { type KeyValueStorage, memoryStorage } from '../storage';

/** A change another tab made to the shared storage (what a browser's `storage` event carries). */
export interface StorageChange {
  key: string;
  newValue: string | null;
}

/**
 * The storage all tabs of one browser profile share (localStorage), and news of what the other
 * tabs write to it. A tab never hears its own writes, as with the browser's `storage` event.
 */
export interface TabBus {
  readonly storage: KeyValueStorage;
  subscribe(listener: (change: StorageChange) => void): () => void;
}

/** The browser's localStorage and its `storage` event. */
export function browserTabBus(win: Window = window): TabBus {
  return {
    storage: win.localStorage,
    subscribe(listener) {
      const onStorage = (e: StorageEvent) => {
        if (e.storageArea !== win.localStorage) return;
        // key null: the whole storage was cleared (e.g. from the browser's developer tools).
        if (e.key === null) listener({ key: '', newValue: null });
        else listener({ key: e.key, newValue: e.newValue });
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
  };
}

/**
 * Several tabs over one in-memory storage: each `tab()` sees the same values and hears the
 * changes the others make, like tabs of one browser profile. One tab of it is the default where
 * no browser exists (node tests); tests of cross-tab behaviour open two.
 */
export function sharedMemoryTabs(backing: KeyValueStorage = memoryStorage()) {
  const listeners = new Set<{ tab: number; fn: (change: StorageChange) => void }>();
  let nextTab = 1;
  const notify = (from: number, key: string, newValue: string | null) => {
    for (const l of [...listeners]) if (l.tab !== from) l.fn({ key, newValue });
  };
  return {
    tab(): TabBus {
      const id = nextTab++;
      const storage: KeyValueStorage = {
        getItem: (k) => backing.getItem(k),
        setItem: (k, v) => {
          const before = backing.getItem(k);
          backing.setItem(k, v);
          if (before !== String(v)) notify(id, k, String(v));
        },
        removeItem: (k) => {
          const before = backing.getItem(k);
          backing.removeItem(k);
          if (before !== null) notify(id, k, null);
        },
      };
      return {
        storage,
        subscribe(fn) {
          const entry = { tab: id, fn };
          listeners.add(entry);
          return () => listeners.delete(entry);
        },
      };
    },
  };
}
