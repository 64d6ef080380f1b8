import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedMemoryTabs } from '../../src/app/session/tab-bus';
import { StorageKeys } from '../../src/app/storage';
import { TOKEN_CHECK_MS, TOKEN_REFRESH_LEAD_MIN } from '../../src/domain/constants';
import { type Fault, withRealServer } from '../helpers/real-server';
import { DEMO_PASSWORD } from '../helpers/test-app';
import { until } from '../helpers/until';
import {
  aLaterServerSecond,
  closeTabs,
  freshServer,
  login,
  openTab,
  SESSION_FAKE_TIMERS,
  TOKEN_MINUTES,
} from './support/session-tabs';

const real = withRealServer();
const MINUTE = 60_000;
/** What the real server cannot be made to answer on demand: a refresh failing, a deactivated status. */
const BUSY_REFRESH: Fault = {
  path: '/api/auth/refresh',
  status: 500,
  body: { statusCode: 500, error: 'Internal Server Error', message: 'The server is busy.' },
};
const NOT_ACTIVE: Fault = { path: '/api/auth/status', status: 200, body: 'NotActive' };
const calls = (prefix: string) => real.server.requests(prefix);

beforeEach(async () => {
  await freshServer(real.server);
  vi.useFakeTimers(SESSION_FAKE_TIMERS);
});
afterEach(async () => {
  await closeTabs();
  vi.useRealTimers();
});

/** A tab signed in through the login call, with the session behaviour running. */
async function signedInTab() {
  const tab = openTab(real.server, sharedMemoryTabs());
  tab.root.sessionBehaviour.start();
  await login(tab.root);
  await tab.root.sessionBehaviour.tokens.inFlight; // the status asked at sign-in
  return tab;
}

describe('token refresh and token check (SPEC §4 Session, §8, §9)', () => {
  it('refreshes refreshTokenInterval minus TOKEN_REFRESH_LEAD_MIN minutes after sign-in, not earlier', async () => {
    const { root } = await signedInTab();
    const keeper = root.sessionBehaviour.tokens;
    const first = root.session.token;
    const due = (TOKEN_MINUTES - TOKEN_REFRESH_LEAD_MIN) * MINUTE;

    vi.advanceTimersByTime(due - 1);
    expect(keeper.refreshing).toBe(false);
    expect(await calls('/api/auth/refresh')).toHaveLength(0);
    // The refreshed token is told apart from the first by its second.
    await aLaterServerSecond();

    vi.advanceTimersByTime(1);
    expect(keeper.refreshing).toBe(true);
    await keeper.inFlight;
    expect(keeper.refreshing).toBe(false);
    expect(await calls('/api/auth/refresh')).toHaveLength(1);
    expect((await calls('/api/auth/refresh'))[0]?.url).toMatch(/\?t=\d+$/);
    expect(root.session.token).not.toBe(first);
    expect(root.session.isSignedIn).toBe(true);
    // The account status is asked at sign-in and again with every refresh.
    expect(await calls('/api/auth/status')).toHaveLength(2);

    // The next refresh follows the new token: again interval − lead after it arrived.
    vi.advanceTimersByTime(due - 1);
    expect(keeper.refreshing).toBe(false);
    vi.advanceTimersByTime(1);
    expect(keeper.refreshing).toBe(true);
    await keeper.inFlight;
    expect(await calls('/api/auth/refresh')).toHaveLength(2);
  });

  it('a failed refresh clears the refreshing flag; the token check signs out once the token runs out', async () => {
    const { root, navigations } = await signedInTab();
    const keeper = root.sessionBehaviour.tokens;
    await real.server.faults([BUSY_REFRESH]);
    const token = root.session.token;
    const expiresAt = root.session.expiresAt as number;

    vi.advanceTimersByTime((TOKEN_MINUTES - TOKEN_REFRESH_LEAD_MIN) * MINUTE);
    expect(keeper.refreshing).toBe(true);
    await keeper.inFlight;
    expect(keeper.refreshing).toBe(false);
    expect(root.session.token).toBe(token);
    expect(root.messages.messages).toEqual([]); // nothing is shown

    vi.advanceTimersByTime(expiresAt - Date.now() - 1);
    expect(root.session.token).toBe(token);
    vi.advanceTimersByTime(TOKEN_CHECK_MS);
    expect(root.session.token).toBeNull();
    await until(() => navigations.length > 0, { what: 'navigation' });
    expect(navigations).toEqual(['/login']);
    // A natural expiry: the login page shows the inactivity banner.
    expect(root.storage.getItem(StorageKeys.naturalExpiry)).toBe('true');
    expect(root.storage.getItem(StorageKeys.token)).toBeNull();
  });

  it('a refresh the server refuses (401) ends the session at once', async () => {
    const { root, navigations } = await signedInTab();
    // The session ends on the server (signed out elsewhere): its refresh is refused for real.
    const ended = await real.server.call('POST', '/api/auth/logout', { token: root.session.token ?? '' });
    expect(ended.status).toBeLessThan(300);
    vi.advanceTimersByTime((TOKEN_MINUTES - TOKEN_REFRESH_LEAD_MIN) * MINUTE);
    await root.sessionBehaviour.tokens.inFlight;
    expect(root.session.token).toBeNull();
    await until(() => navigations.length > 0, { what: 'navigation' });
    expect(navigations).toEqual(['/login']);
  });

  it('signs a NotActive account out and sends it to /accountValidation (asked at sign-in)', async () => {
    await real.server.faults([NOT_ACTIVE]);
    const tab = openTab(real.server, sharedMemoryTabs());
    tab.root.sessionBehaviour.start();
    await tab.root.session.login('demo.customer', DEMO_PASSWORD, false);
    await tab.root.sessionBehaviour.tokens.inFlight;
    await until(() => tab.navigations.length > 0, { what: 'navigation' });
    expect(tab.navigations).toEqual(['/accountValidation']);
    expect(tab.root.session.isSignedIn).toBe(false);
    // Signing out revoked the token on the server.
    expect(await calls('/api/auth/logout')).toHaveLength(1);
  });

  it('asks the status again after a refresh, and a NotActive answer then signs out', async () => {
    const { root, navigations } = await signedInTab();
    await real.server.faults([NOT_ACTIVE]);
    vi.advanceTimersByTime((TOKEN_MINUTES - TOKEN_REFRESH_LEAD_MIN) * MINUTE);
    await root.sessionBehaviour.tokens.inFlight;
    await until(() => navigations.length > 0, { what: 'navigation' });
    expect(navigations).toEqual(['/accountValidation']);
    expect(root.session.token).toBeNull();
  });
});
