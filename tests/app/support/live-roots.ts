import type { RootStore } from '../../../src/app/stores/RootStore';

/**
 * The root stores a test file made (buildRootStore). After the file's last test they are reset
 * (tests/setup/dom.ts): a signed-in root keeps loading lookups in the background and asks again
 * 2, 10 and 30 s after a failure — after the file's server has stopped, such a retry would log
 * into a worker already torn down (vitest: "Closing rpc while onUserConsoleLog was pending").
 */
const roots = new Set<RootStore>();

export function trackRoot(root: RootStore): RootStore {
  roots.add(root);
  return root;
}

/** Stops every tracked root's background lookups and retries (their reset bumps a generation). */
export function resetTrackedRoots(): void {
  for (const root of roots) root.lookups.reset();
  roots.clear();
}
