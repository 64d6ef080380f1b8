/**
 * The stores of one screen (or one group of screens), made on their first use. Each is declared
 * beside its class with `pageStore`, so its code travels with its page's file and not with what
 * every page loads first (the nine that moved here were 8.6 KB gzip of `/login`, issue 30 §3), and
 * a new screen's store is not one more line in the root. The root keeps what was made; its reset
 * action resets them all (SPEC §4 Reset).
 */
import type { RootStore } from './RootStore';

export interface Resettable {
  reset(): void;
}

/** What one root has made of its page stores. */
export class PageStores {
  readonly #made = new Map<symbol, Resettable>();

  of<T extends Resettable>(key: symbol, make: () => T): T {
    let store = this.#made.get(key) as T | undefined;
    if (!store) {
      store = make();
      this.#made.set(key, store);
    }
    return store;
  }

  resetAll(): void {
    for (const store of this.#made.values()) store.reset();
  }
}

/** `store(root)` makes the store on its first call for that root and gives the same one after. */
export function pageStore<T extends Resettable>(make: (root: RootStore) => T): (root: RootStore) => T {
  const key = Symbol('page store');
  return (root) => root.pageStores.of(key, () => make(root));
}
