import { createRoot } from 'react-dom/client';
import { PORTAL_START_FAILURE } from '../domain/messages';
import { startSignInFirst, startsSignedOut } from './sign-in-first';
import { fetchConfig } from './stores/ConfigStore';

/**
 * Start-up (SPEC §7): read ./config/config.json, create the stores, render. A visit that starts
 * signed out draws the sign-in page before the app has loaded (issue 30 §3, sign-in-first.tsx).
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const signInFirst = startsSignedOut();
  // Side by side with the configuration, not after it.
  const startApp = signInFirst ? null : import('./start-app');
  try {
    const config = await fetchConfig();
    import('./session/cookie-consent')
      .then((m) => m.startCookieConsent(config))
      .catch((e) => console.error('[cookie consent]', e));
    const reactRoot = createRoot(container);
    if (startApp) {
      const app = await startApp;
      app.renderApp(reactRoot, app.createApp(config).store);
    } else startSignInFirst(reactRoot, config);
  } catch (e) {
    console.error(e);
    // No theme has loaded: a plain paragraph, announced, off the window's edge.
    const failure = document.createElement('p');
    failure.setAttribute('role', 'alert');
    failure.textContent = PORTAL_START_FAILURE;
    Object.assign(failure.style, { margin: '1.5rem 1rem', fontFamily: 'system-ui, sans-serif' });
    container.replaceChildren(failure);
  }
}

void start();
