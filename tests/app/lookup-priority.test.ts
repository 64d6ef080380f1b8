/**
 * Issue 15 §4: sign-in no longer fires every lookup at once. The datasets the opening page names
 * go first; the rest follow once those have answered; a dataset a page reads while it still waits
 * its turn is asked for at once. Issue 30 §3: each group is one request (GET /api/lookups), and a
 * group whose request fails is asked dataset by dataset. Every dataset still loads once.
 */
import axios from 'axios';
import { when } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { LOOKUP_ONE_BY_ONE_CONCURRENCY, LookupStore } from '../../src/app/stores/LookupStore';
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
  let log: { datasets: string[]; inFlight: number }[] = [];
  let inFlight = 0;

  const store = async () => {
    const api = axios.create({
      baseURL: `${real.server.url}/api`,
      headers: { authorization: `Bearer ${await real.server.token('demo.staff')}` },
    });
    api.interceptors.request.use((config) => {
      inFlight++;
      const group = (config.params as { dataset?: string[] } | undefined)?.dataset;
      log.push({ datasets: group ?? [config.url?.split('/').pop() as string], inFlight });
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

  /** How many times each dataset was asked for, in a group or alone. */
  const askedTimes = () => {
    const times = new Map<string, number>();
    for (const r of log) for (const d of r.datasets) times.set(d, (times.get(d) ?? 0) + 1);
    return times;
  };

  it('asks for the page’s datasets in one request, then the rest in one more, each once', async () => {
    log = [];
    const lookups = await store();
    const first: LookupDataset[] = ['locationmarkets', 'locations', 'equipmentCategories'];
    lookups.loadAll(staff, first);
    await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
    expect(log).toHaveLength(2);
    expect([...(log[0]?.datasets ?? [])].sort()).toEqual([...first].sort());
    // The rest started only after the page's group had answered.
    expect(log[1]?.inFlight).toBe(1);
    expect([...(log[1]?.datasets ?? [])].sort()).toEqual(
      LOOKUP_DATASETS.filter((d) => !first.includes(d)).sort(),
    );
    expect([...askedTimes().values()].every((n) => n === 1)).toBe(true);
    expect(lookups.rows('locations')).toEqual(await served('locations'));
  });

  it('asks a group that failed dataset by dataset, a few at a time, each once', async () => {
    log = [];
    await real.server.faults([{ path: '/api/lookups', status: 503 }]);
    try {
      const lookups = await store();
      lookups.loadAll(staff, ['locations', 'equipmentCategories']);
      await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
      expect(lookups.failed.size).toBe(0);
      const alone = log.filter((r) => r.datasets.length === 1);
      expect(alone.map((r) => r.datasets[0]).sort()).toEqual([...LOOKUP_DATASETS].sort());
      for (const r of alone) expect(r.inFlight).toBeLessThanOrEqual(LOOKUP_ONE_BY_ONE_CONCURRENCY);
      expect(lookups.rows('equipmentCategories')).toEqual(await served('equipmentCategories'));
    } finally {
      await real.server.faults([]);
    }
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
    const position = log.findIndex((r) => r.datasets.length === 1 && r.datasets[0] === last);
    expect(position).toBe(1);
    await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
    expect(askedTimes().get(last)).toBe(1);
  });

  it('a sign-out stops the datasets still waiting', async () => {
    log = [];
    const lookups = await store();
    // Signed out the moment the page's group lands: the rest are not asked for (or not kept).
    let signedOut = false;
    when(
      () => lookups.datasets.size === 1,
      () => {
        lookups.reset();
        signedOut = true;
      },
    );
    lookups.loadAll(staff, ['locations']);
    await until(() => signedOut, { what: 'the page’s group to land' });
    // Past any request a queue left running would send (they go out on the store's next turns)...
    await real.server.call('GET', '/api/version');
    // ...and until every request sent has been answered.
    await until(() => inFlight === 0, { what: 'the requests in flight to be answered' });
    // The page's group alone: the rest were never asked for.
    expect(log).toHaveLength(1);
    expect(lookups.datasets.size).toBe(0);
  });
});
