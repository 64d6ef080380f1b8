/**
 * The real server (the test app builder's buildApp on a fresh copy of the seeded demo database)
 * listening on a loopback port, for tests that talk to it over HTTP: jsdom pages and the stores
 * behind them, hub clients, raw sockets. One way to start it, instead of a copy in each file
 * (issue 26). Two places it can run:
 *
 * - `startRealServer()` (the default): in a process of its own (real-server-main.ts), which jsdom
 *   tests and tests with a fake clock need. The test reaches it over HTTP only: `call`, `token`,
 *   the requests it received and the faults a test switches on.
 * - `startRealServer({ here: kind })`: in the test's own process (a node-environment test), so
 *   the test also holds the app and its database handle (tests/helpers/test-app.ts's TestApp).
 *
 * `withRealServer(options)` starts one before the file's (or describe block's) tests and closes it
 * after them; `startRealServer(options)` starts one now, for tests that restart or add instances.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type {
  DashboardCriteria,
  DashboardDetail,
  DashboardSearchResponse,
} from '../../src/schemas/dashboard';
import type { BuildOptions } from '../../src/server/app';
import type { DatabaseKind } from './database';
import { DEMO_PASSWORD, type DemoUser, startTestApp, type TestApp } from './test-app';

type Env = Record<string, string>;

/** One answer from the server, read whole. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = unknown>(): T;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * What a route answers instead of the real one, for what a test cannot make the real server do on
 * demand: a 500, a changed build hash. `path` is the URL's path without the query; `times` counts
 * the calls it answers (every call while set when absent).
 */
export interface Fault {
  method?: string;
  path: string;
  status: number;
  body?: unknown;
  times?: number;
}

/** A request that reached the server: its method, URL, and the headers the api client sets. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** authorization, content-type, source, timezoneoffset: those it carried. */
  headers: Record<string, string>;
}

type Search = DashboardCriteria & { StartRecordNumber?: number; PageSize?: number };

/** The real server in a process of its own. */
export interface RealServer {
  /** Its origin, e.g. http://127.0.0.1:40123 (the API is under /api). */
  url: string;
  call(method: string, path: string, options?: CallOptions): Promise<HttpAnswer>;
  /** A demo user's token from POST /api/auth/login (one sign-in per user per server). */
  token(user: DemoUser): Promise<string>;
  /** POST /api/dashboard/search as `user`, straight to the server (no browser). */
  search(user: DemoUser, body: Search): Promise<DashboardSearchResponse>;
  detail(user: DemoUser, id: number): Promise<DashboardDetail>;
  /** The requests that reached it since the last `forgetRequests`, whose path starts with `prefix`. */
  requests(prefix?: string): Promise<RecordedRequest[]>;
  forgetRequests(): Promise<void>;
  /** Replaces the faults in force (none: the real routes answer again). */
  faults(faults: Fault[]): Promise<void>;
  close(): Promise<void>;
}

/** The real server in the test's process: the test app, and where it listens. */
export type RealServerHere = TestApp & { url: string };

export interface ChildOptions {
  /** Server settings (readConfig's variables) beside the test app's. */
  env?: Env;
  /** Also serve the fixture booking type YX and its flow (tests/fixtures/booking-types). */
  fixtureTypes?: boolean;
}

export interface HereOptions {
  here: DatabaseKind;
  env?: Env;
  build?: BuildOptions;
}

const MAIN = resolve('tests/helpers/real-server-main.ts');

/** Listens on a loopback port (a free one unless given) and answers the origin. */
export async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function startChild(options: ChildOptions): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PGLITE_SNAPSHOT: inject('pgliteSnapshot'),
      REAL_SERVER_ENV: JSON.stringify(options.env ?? {}),
      FIXTURE_BOOKING_TYPES: options.fixtureTypes ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) done({ child, port: Number(port) });
    });
    child.on('exit', (code) => fail(new Error(`the test server exited (${code}) before listening`)));
  });
}

/** One HTTP call from Node (not from the page), e.g. another user's session. */
function call(origin: string, method: string, path: string, options: CallOptions = {}) {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise<HttpAnswer>((done, fail) => {
    const req = request(
      `${origin}${path}`,
      {
        method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          timezoneoffset: String(-new Date().getTimezoneOffset() / 60),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

async function startChildServer(options: ChildOptions): Promise<RealServer> {
  const { child, port } = await startChild(options);
  const url = `http://127.0.0.1:${port}`;
  const tokens = new Map<DemoUser, Promise<string>>();
  const token = (user: DemoUser) => {
    let p = tokens.get(user);
    if (!p) {
      p = call(url, 'POST', '/api/auth/login', {
        body: { UserId: user, Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
      }).then((res) => {
        if (res.status !== 200) throw new Error(`login ${user}: ${res.status} ${res.body}`);
        return res.json<{ token: string }>().token;
      });
      tokens.set(user, p);
    }
    return p;
  };
  const ok = async <T>(res: Promise<HttpAnswer>): Promise<T> => {
    const answer = await res;
    if (answer.status >= 300) throw new Error(`${answer.status} ${answer.body}`);
    return answer.status === 204 ? (undefined as T) : answer.json<T>();
  };
  return {
    url,
    call: (method, path, options) => call(url, method, path, options),
    token,
    search: async (user, body) =>
      ok(call(url, 'POST', '/api/dashboard/search', { token: await token(user), body })),
    detail: async (user, id) =>
      ok(call(url, 'GET', `/api/dashboard/details/${id}`, { token: await token(user) })),
    requests: async (prefix = '') =>
      (await ok<RecordedRequest[]>(call(url, 'GET', '/__test/requests'))).filter((r) =>
        r.url.startsWith(prefix),
      ),
    forgetRequests: () => ok(call(url, 'DELETE', '/__test/requests')),
    faults: (faults) => ok(call(url, 'PUT', '/__test/faults', { body: faults })),
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

async function startHere(options: HereOptions): Promise<RealServerHere> {
  const t = await startTestApp(options.here, options.env, options.build);
  return Object.assign(t, { url: await listen(t.app) });
}

/** Starts the real server now; the caller closes it. */
export function startRealServer(options: HereOptions): Promise<RealServerHere>;
export function startRealServer(options?: ChildOptions): Promise<RealServer>;
export function startRealServer(options: HereOptions | ChildOptions = {}) {
  return 'here' in options ? startHere(options) : startChildServer(options);
}

/** A server started in beforeAll: read `server` in a test or a later hook. */
export interface RealServerRef<S> {
  readonly server: S;
}

/**
 * The real server for the tests of this file (or of the describe block it is called in): started
 * before them, closed after them.
 */
export function withRealServer(options: HereOptions): RealServerRef<RealServerHere>;
export function withRealServer(options?: ChildOptions): RealServerRef<RealServer>;
export function withRealServer(options: HereOptions | ChildOptions = {}) {
  let server: RealServer | RealServerHere | null = null;
  beforeAll(async () => {
    server = await startRealServer(options as ChildOptions);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the real server is not started yet (read it in a test or hook)');
      return server;
    },
  };
}
