import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedMemoryTabs } from '../../src/app/session/tab-bus';
import { StorageKeys } from '../../src/app/storage';
import {
  IDLE_BEFORE_WARNING_S,
  TAB_TRACKING_MS,
  WARNING_COUNTDOWN_S,
  WATCH_RESTART_MS,
} from '../../src/domain/constants';
import { withRealServer } from '../helpers/real-server';
import { until } from '../helpers/until';
import { closeTabs, freshServer, login, openTab, SESSION_FAKE_TIMERS } from './support/session-tabs';

// Long-lived tokens, so the idle tests are about idleness only (refresh has its own tests).
const real = withRealServer({ env: { TOKEN_LIFETIME_MINUTES: '600' } });
const IDLE_MS = IDLE_BEFORE_WARNING_S * 1000;
const COUNTDOWN_MS = WARNING_COUNTDOWN_S * 1000;

beforeEach(async () => {
  await freshServer(real.server);
  vi.useFakeTimers(SESSION_FAKE_TIMERS);
});
afterEach(async () => {
  await closeTabs();
  vi.useRealTimers();
});

async function signIn(tab: ReturnType<typeof openTab>) {
  tab.root.sessionBehaviour.start();
  await login(tab.root);
  await tab.root.sessionBehaviour.tokens.inFlight;
  return tab;
}
const newTab = (tabs = sharedMemoryTabs()) => openTab(real.server, tabs);

describe('idle watch and session warning (SPEC §4 Idle, §9)', () => {
  it('warns after IDLE_BEFORE_WARNING_S without activity and sets the natural-expiry flag false', async () => {
    const { root } = await signIn(newTab());
    const idle = root.sessionBehaviour.idle;
    root.storage.setItem(StorageKeys.naturalExpiry, 'true'); // left over from an earlier expiry
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(idle.state).toBe('watching');
    vi.advanceTimersByTime(1);
    expect(idle.state).toBe('warning');
    expect(idle.secondsLeft).toBe(WARNING_COUNTDOWN_S);
    expect(root.storage.getItem(StorageKeys.naturalExpiry)).toBe('false');
  });

  it('activity postpones the warning to IDLE_BEFORE_WARNING_S after the last activity', async () => {
    const { root } = await signIn(newTab());
    const idle = root.sessionBehaviour.idle;
    vi.advanceTimersByTime(IDLE_MS / 2);
    idle.activity();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(idle.state).toBe('watching');
    vi.advanceTimersByTime(1);
    expect(idle.state).toBe('warning');
  });

  it('the progress counts the seconds down; Yes resumes the watch WATCH_RESTART_MS later', async () => {
    const { root } = await signIn(newTab());
    const idle = root.sessionBehaviour.idle;
    vi.advanceTimersByTime(IDLE_MS);
    vi.advanceTimersByTime(10_000);
    expect(idle.secondsLeft).toBe(WARNING_COUNTDOWN_S - 10);

    idle.yes();
    expect(idle.state).toBe('restarting');
    vi.advanceTimersByTime(WATCH_RESTART_MS - 1);
    expect(idle.state).toBe('restarting');
    vi.advanceTimersByTime(1);
    expect(idle.state).toBe('watching');
    // The countdown that was running is gone: the session outlives it.
    vi.advanceTimersByTime(COUNTDOWN_MS);
    expect(root.session.isSignedIn).toBe(true);
    // A full idle period after the restart, the warning comes again.
    vi.advanceTimersByTime(IDLE_MS - COUNTDOWN_MS - 1);
    expect(idle.state).toBe('watching');
    vi.advanceTimersByTime(1);
    expect(idle.state).toBe('warning');
  });

  it('No signs the user out (the token is revoked) and goes to /login', async () => {
    const { root, navigations } = await signIn(newTab());
    vi.advanceTimersByTime(IDLE_MS);
    root.sessionBehaviour.idle.no();
    await until(() => navigations.length > 0, { what: 'navigation' });
    expect(navigations).toEqual(['/login']);
    expect(root.session.token).toBeNull();
    expect(await real.server.requests('/api/auth/logout')).toHaveLength(1);
    expect(root.storage.getItem(StorageKeys.naturalExpiry)).toBe('false');
  });

  it('when the countdown ends: dialogs close, the flag is set true, and every tab is signed out', async () => {
    const tabs = sharedMemoryTabs();
    const a = await signIn(newTab(tabs));
    const b = newTab(tabs);
    b.root.sessionBehaviour.start();
    expect(b.root.session.isSignedIn).toBe(true);
    const confirmation = a.root.dialogs.confirm({ message: 'Discard?' });

    vi.advanceTimersByTime(IDLE_MS);
    expect(a.root.sessionBehaviour.idle.state).toBe('warning');
    vi.advanceTimersByTime(COUNTDOWN_MS - 1);
    expect(a.root.session.isSignedIn).toBe(true);
    vi.advanceTimersByTime(1);

    await expect(confirmation).resolves.toBe(false);
    expect(a.root.dialogs.current).toBeNull();
    expect(a.root.storage.getItem(StorageKeys.naturalExpiry)).toBe('true');
    await until(() => a.navigations.length > 0 && b.navigations.length > 0, { what: 'both tabs to move' });
    expect(a.navigations).toEqual(['/login']);
    expect(b.navigations).toEqual(['/login']);
    expect(a.root.session.token).toBeNull();
    expect(b.root.session.token).toBeNull();
    expect(b.root.sessionBehaviour.idle.state).toBe('off');
  });

  it('activity in another tab keeps this tab from warning (tab tracking)', async () => {
    const tabs = sharedMemoryTabs();
    const a = await signIn(newTab(tabs));
    const b = newTab(tabs);
    b.root.sessionBehaviour.start();
    // The user works in tab b until just before a's idle time is up.
    vi.advanceTimersByTime(IDLE_MS - TAB_TRACKING_MS * 2);
    b.root.sessionBehaviour.idle.activity();
    vi.advanceTimersByTime(TAB_TRACKING_MS * 2);
    expect(a.root.sessionBehaviour.idle.state).toBe('watching');
    expect(a.root.sessionBehaviour.idle.idleMs()).toBeLessThan(IDLE_MS);
  });

  it('Yes in one tab ends the warning in the other', async () => {
    const tabs = sharedMemoryTabs();
    const a = await signIn(newTab(tabs));
    const b = newTab(tabs);
    b.root.sessionBehaviour.start();
    vi.advanceTimersByTime(IDLE_MS);
    expect(a.root.sessionBehaviour.idle.state).toBe('warning');
    expect(b.root.sessionBehaviour.idle.state).toBe('warning');
    vi.advanceTimersByTime(5000);
    b.root.sessionBehaviour.idle.yes();
    vi.advanceTimersByTime(1000);
    expect(a.root.sessionBehaviour.idle.state).toBe('watching');
    vi.advanceTimersByTime(COUNTDOWN_MS);
    expect(a.root.session.isSignedIn).toBe(true);
  });
});
