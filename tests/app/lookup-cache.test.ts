import axios from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LookupStore } from '../../src/app/stores/LookupStore';
import { TimedCache } from '../../src/app/stores/TimedCache';
import { CACHE_DEFAULT_MAX_AGE_MS } from '../../src/domain/constants';
import { LOOKUP_DATASETS } from '../../src/domain/lookups';
import { CACHE_KEY_MISSING_TEXT } from '../../src/domain/messages';
import { withRealServer } from '../helpers/real-server';
import { buildRootStore, demoUsers } from './support/fixtures';

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

describe('LookupStore against the real server', () => {
  const real = withRealServer();
  beforeEach(async () => {
    await real.server.faults([]);
    await real.server.forgetRequests();
  });
  const hits = async (path: string) =>
    (await real.server.requests(path)).filter((r) => r.url.split('?')[0] === path).length;
  /** What the server answers `path` for demo.staff, asked straight (no store, no cache). */
  const answer = async (path: string) =>
    (await real.server.call('GET', path, { token: await real.server.token('demo.staff') })).json();
  const staffRoot = async () =>
    buildRootStore({ token: await real.server.token('demo.staff'), apiBaseUrl: `${real.server.url}/api` });
  const staffApi = async () =>
    axios.create({
      baseURL: `${real.server.url}/api`,
      headers: { authorization: `Bearer ${await real.server.token('demo.staff')}` },
    });

  /** How many times the server was asked for `dataset`, in a group (GET /api/lookups) or alone. */
  const askedFor = async (dataset: string) => {
    const requests = await real.server.requests('/api/lookup');
    return requests.filter((r) => {
      const [path, query = ''] = r.url.split('?');
      if (path === `/api/lookup/${dataset}`) return true;
      return path === '/api/lookups' && new URLSearchParams(query).getAll('dataset').includes(dataset);
    }).length;
  };

  it('loads every dataset once, setting the loaded flag as soon as requests fire', async () => {
    const root = await staffRoot();
    root.lookups.loadAll(demoUsers['demo.staff'].permissions);
    expect(root.lookups.loaded).toBe(true);
    root.lookups.loadAll(demoUsers['demo.staff'].permissions);
    await vi.waitFor(() => expect(root.lookups.datasets.size).toBe(LOOKUP_DATASETS.length), {
      timeout: 10_000,
    });
    for (const dataset of LOOKUP_DATASETS) expect(await askedFor(dataset), dataset).toBe(1);
    expect(root.lookups.rows('locations')).toEqual(await answer('/api/lookup/locations'));
  });

  it('asks again for a dataset whose request failed, and gives up only after its retries (issue 11)', async () => {
    const locations = await answer('/api/lookup/locations');
    // The groups fail, so each dataset is asked alone; the locations lookup fails twice (the real
    // one cannot be made to), then answers.
    const groupsFail = { path: '/api/lookups', status: 503 };
    await real.server.faults([groupsFail, { path: '/api/lookup/locations', status: 503, times: 2 }]);
    const api = await staffApi();
    const lookups = new LookupStore(api, undefined, [5, 5, 5]);
    lookups.loadAll(demoUsers['demo.staff'].permissions);
    await vi.waitFor(() => expect(lookups.rows('locations')).toEqual(locations), { timeout: 10_000 });
    expect(lookups.failed.size).toBe(0);

    // Now it fails every time: the first request and two retries, then the store gives up.
    await real.server.faults([groupsFail, { path: '/api/lookup/locations', status: 503 }]);
    await real.server.forgetRequests();
    const stubborn = new LookupStore(api, undefined, [5, 5]);
    stubborn.loadAll(demoUsers['demo.staff'].permissions);
    await vi.waitFor(() => expect(stubborn.failed.has('locations')).toBe(true), { timeout: 10_000 });
    expect(stubborn.rows('locations')).toEqual([]);
    expect(await hits('/api/lookup/locations')).toBe(3);
  });

  it('skips the datasets of areas the user cannot open', () => {
    const readable = LookupStore.readableDatasets(demoUsers['demo.ssl'].permissions);
    expect(readable).toContain('locations');
    expect(readable).not.toContain('internalReservationInventoryOrgs');
    expect(readable).not.toContain('pendingReasons');
    expect(LookupStore.readableDatasets(demoUsers['demo.staff'].permissions)).toEqual([...LOOKUP_DATASETS]);
  });

  it('caches pending types, failures and the UI configuration under their SPEC keys', async () => {
    const root = await staffRoot();
    await root.lookups.pendingRequestTypes();
    await root.lookups.pendingRequestTypes();
    await root.lookups.pendingRequestFailures();
    const ui = await answer('/api/configuration/ui');
    expect(await root.lookups.uiConfiguration()).toEqual(ui);
    expect(await hits('/api/bookingpending/allRequestTypes')).toBe(1);
    expect(await root.lookups.cache.get('PendingRequestTypes')).toEqual(
      await answer('/api/bookingpending/allRequestTypes'),
    );
    expect(await root.lookups.cache.get('PendingRequestFailures')).toBeTruthy();
    expect(await root.lookups.cache.get('uiconfiguration')).toEqual(ui);
  });
});
