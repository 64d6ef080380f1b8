/**
 * Browser tabs for the session tests (token refresh, idle watch, cross-tab mirroring, version
 * check): root stores over shared storage talking to the real server (tests/helpers/real-server.ts,
 * a process of its own, so it keeps real time while the tests fake the tabs' timers and clock).
 */
import { expect } from 'vitest';
import type { SessionCookie } from '../../../src/app/session/session-cookie';
import type { sharedMemoryTabs } from '../../../src/app/session/tab-bus';
import { RootStore } from '../../../src/app/stores/RootStore';
import type { RealServer } from '../../helpers/real-server';
import { DEMO_PASSWORD } from '../../helpers/test-app';
import { until } from '../../helpers/until';
import { testConfig } from './fixtures';

/** Fake timers for the session's setTimeout/setInterval/Date only; I/O and setImmediate stay real. */
export const SESSION_FAKE_TIMERS: {
  toFake: ('setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date')[];
} = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

/** The minutes a token is good for unless a test starts its server with another TOKEN_LIFETIME_MINUTES. */
export const TOKEN_MINUTES = 20;

const opened: RootStore[] = [];
let inFlight = 0;

/** Stops every tab's timers and waits for the calls under way (afterEach): none outlives its test. */
export async function closeTabs(): Promise<void> {
  for (const root of opened.splice(0)) root.sessionBehaviour.stop();
  await until(() => inFlight === 0, { what: 'the calls under way', timeoutMs: 10_000 });
}

/** Before each test: no fault left from the last one, and only this test's requests on record. */
export async function freshServer(server: RealServer): Promise<void> {
  await server.faults([]);
  await server.forgetRequests();
}

/** A tab: a root store over shared storage, with its navigations and reloads recorded. */
export function openTab(
  server: RealServer,
  tabs: ReturnType<typeof sharedMemoryTabs>,
  options: { cookie?: SessionCookie } = {},
) {
  const navigations: string[] = [];
  let reloads = 0;
  const root = new RootStore(
    { ...testConfig, apiBaseUrl: `${server.url}/api` },
    { tabs: tabs.tab(), sessionCookie: options.cookie, reload: () => reloads++ },
  );
  root.sessionBehaviour.attachNavigator((path) => navigations.push(path));
  opened.push(root);
  root.api.interceptors.request.use((config) => {
    inFlight++;
    return config;
  });
  root.api.interceptors.response.use(
    (res) => {
      inFlight--;
      return res;
    },
    (e) => {
      inFlight--;
      return Promise.reject(e);
    },
  );
  return {
    root,
    navigations,
    get reloads() {
      return reloads;
    },
  };
}

/** The real wall clock (the tests fake Date; performance is left real). */
const wallClock = () => performance.timeOrigin + performance.now();

/**
 * Tokens carry whole seconds: once the server's (real) clock is in a later second than now, a
 * token it issues differs from one it issued now.
 */
export function aLaterServerSecond(): Promise<void> {
  const now = Math.floor(wallClock() / 1000);
  return until(() => Math.floor(wallClock() / 1000) > now, { what: 'the next second' });
}

/** Signs a demo user in through the tab's login form's call (the demo password); fails the test if refused. */
export async function login(root: RootStore, user = 'demo.customer'): Promise<void> {
  expect(await root.session.login(user, DEMO_PASSWORD, false)).toBeNull();
}
