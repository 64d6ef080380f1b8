import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySessionCookie } from '../../src/app/session/session-cookie';
import { sharedMemoryTabs } from '../../src/app/session/tab-bus';
import { StorageKeys } from '../../src/app/storage';
import { TAB_TRACKING_MS } from '../../src/domain/constants';
import { withRealServer } from '../helpers/real-server';
import { until } from '../helpers/until';
import { closeTabs, freshServer, login, openTab, SESSION_FAKE_TIMERS } from './support/session-tabs';

const real = withRealServer();

beforeEach(async () => {
  await freshServer(real.server);
  vi.useFakeTimers(SESSION_FAKE_TIMERS);
});
afterEach(async () => {
  await closeTabs();
  vi.useRealTimers();
});

/** Two tabs of one browser: one storage, one cookie jar, each hearing the other's writes. */
function twoTabs() {
  const tabs = sharedMemoryTabs();
  const cookie = memorySessionCookie(false);
  const a = openTab(real.server, tabs, { cookie });
  const b = openTab(real.server, tabs, { cookie });
  a.root.sessionBehaviour.start();
  b.root.sessionBehaviour.start();
  return { a, b, cookie };
}

describe('cross-tab mirroring (SPEC §4 Session)', () => {
  it('a sign-in in one tab signs the other in and moves it to the dashboard', async () => {
    const { a, b, cookie } = twoTabs();
    expect(b.root.session.isSignedIn).toBe(false);
    await login(a.root);
    expect(b.root.session.isSignedIn).toBe(true);
    expect(b.root.session.token).toBe(a.root.session.token);
    expect(b.root.session.expiresAt).toBe(a.root.session.expiresAt);
    await until(() => b.navigations.length > 0, { what: 'navigation' });
    expect(b.navigations).toEqual(['/app/dashboard']);
    expect(a.navigations).toEqual([]); // the login page moves the tab that signed in
    expect(cookie.isSet()).toBe(true);
    expect(b.root.sessionBehaviour.idle.state).toBe('watching');
  });

  it('a sign-out in one tab signs the other out: tokens, tab tracking and cookie cleared, dialogs closed', async () => {
    const { a, b, cookie } = twoTabs();
    await login(a.root);
    await until(() => b.navigations.length > 0, { what: 'navigation' });
    vi.advanceTimersByTime(TAB_TRACKING_MS);
    const tracked = JSON.parse(a.root.storage.getItem(StorageKeys.tabs) ?? '{}');
    expect(Object.keys(tracked)).toHaveLength(2);
    const question = b.root.dialogs.confirm();

    await a.root.signOut();

    expect(await real.server.requests('/api/auth/logout')).toHaveLength(1); // revoked once, by the tab that signed out
    await until(() => b.navigations.length > 1, { what: 'navigation' });
    expect(b.navigations.at(-1)).toBe('/login');
    expect(b.root.session.token).toBeNull();
    await expect(question).resolves.toBe(false);
    expect(a.root.storage.getItem(StorageKeys.token)).toBeNull();
    expect(a.root.storage.getItem(StorageKeys.tokenExpiresAt)).toBeNull();
    expect(a.root.storage.getItem(StorageKeys.tabs)).toBeNull();
    expect(cookie.isSet()).toBe(false);
    // Signed out, nothing writes the tab tracking again.
    vi.advanceTimersByTime(TAB_TRACKING_MS * 2);
    expect(a.root.storage.getItem(StorageKeys.tabs)).toBeNull();
  });

  it('a refresh in one tab hands the new token to the other without moving it', async () => {
    const { a, b } = twoTabs();
    await login(a.root);
    await until(() => b.navigations.length > 0, { what: 'navigation' });
    await a.root.sessionBehaviour.tokens.refresh();
    expect(b.root.session.token).toBe(a.root.session.token);
    expect(b.navigations).toEqual(['/app/dashboard']);
  });

  it('another user signing in elsewhere replaces this tab’s user without signing the new one out', async () => {
    const { a, b } = twoTabs();
    await login(a.root);
    await until(() => b.navigations.length > 0, { what: 'navigation' });
    b.root.lookups.loaded = true;
    await login(a.root, 'demo.staff');
    await until(() => b.root.session.claims?.sub === 'demo.staff', { what: 'the new user' });
    expect(b.root.lookups.loaded).toBe(false); // the first user's lookups are forgotten
    expect(a.root.storage.getItem(StorageKeys.token)).toBe(a.root.session.token);
    expect(a.root.session.isSignedIn).toBe(true);
  });

  it('a token kept from a browser session that has ended (no session cookie) is not used', async () => {
    const tabs = sharedMemoryTabs();
    const first = openTab(real.server, tabs, { cookie: memorySessionCookie(false) });
    first.root.sessionBehaviour.start();
    await login(first.root);
    await closeTabs();
    // The browser restarts: storage survives, the session cookie does not.
    const restarted = openTab(real.server, tabs, { cookie: memorySessionCookie(false) });
    expect(restarted.root.session.isSignedIn).toBe(true);
    restarted.root.sessionBehaviour.start();
    expect(restarted.root.session.isSignedIn).toBe(false);
    expect(restarted.root.storage.getItem(StorageKeys.token)).toBeNull();
  });
});
