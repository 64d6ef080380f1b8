import { type ComponentType, lazy, useState } from 'react';

/** A component loaded on demand whose code `preload` fetches ahead of its first render. */
export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * React.lazy over `load`, except that a component whose code has already arrived renders at once.
 * React.lazy suspends on its first render even when the module is here, and React holds back
 * showing what a Suspense boundary's fallback stood for until 300 ms after the fallback appeared:
 * right after sign-in, the dashboard's first rows waited 70–120 ms for that alone (issue 30 §3).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Chosen when it mounts: changing the type under a mounted page would mount it anew.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
