import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';
import { preloadFlaggedAreas } from './router/preload';
import { browserSessionOptions, startBrowserSession } from './session/browser';
import type { AppConfig } from './stores/ConfigStore';
import { RootStore } from './stores/RootStore';

/**
 * The app proper: the stores, the API client, the router and every page. A visit that starts
 * signed out draws the sign-in page first and loads this as the user types (sign-in-first.tsx).
 */

export interface StartedApp {
  store: RootStore;
  /** The session behaviour's start-up calls answered (the version check's first, the public configuration). */
  started: Promise<void>;
}

/** The root store of this page, with the session behaviour of SPEC §4 and §7 running. */
export function createApp(config: AppConfig): StartedApp {
  const store = new RootStore(config, {
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
    reload: () => window.location.reload(),
    ...browserSessionOptions(),
  });
  // SPEC §4 session behaviour and §7 version check and public configuration.
  const started = startBrowserSession(store);
  preloadFlaggedAreas(store);
  return { store, started };
}

export function renderApp(reactRoot: Root, store: RootStore): void {
  reactRoot.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

export { prefetchLanding } from './router/preload';
