import { reaction } from 'mobx';
import { hasAnyPermission } from '../../domain/permissions';
import { AREA_ROUTES, routeAccess } from '../routes';
import type { RootStore } from '../stores/RootStore';

/**
 * Issue 30 §3: the page a sign-in lands on is fetched while the user types (beside Chakra and the
 * layout: layout/chakra-lazy.tsx), so its first rows wait for their data only. A route's own path
 * only: a return URL with an id in it fetches nothing ahead.
 */
export function prefetchLandingPage(path: string): void {
  if (prefetchedPages.has(path)) return;
  prefetchedPages.add(path);
  AREA_ROUTES.find((route) => route.path === path)
    ?.page.preload()
    .catch(() => undefined); // the visit itself tries again and says why
}
const prefetchedPages = new Set<string>();

/** The first signed-in page loads first; the flagged areas are fetched after this. */
export const PRELOAD_AFTER_SIGN_IN_MS = 3_000;

/**
 * SPEC §2 "Some are preloaded when flagged": once signed in, the code of the routes flagged
 * `preload` that the user may open is fetched while the browser is idle — never on the sign-in
 * page itself, whose download stays small (issue 15). Returns the disposer.
 */
export function preloadFlaggedAreas(root: RootStore): () => void {
  return reaction(
    () => root.session.isSignedIn,
    (signedIn) => {
      if (!signedIn) return;
      const permissions = root.session.permissions;
      const fetchThem = () => {
        for (const route of AREA_ROUTES)
          if (route.preload && hasAnyPermission(permissions, routeAccess(route)))
            route.page.preload().catch(() => undefined); // the visit itself tries again and says why
      };
      // Importing a page also runs its module (the flow pages build their catalog): only once the
      // first signed-in page has had its turn and the browser is idle, never in its way.
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchThem);
        else fetchThem();
      }, PRELOAD_AFTER_SIGN_IN_MS);
    },
    { fireImmediately: true },
  );
}
