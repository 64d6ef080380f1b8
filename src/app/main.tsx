import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadFlaggedAreas } from './router/preload';
import { browserSessionOptions, startBrowserSession } from './session/browser';
import { fetchConfig } from './stores/ConfigStore';
import { RootStore } from './stores/RootStore';

/** Start-up (SPEC §7): read ./config/config.json, create the stores, render. */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  try {
    const config = await fetchConfig();
    const store = new RootStore(config, {
      storage: window.localStorage,
      sessionStorage: window.sessionStorage,
      reload: () => window.location.reload(),
      ...browserSessionOptions(),
    });
    // SPEC §4 session behaviour and §7 version check, public configuration, cookie consent.
    startBrowserSession(store);
    preloadFlaggedAreas(store);
    import('./session/cookie-consent')
      .then((m) => m.startCookieConsent(config))
      .catch((e) => console.error('[cookie consent]', e));
    createRoot(container).render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  } catch (e) {
    console.error(e);
    container.textContent = 'The portal could not load its configuration. Please try again later.';
  }
}

void start();
