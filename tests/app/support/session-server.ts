/**
 * The authentication and configuration endpoints the session behaviour calls, on a real local
 * HTTP server, answering as the contract in src/schemas says. Tests switch what it answers
 * (a failed refresh, a NotActive account, a new build hash) through `state`.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { SessionCookie } from '../../../src/app/session/session-cookie';
import type { sharedMemoryTabs } from '../../../src/app/session/tab-bus';
import { RootStore } from '../../../src/app/stores/RootStore';
import { buildToken, testConfig } from './fixtures';
import { sendJson, startServer, type TestServer } from './http-server';

export interface SessionServerState {
  refresh: 'ok' | 'fail' | 'reject';
  status: 'Active' | 'NotActive';
  hash: string | null;
  /** Minutes each token is good for (its refreshTokenInterval). */
  tokenMinutes: number;
}

const initialState = (): SessionServerState => ({
  refresh: 'ok',
  status: 'Active',
  hash: 'build-1',
  tokenMinutes: 20,
});

export function sessionServer() {
  const ctx = {
    server: null as unknown as TestServer,
    state: initialState(),
    issued: 0,
    get apiUrl() {
      return `${ctx.server.url}/api`;
    },
    /** Requests whose path starts with `prefix` (e.g. '/api/auth/refresh'). */
    calls(prefix: string): IncomingMessage[] {
      return ctx.server.requests.filter((r) => (r.url ?? '').startsWith(prefix));
    },
    reset() {
      ctx.state = initialState();
      ctx.server.requests.length = 0;
    },
    token(userName = 'demo.customer', userId = 42) {
      ctx.issued += 1;
      return buildToken({
        sub: userName,
        UserId: userId,
        refreshTokenInterval: ctx.state.tokenMinutes,
        exp: Math.floor(Date.now() / 1000) + ctx.state.tokenMinutes * 60,
        // Tokens differ even when issued within the same second.
        ModuleIdOwned: ctx.issued,
      });
    },
  };
  beforeAll(async () => {
    ctx.server = await startServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        const fail = (status: number, message: string) =>
          sendJson(res, status, { statusCode: status, error: message, message });
        if (path === '/api/auth/login') {
          const body = JSON.parse(raw || '{}');
          const userId = body.UserId === 'demo.staff' ? 7 : 42;
          return sendJson(res, 200, { token: ctx.token(body.UserId, userId) });
        }
        if (path === '/api/auth/refresh') {
          if (ctx.state.refresh === 'fail') return fail(500, 'The server is busy.');
          if (ctx.state.refresh === 'reject') return fail(401, 'Your session has expired or is not valid.');
          return sendJson(res, 200, { token: ctx.token() });
        }
        if (path === '/api/auth/status') return sendJson(res, 200, ctx.state.status);
        const user = /^\/api\/users\/(\d+)$/.exec(path ?? '');
        if (user)
          return sendJson(res, 200, {
            UserId: Number(user[1]),
            UserFullName: 'Casey Customer',
            GoodStanding: true,
          });
        if (path === '/api/auth/logout') {
          res.writeHead(204);
          return res.end();
        }
        if (path === '/api/version') {
          if (ctx.state.hash === null) return fail(500, 'Internal Server Error');
          return sendJson(res, 200, { hash: ctx.state.hash });
        }
        if (path === '/api/public/config') {
          return sendJson(res, 200, {
            EnvironmentKey: 'test',
            FeatureFlags: {
              TermCloseOfFulfilledBooking: true,
              InternalReservationComments: false,
              PendingQueueContactInfo: true,
            },
          });
        }
        fail(404, 'Not found.');
      });
    });
  });
  afterAll(() => ctx.server.close());
  return ctx;
}

/** Lets real I/O (the local server's answers) happen while timers are fake. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline) {
    if (condition()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Fake timers for the session's setTimeout/setInterval/Date only; I/O and setImmediate stay real. */
export const SESSION_FAKE_TIMERS: {
  toFake: ('setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date')[];
} = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

const opened: RootStore[] = [];
let inFlight = 0;

/** Stops every tab's timers and waits for the calls under way (afterEach): none outlives its test. */
export async function closeTabs(): Promise<void> {
  for (const root of opened.splice(0)) root.sessionBehaviour.stop();
  await until(() => inFlight === 0, 'the calls under way');
}

/** A tab: a root store over shared storage, with its navigations and reloads recorded. */
export function openTab(
  apiUrl: string,
  tabs: ReturnType<typeof sharedMemoryTabs>,
  options: { cookie?: SessionCookie } = {},
) {
  const navigations: string[] = [];
  let reloads = 0;
  const root = new RootStore(
    { ...testConfig, apiBaseUrl: apiUrl },
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
