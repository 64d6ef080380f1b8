import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeredBy, createApiClient, timeZoneOffsetHours } from '../../src/app/api/client';
import { ApiError } from '../../src/app/api/errors';
import { RELOAD_LOOP_GUARD_MS } from '../../src/app/api/reload-guard';
import { SIGN_IN_PATH, sendSignIn, signInBody } from '../../src/app/session/sign-in-request';
import { memoryStorage, StorageKeys } from '../../src/app/storage';
import { MessageStore } from '../../src/app/stores/MessageStore';
import { MessageType, UNKNOWN_ERROR } from '../../src/domain/messages';
import { withRealServer } from '../helpers/real-server';
import { DEMO_PASSWORD } from '../helpers/test-app';
import { startServer, type TestServer } from './support/http-server';

const real = withRealServer();
/**
 * A gateway in front of the portal (a load balancer, a proxy) that answers 502 with only a status
 * line: not our API, and nothing the real server sends, so a stand-in for it is fine here.
 */
let gateway: TestServer;
beforeAll(async () => {
  gateway = await startServer((_req, res) => {
    res.writeHead(502, 'Gateway Trouble');
    res.end();
  });
});
afterAll(() => gateway.close());
beforeEach(() => real.server.faults([]));
afterEach(() => vi.useRealTimers());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function client(token: string | null = null, baseURL = `${real.server.url}/api`) {
  const messages = new MessageStore();
  const reload = vi.fn();
  const reloadStorage = memoryStorage();
  const api = createApiClient({
    baseURL,
    getToken: () => token,
    onError: (e) => messages.showError(e),
    reload,
    reloadStorage,
    log: () => undefined,
  });
  return { api, messages, reload, reloadStorage };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('api client headers (SPEC §7)', () => {
  it('sends bearer, JSON content type, Source web and the time-zone offset on every call', async () => {
    const token = await real.server.token('demo.customer');
    await real.server.forgetRequests();
    await client(token).api.get('/lookup/locations');
    expect((await real.server.requests('/api/lookup/locations')).map((r) => r.headers)).toEqual([
      {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        source: 'web',
        timezoneoffset: String(timeZoneOffsetHours()),
      },
    ]);
  });

  it('sends none of them on an anonymous call (login)', async () => {
    await real.server.forgetRequests();
    await client('abc').api.post(
      '/auth/login',
      { UserId: 'demo.customer', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
      { anonymous: true },
    );
    expect((await real.server.requests('/api/auth/login')).map((r) => r.headers)).toEqual([
      { 'content-type': 'application/json' },
    ]);
  });
});

describe('api client failures (SPEC §8 central handling)', () => {
  it('a refused request → its status, the server’s message and request id, and a broadcast error', async () => {
    const { api, messages } = client(await real.server.token('demo.staff'));
    const e = await failure(api.post('/dashboard/search', { PageSize: 'many' }));
    expect({ status: e.status, message: e.message }).toEqual({
      status: 400,
      message: 'Invalid request body: PageSize must be a whole number.',
    });
    expect(e.requestId).toMatch(UUID);
    expect((e.body as { requestId: string }).requestId).toBe(e.requestId);
    expect(messages.messages).toMatchObject([
      { Type: MessageType.Error, Data: e.message, requestId: e.requestId },
    ]);
  });

  it('a body that is only text → that text as the message', async () => {
    await real.server.faults([{ path: '/api/lookup/locations', status: 500, body: 'Database unavailable' }]);
    const { api, messages } = client(await real.server.token('demo.customer'));
    const e = await failure(api.get('/lookup/locations'));
    expect({ status: e.status, message: e.message }).toEqual({
      status: 500,
      message: 'Database unavailable',
    });
    expect(e.requestId).toMatch(UUID);
    expect(messages.messages).toMatchObject([
      { Type: MessageType.Error, Data: 'Database unavailable', requestId: e.requestId },
    ]);
  });

  it('no body → the status text; no request id when the answer has none', async () => {
    const { api, messages } = client(null, gateway.url);
    const e = await failure(api.get('/anything'));
    expect({ status: e.status, message: e.message, requestId: e.requestId }).toEqual({
      status: 502,
      message: 'Gateway Trouble',
      requestId: null,
    });
    expect(messages.messages).toMatchObject([{ Type: MessageType.Error, Data: 'Gateway Trouble' }]);
  });

  it('says Unknown Error when there is no response at all', async () => {
    const api = createApiClient({
      baseURL: 'http://127.0.0.1:1',
      getToken: () => null,
      onError: () => undefined,
      reload: () => undefined,
      reloadStorage: memoryStorage(),
      log: () => undefined,
    });
    expect((await failure(api.get('/x'))).message).toBe(UNKNOWN_ERROR);
  });

  it('does not broadcast a silent call', async () => {
    const { api, messages } = client(await real.server.token('demo.staff'));
    await failure(api.post('/dashboard/search', { PageSize: 'many' }, { silent: true }));
    expect(messages.messages).toEqual([]);
  });
});

describe('503 reload (SPEC §7) without a reload loop', () => {
  it('reloads once, skips a second 503 inside the guard window, reloads again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-05T12:00:00Z'));
    await real.server.faults([{ path: '/api/version', status: 503 }]);
    const { api, reload, reloadStorage } = client();
    await failure(api.get('/version'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadStorage.getItem(StorageKeys.reloadAt)).toBe(String(Date.now()));
    vi.setSystemTime(Date.now() + RELOAD_LOOP_GUARD_MS - 1);
    await failure(api.get('/version'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + RELOAD_LOOP_GUARD_MS);
    await failure(api.get('/version'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for other failures', async () => {
    await real.server.faults([{ path: '/api/version', status: 500 }]);
    const { api, reload } = client();
    await failure(api.get('/version'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a sign-in sent before the client existed (issue 30 §3, sign-in-first)', () => {
  const body = (password: string) => signInBody('demo.customer', password, 'BRR');
  const sentEarly = (password: string, base = `${real.server.url}/api`) => {
    const b = body(password);
    return { b, adapter: answeredBy(sendSignIn(base, b)) };
  };

  it('its token reads as the client’s own answer would', async () => {
    const { api } = client();
    const { b, adapter } = sentEarly(DEMO_PASSWORD);
    const res = await api.post<{ token: string }>(SIGN_IN_PATH, b, { anonymous: true, adapter });
    expect(res.status).toBe(200);
    expect(res.data.token.split('.')).toHaveLength(3);
  });

  it('a refusal reads as the client’s own: status, message, request id and the broadcast', async () => {
    const early = client();
    const { b, adapter } = sentEarly('Wrong!Password1');
    const fetched = await failure(early.api.post(SIGN_IN_PATH, b, { anonymous: true, adapter }));
    const own = client();
    const direct = await failure(own.api.post(SIGN_IN_PATH, body('Wrong!Password1'), { anonymous: true }));
    expect({ status: fetched.status, message: fetched.message, body: fetched.body }).toEqual({
      status: direct.status,
      message: direct.message,
      body: { ...(direct.body as object), requestId: fetched.requestId },
    });
    expect(fetched.status).toBe(401);
    expect(fetched.requestId).toMatch(UUID);
    expect(early.messages.messages).toMatchObject([{ Type: MessageType.Error, Data: direct.message }]);
  });

  it('no answer at all reads as Unknown Error; a 503 reloads the page once', async () => {
    const { api, reload } = client();
    const unreachable = sentEarly(DEMO_PASSWORD, 'http://127.0.0.1:1');
    const e = await failure(
      api.post(SIGN_IN_PATH, unreachable.b, { anonymous: true, adapter: unreachable.adapter }),
    );
    expect({ status: e.status, message: e.message }).toEqual({ status: 0, message: UNKNOWN_ERROR });

    await real.server.faults([{ path: `/api${SIGN_IN_PATH}`, status: 503 }]);
    const down = sentEarly(DEMO_PASSWORD);
    expect(
      (await failure(api.post(SIGN_IN_PATH, down.b, { anonymous: true, adapter: down.adapter }))).status,
    ).toBe(503);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
