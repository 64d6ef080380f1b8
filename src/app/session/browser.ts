import type { RootStore, RootStoreOptions } from '../stores/RootStore';
import { browserSessionCookie } from './session-cookie';
import { browserTabBus } from './tab-bus';

/** SPEC §4 Idle: what counts as activity (mouse, key, touch, scroll). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** The root store's options that tie the session to this browser: localStorage, its events, the cookie. */
export function browserSessionOptions(
  win: Window = window,
): Pick<RootStoreOptions, 'tabs' | 'sessionCookie'> {
  return { tabs: browserTabBus(win), sessionCookie: browserSessionCookie(win.document) };
}

/**
 * Start-up in the browser: the session behaviour runs and the page's activity feeds the idle watch.
 * Resolves when the start-up calls have answered (SessionBehaviour.start).
 */
export function startBrowserSession(root: RootStore, win: Window = window): Promise<void> {
  const behaviour = root.sessionBehaviour;
  const started = behaviour.start();
  const onActivity = () => behaviour.idle.activity();
  // Capture on the window: a scroll inside any element counts too (scroll does not bubble).
  for (const type of ACTIVITY_EVENTS)
    win.addEventListener(type, onActivity, { capture: true, passive: true });
  win.addEventListener('pagehide', () => behaviour.tracking.leave());
  return started;
}
