import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, timeZoneOffsetHours } from '../../src/app/api/client';
import { ApiError } from '../../src/app/api/errors';
import { RELOAD_LOOP_GUARD_MS } from '../../src/app/api/reload-guard';
import { memoryStorage, StorageKeys } from '../../src/app/storage';
import { MessageStore } from '../../src/app/stores/MessageStore';
import { MessageType, UNKNOWN_ERROR } from '../../src/domain/messages';
import { sendJson, startServer, type TestServer } from './support/http-server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const id = { 'x-request-id': `req-${path.slice(1)}` };
    if (path === '/ok') return sendJson(res, 200, { ok: true }, id);
    if (path === '/error-field')
      return sendJson(res, 400, { statusCode: 400, error: 'Invalid search criteria', message: 'x' }, id);
    if (path === '/body-text') {
      res.writeHead(500, { 'Content-Type': 'text/plain', ...id });
      return res.end('Database unavailable');
    }
    if (path === '/status-text') {
      res.writeHead(502, 'Gateway Trouble', id);
      return res.end();
    }
    if (path === '/unavailable')
      return sendJson(res, 503, { statusCode: 503, error: 'Down', message: 'Down' }, id);
    sendJson(res, 404, {});
  });
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

function client(token: string | null = 'tok') {
  const messages = new MessageStore();
  const reload = vi.fn();
  const reloadStorage = memoryStorage();
  const api = createApiClient({
    baseURL: server.url,
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
    await client('abc').api.get('/ok');
    const h = server.requests.at(-1)?.headers ?? {};
    expect(h.authorization).toBe('Bearer abc');
    expect(h['content-type']).toBe('application/json');
    expect(h.source).toBe('web');
    expect(h.timezoneoffset).toBe(String(timeZoneOffsetHours()));
  });

  it('sends none of them on an anonymous call (login)', async () => {
    await client('abc').api.post('/ok', { UserId: 'u' }, { anonymous: true });
    const h = server.requests.at(-1)?.headers ?? {};
    expect(h.authorization).toBeUndefined();
    expect(h.source).toBeUndefined();
    expect(h.timezoneoffset).toBeUndefined();
    expect(h['content-type']).toBe('application/json');
  });
});

describe('api client failures (SPEC §8 central handling)', () => {
  it.each([
    ['/error-field', 400, 'Invalid search criteria'],
    ['/body-text', 500, 'Database unavailable'],
    ['/status-text', 502, 'Gateway Trouble'],
  ])('%s → status %i, message "%s", the request id, and a broadcast error', async (path, status, message) => {
    const { api, messages } = client();
    const e = await failure(api.get(path));
    expect({ status: e.status, message: e.message, requestId: e.requestId }).toEqual({
      status,
      message,
      requestId: `req-${path.slice(1)}`,
    });
    expect(messages.messages).toMatchObject([
      { Type: MessageType.Error, Data: message, requestId: e.requestId },
    ]);
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
    const { api, messages } = client();
    await failure(api.get('/error-field', { silent: true }));
    expect(messages.messages).toEqual([]);
  });
});

describe('503 reload (SPEC §7) without a reload loop', () => {
  it('reloads once, skips a second 503 inside the guard window, reloads again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-05T12:00:00Z'));
    const { api, reload, reloadStorage } = client();
    await failure(api.get('/unavailable'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadStorage.getItem(StorageKeys.reloadAt)).toBe(String(Date.now()));
    vi.setSystemTime(Date.now() + RELOAD_LOOP_GUARD_MS - 1);
    await failure(api.get('/unavailable'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + RELOAD_LOOP_GUARD_MS);
    await failure(api.get('/unavailable'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for other failures', async () => {
    const { api, reload } = client();
    await failure(api.get('/body-text'));
    expect(reload).not.toHaveBeenCalled();
  });
});
