import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { preloadable } from '../router/preloadable';

/** The Chakra provider, fetched when the first route or dialog under it renders (issue 15 §4). */
export const LazyChakraScope = preloadable(() => import('./ChakraScope'));

/** The signed-in layout: header, menus and the page under them. */
export const LazyAuthLayout = preloadable<object>(() =>
  import('./AuthLayout').then((m) => ({ default: m.AuthLayout })),
);

/**
 * A lazily loaded Chakra component that renders outside the Chakra routes (the message area, the
 * dialogs): it and the provider are fetched together, the first time it is shown.
 */
export function lazyWithChakra(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [Component, { default: Scope }] = await Promise.all([load(), import('./ChakraScope')]);
    return {
      default: function WithChakra() {
        return (
          <Scope>
            <Component />
          </Scope>
        );
      },
    };
  });
}

let prefetched = false;

/**
 * Fetches (and runs) Chakra and the signed-in layout ahead, once the user starts typing on the
 * sign-in page: they are needed the moment sign-in succeeds, and evaluating Chakra takes a moment
 * on a slow device. Not on the page's load, so a visit that does not sign in never fetches them.
 */
export function prefetchSignedInFrame(): void {
  if (prefetched) return;
  prefetched = true;
  // The route's own import tries again and says why.
  LazyChakraScope.preload().catch(() => undefined);
  LazyAuthLayout.preload().catch(() => undefined);
}
