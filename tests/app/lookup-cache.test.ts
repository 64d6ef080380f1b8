import axios from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LookupStore } from '../../src/app/stores/LookupStore';
import { TimedCache } from '../../src/app/stores/TimedCache';
import { CACHE_DEFAULT_MAX_AGE_MS } from '../../src/domain/constants';
import { LOOKUP_DATASETS } from '../../src/domain/lookups';
import { CACHE_KEY_MISSING_TEXT } from '../../src/domain/messages';
import { buildRootStore, buildToken, demoUsers } from './support/fixtures';
import { sendJson, startServer, type TestServer } from './support/http-server';

describe('TimedCache (SPEC §4 Lookups, §8)', () => {
  afterEach(() => vi.useRealTimers());

  it('serves a fresh entry from memory and refetches once the default max age has passed', async () => {
    vi.useFakeTimers();
    const cache = new TimedCache();
    let calls = 0;
    const source = async () => ++calls;
    expect(await cache.get('PendingRequestTypes', source)).toBe(1);
    vi.advanceTimersByTime(CACHE_DEFAULT_MAX_AGE_MS - 1);
    expect(await cache.get('PendingRequestTypes', source)).toBe(1);
    expect(await cache.get('PendingRequestTypes')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('PendingRequestTypes', source)).toBe(2);
    expect(calls).toBe(2);
  });

  it('fails with the SPEC text when a key is absent and no source is given', async () => {
    await expect(new TimedCache().get('uiconfiguration')).rejects.toThrow(CACHE_KEY_MISSING_TEXT);
  });

  it('treats an expired key without a source as absent', async () => {
    vi.useFakeTimers();
    const cache = new TimedCache();
    cache.set('uiconfiguration', { a: 1 });
    vi.advanceTimersByTime(CACHE_DEFAULT_MAX_AGE_MS);
    await expect(cache.get('uiconfiguration')).rejects.toThrow(CACHE_KEY_MISSING_TEXT);
  });

  it('shares one request between concurrent readers of a missing key', async () => {
    const cache = new TimedCache();
    let calls = 0;
    const source = () => new Promise<number>((r) => setTimeout(() => r(++calls), 5));
    const [a, b] = await Promise.all([cache.get('k', source), cache.get('k', source)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
  });
});

describe('LookupStore against a real HTTP server', () => {
  let server: TestServer;
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      sendJson(res, 200, path.endsWith('/configuration/ui') ? { theme: 'x' } : [{ path }]);
    });
  });
  afterAll(() => server.close());

  it('loads every dataset once, setting the loaded flag as soon as requests fire', async () => {
    const root = buildRootStore({ token: buildToken(), apiBaseUrl: `${server.url}/api` });
    root.lookups.loadAll(demoUsers['demo.staff'].permissions);
    expect(root.lookups.loaded).toBe(true);
    root.lookups.loadAll(demoUsers['demo.staff'].permissions);
    // The rest follow a few at a time (issue 15): give them time on a busy machine.
    await vi.waitFor(() => expect(root.lookups.datasets.size).toBe(LOOKUP_DATASETS.length), {
      timeout: 10_000,
    });
    for (const dataset of LOOKUP_DATASETS) expect(hits.get(`/api/lookup/${dataset}`)).toBe(1);
    expect(root.lookups.rows('locations')).toEqual([{ path: '/api/lookup/locations' }]);
  });

  it('asks again for a dataset whose request failed, and gives up only after its retries (issue 11)', async () => {
    let failuresLeft = 2;
    const flaky = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/lookup/locations') && failuresLeft-- > 0)
        return sendJson(res, 503, { message: 'down' });
      sendJson(res, 200, [{ path }]);
    });
    try {
      const api = axios.create({ baseURL: `${flaky.url}/api` });
      const lookups = new LookupStore(api, undefined, [5, 5, 5]);
      lookups.loadAll(demoUsers['demo.staff'].permissions);
      await vi.waitFor(() => expect(lookups.rows('locations')).toEqual([{ path: '/api/lookup/locations' }]), {
        timeout: 10_000,
      });
      expect(lookups.failed.size).toBe(0);

      failuresLeft = 100;
      const stubborn = new LookupStore(api, undefined, [5, 5]);
      stubborn.loadAll(demoUsers['demo.staff'].permissions);
      await vi.waitFor(() => expect(stubborn.failed.has('locations')).toBe(true), { timeout: 10_000 });
      expect(stubborn.rows('locations')).toEqual([]);
      expect(failuresLeft).toBe(100 - 3); // the first request and two retries
    } finally {
      await flaky.close();
    }
  });

  it('skips the datasets of areas the user cannot open', () => {
    const readable = LookupStore.readableDatasets(demoUsers['demo.ssl'].permissions);
    expect(readable).toContain('locations');
    expect(readable).not.toContain('internalReservationInventoryOrgs');
    expect(readable).not.toContain('pendingReasons');
    expect(LookupStore.readableDatasets(demoUsers['demo.staff'].permissions)).toEqual([...LOOKUP_DATASETS]);
  });

  it('caches pending types, failures and the UI configuration under their SPEC keys', async () => {
    const root = buildRootStore({ token: buildToken(), apiBaseUrl: `${server.url}/api` });
    await root.lookups.pendingRequestTypes();
    await root.lookups.pendingRequestTypes();
    await root.lookups.pendingRequestFailures();
    expect(await root.lookups.uiConfiguration()).toEqual({ theme: 'x' });
    expect(hits.get('/api/bookingpending/allRequestTypes')).toBe(1);
    expect(await root.lookups.cache.get('PendingRequestTypes')).toEqual([
      { path: '/api/bookingpending/allRequestTypes' },
    ]);
    expect(await root.lookups.cache.get('PendingRequestFailures')).toBeTruthy();
    expect(await root.lookups.cache.get('uiconfiguration')).toEqual({ theme: 'x' });
  });
});
