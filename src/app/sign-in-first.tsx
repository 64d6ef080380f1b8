import { reaction } from 'mobx';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { APP_LOAD_FAILURE } from '../domain/messages';
import { PlainFrame } from './layout/PlainFrame';
import { LoginFormStore, type SignInService } from './pages/login/LoginFormStore';
import { SignInScreen } from './pages/login/SignInScreen';
import { LOGIN_PATH, safeReturnUrl } from './paths';
import { sendSignIn, signInBody } from './session/sign-in-request';
import type { StartedApp } from './start-app';
import { rememberedUsername, StorageKeys } from './storage';
import type { AppConfig } from './stores/ConfigStore';

/**
 * Issue 30 §3: a visit that starts signed out draws the sign-in page with React, MobX and the
 * sign-in screen alone. The app proper (start-app.tsx: the API client, the router, the session
 * behaviour, every page) loads as the user types, and takes the page over once it has a reason
 * to: the user signed in (here, or in another tab), followed a link off the sign-in page, or a new
 * build was found. Until the user types, the sign-in page asks the server nothing (D-074).
 */

type StartApp = typeof import('./start-app');

/** The hash route's path: `#/login?returnUrl=…` → `/login`; no hash → ''. */
const hashPath = (win: Window): string => win.location.hash.replace(/^#/, '').split('?')[0] ?? '';

const SIGN_IN_PATHS = new Set(['', '/', LOGIN_PATH]);

/** This visit starts on the sign-in page: no token is stored, and the URL names the root or /login. */
export function startsSignedOut(win: Window = window): boolean {
  return win.localStorage.getItem(StorageKeys.token) === null && SIGN_IN_PATHS.has(hashPath(win));
}

export function startSignInFirst(reactRoot: Root, config: AppConfig, win: Window = window): void {
  // The root route is the sign-in page for a signed-out visitor: say so in the address bar.
  if (hashPath(win) !== LOGIN_PATH) win.history.replaceState(null, '', `#${LOGIN_PATH}`);
  const returnUrl = () =>
    safeReturnUrl(new URLSearchParams(win.location.hash.split('?')[1] ?? '').get('returnUrl'));

  let app: Promise<{ start: StartApp } & StartedApp> | null = null;
  let handedOver = false;
  const loadApp = () => {
    app ??= import('./start-app').then((start) => {
      const { store, started } = start.createApp(config);
      // Signed in (here or in another tab), or a new build found: the app shows what follows.
      reaction(
        () => store.session.isSignedIn || store.sessionBehaviour.version.newVersion,
        (takeOver) => takeOver && handOver(),
        { fireImmediately: true },
      );
      return { start, store, started };
    });
    // A failed fetch is tried again on the next attempt, not remembered.
    app.catch(() => {
      app = null;
    });
    return app;
  };
  const handOver = () => {
    if (handedOver) return;
    handedOver = true;
    win.removeEventListener('hashchange', onHashChange);
    win.removeEventListener('storage', onStorage);
    loadApp()
      // Drawn at once, not as a transition: the router must be listening before anything can move
      // the URL again (a link, another tab). Signed in, its sign-in page sends it on.
      .then(({ start, store }) => start.renderApp(reactRoot, store))
      // A link followed, or another tab signed in, and the app's code is not there (a new build
      // replaced it): the page loads again, as the browser would for the link.
      .catch(() => win.location.reload());
  };
  // A link off the sign-in page (Register, Forgot Password): the app's router shows it.
  const onHashChange = () => {
    if (!SIGN_IN_PATHS.has(hashPath(win))) handOver();
  };
  // Another tab signed in before this one loaded the app: the app adopts the stored token.
  const onStorage = (e: StorageEvent) => {
    if (e.key === StorageKeys.token && e.newValue) handOver();
  };
  win.addEventListener('hashchange', onHashChange);
  win.addEventListener('storage', onStorage);

  const signIn: SignInService = {
    get rememberedUsername() {
      return rememberedUsername(win.localStorage);
    },
    async login(userName, password, remember) {
      // Sent at the click, not once the app is here: a Sign In pressed straight after an autofill
      // waits for the app's code and the answer side by side, not one after the other.
      const sent = sendSignIn(config.apiBaseUrl, signInBody(userName, password, config.applicationCode));
      sent.catch(() => undefined); // read, failure and all, by the session store below
      const app = loadApp();
      // The landing page's code beside the app's once the sign-in is on its way (it cannot be
      // queued behind it any more); a second ask is a no-op.
      app.then(({ start }) => start.prefetchLanding(returnUrl())).catch(() => undefined);
      const loaded = await app.catch((e: unknown) => {
        console.error('[sign-in] the app did not load', e);
        return null;
      });
      if (!loaded) return { kind: 'other', text: APP_LOAD_FAILURE };
      return loaded.store.session.login(userName, password, remember, sent);
    },
  };
  const form = new LoginFormStore(signIn, win.localStorage);
  // The landing page's code once the app's start-up calls have answered, not beside them: with
  // those two and the four files fetched ahead, a Sign In pressed then would find the browser's six
  // connections to the server taken (issue 30 §3: the sign-in never queued behind what is fetched
  // ahead).
  const onTyping = () => {
    loadApp()
      .then(({ start, started }) => started.then(() => start.prefetchLanding(returnUrl())))
      .catch(() => undefined); // Sign In tries again and says why
  };
  reactRoot.render(
    <StrictMode>
      <PlainFrame>
        <SignInScreen form={form} config={config} onTyping={onTyping} />
      </PlainFrame>
    </StrictMode>,
  );
}
