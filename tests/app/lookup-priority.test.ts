/**
 * Issue 15 §4: sign-in no longer fires every lookup at once. The datasets the opening page names
 * go first, all together; the rest follow a few at a time once those have answered; a dataset a
 * page reads while it still waits its turn is asked for at once. Every dataset still loads once.
 */
import axios from 'axios';
import { when } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { LOOKUP_BACKGROUND_CONCURRENCY, LookupStore } from '../../src/app/stores/LookupStore';
import { LOOKUP_DATASETS, type LookupDataset } from '../../src/domain/lookups';
import { withRealServer } from '../helpers/real-server';
import { until } from '../helpers/until';
import { demoUsers } from './support/fixtures';

describe('LookupStore: the page in front of the user first, the rest after', () => {
  const real = withRealServer();
  /**
   * Each request as the store sent it, with the requests in flight at that moment (itself
   * included), counted on the client: what the store limits is what it has asked and not yet heard.
   */
  let log: { dataset: string; inFlight: number }[] = [];
  let inFlight = 0;

  const store = async () => {
    const api = axios.create({
      baseURL: `${real.server.url}/api`,
      headers: { authorization: `Bearer ${await real.server.token('demo.staff')}` },
    });
    api.interceptors.request.use((config) => {
      inFlight++;
      log.push({ dataset: config.url?.split('/').pop() as string, inFlight });
      return config;
    });
    api.interceptors.response.use(
      (res) => {
        inFlight--;
        return res;
      },
      (error: unknown) => {
        inFlight--;
        return Promise.reject(error);
      },
    );
    return new LookupStore(api);
  };
  const staff = demoUsers['demo.staff'].permissions;
  /** What the server answers for a dataset, asked directly. */
  const served = async (dataset: LookupDataset) =>
    (
      await real.server.call('GET', `/api/lookup/${dataset}`, {
        token: await real.server.token('demo.staff'),
      })
    ).json<unknown[]>();

  it('asks for the page’s datasets together, then the rest at most a few at a time, each once', async () => {
    log = [];
    const lookups = await store();
    const first: LookupDataset[] = ['locationmarkets', 'locations', 'equipmentCategories'];
    lookups.loadAll(staff, first);
    await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
    expect(
      log
        .slice(0, 3)
        .map((r) => r.dataset)
        .sort(),
    ).toEqual([...first].sort());
    expect(log[2]?.inFlight).toBe(3);
    // The rest started only after the first three had answered, and never more than the limit at once.
    const rest = log.slice(3);
    expect(rest).toHaveLength(LOOKUP_DATASETS.length - first.length);
    for (const r of rest) expect(r.inFlight).toBeLessThanOrEqual(LOOKUP_BACKGROUND_CONCURRENCY);
    expect(new Set(log.map((r) => r.dataset)).size).toBe(log.length);
  });

  it('a dataset a page reads while it waits its turn is asked for at once', async () => {
    log = [];
    const lookups = await store();
    lookups.loadAll(staff, ['locations']);
    // The last in the queue: read it (as a page's render does) before its turn comes.
    const last = LOOKUP_DATASETS[LOOKUP_DATASETS.length - 1] as LookupDataset;
    expect(lookups.rows(last)).toEqual([]);
    const rows = await served(last);
    expect(rows.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(lookups.rows(last)).toEqual(rows), { timeout: 5_000 });
    const position = log.findIndex((r) => r.dataset === last);
    expect(position).toBeLessThan(3);
    await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
    expect(log.filter((r) => r.dataset === last)).toHaveLength(1);
  });

  it('a sign-out stops the datasets still waiting', async () => {
    log = [];
    const lookups = await store();
    // Signed out the moment the first dataset behind the page's lands: the queue is under way.
    let signedOut = false;
    when(
      () => lookups.datasets.size === 2,
      () => {
        lookups.reset();
        signedOut = true;
      },
    );
    lookups.loadAll(staff, ['locations']);
    await until(() => signedOut, { what: 'the first queued dataset to land' });
    const asked = log.length;
    // Past any request a queue left running would send (they go out on the store's next turns)...
    await real.server.call('GET', '/api/version');
    // ...and until every request sent has been answered: a queue still running keeps asking.
    await until(() => inFlight === 0, { what: 'the requests in flight to be answered' });
    expect(log.length).toBeLessThanOrEqual(asked + LOOKUP_BACKGROUND_CONCURRENCY);
    expect(log.length).toBeLessThan(LOOKUP_DATASETS.length);
    expect(lookups.datasets.size).toBe(0);
  });
});
