/**
 * The real server (buildApp on the run's seeded PGlite database) for the dashboard's jsdom tests,
 * started as a child process on a free port (dashboard-server-main.ts says why).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import type {
  DashboardCriteria,
  DashboardDetail,
  DashboardSearchResponse,
} from '../../../src/schemas/dashboard';
import type { DemoUser } from '../../helpers/test-app';

export const DEMO_PASSWORD = 'Demo!2345';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = unknown>(): T;
}

type Search = DashboardCriteria & { StartRecordNumber?: number; PageSize?: number };

export interface DashboardServer {
  origin: string;
  call(method: string, path: string, options?: CallOptions): Promise<HttpAnswer>;
  token(user: DemoUser): Promise<string>;
  /** POST /api/dashboard/search as `user`, straight to the server (no browser). */
  search(user: DemoUser, body: Search): Promise<DashboardSearchResponse>;
  detail(user: DemoUser, id: number): Promise<DashboardDetail>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const SCRIPT = resolve('tests/app/support/dashboard-server-main.ts');

function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, ...env, PGLITE_SNAPSHOT: inject('pgliteSnapshot') },
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

/**
 * Starts the child server; `env` reaches only it (dashboard-server-main.ts reads e.g.
 * FIXTURE_BOOKING_TYPES=1 to serve the fixture booking type YX and its flow).
 */
export async function startDashboardServer(env: Record<string, string> = {}): Promise<DashboardServer> {
  const { child, port } = await startChild(env);
  const origin = `http://127.0.0.1:${port}`;
  const tokens = new Map<DemoUser, Promise<string>>();
  const token = (user: DemoUser) => {
    let p = tokens.get(user);
    if (!p) {
      p = call(origin, 'POST', '/api/auth/login', {
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
    if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body}`);
    return answer.json<T>();
  };
  return {
    origin,
    call: (method, path, options) => call(origin, method, path, options),
    token,
    search: async (user, body) =>
      ok(call(origin, 'POST', '/api/dashboard/search', { token: await token(user), body })),
    detail: async (user, id) =>
      ok(call(origin, 'GET', `/api/dashboard/details/${id}`, { token: await token(user) })),
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
