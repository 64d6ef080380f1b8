import { reaction } from 'mobx';
import { matchRoutes } from 'react-router-dom';
import { hasAnyPermission } from '../../domain/permissions';
import { prefetchSignedInFrame } from '../layout/chakra-lazy';
import { landingAfterSignIn } from '../paths';
import { AREA_ROUTES, type AreaRoute, type Page, routeAccess } from '../routes';
import type { RootStore } from '../stores/RootStore';

const AREA_MATCHES = AREA_ROUTES.map((route) => ({ path: route.path, route }));

/** The authenticated route a location (`/app/dashboard/details/12?tab=1`, or React Router's) names, if any. */
export const areaRouteAt = (location: string | { pathname: string }): AreaRoute | undefined =>
  matchRoutes(AREA_MATCHES, location)?.[0]?.route.route;

/**
 * Issue 30 §3: the code a signed-in page needs — Chakra, the signed-in layout and `route`'s page —
 * fetched side by side, not one after another as rendering reaches each. The sign-in page asks
 * for the page it will land on while the user types; the route rules ask for the page the URL
 * names as they start (a reload, a link, the portal opened in a new tab).
 */
export function prefetchSignedInPage(route: AreaRoute | undefined): void {
  prefetchSignedInFrame();
  if (!route || prefetchedPages.has(route.page)) return;
  prefetchedPages.add(route.page);
  route.page.preload().catch(() => undefined); // the visit itself tries again and says why
}
const prefetchedPages = new Set<Page>();

/** Issue 30 §3: the code of the page signing in will land on, fetched while the user types. */
export function prefetchLanding(returnUrl: string | null): void {
  prefetchSignedInPage(areaRouteAt(landingAfterSignIn(returnUrl)));
}

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
