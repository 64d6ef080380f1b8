/**
 * Issue 15 §4: sign-in no longer fires every lookup at once. The datasets the opening page names
 * go first, all together; the rest follow a few at a time once those have answered; a dataset a
 * page reads while it still waits its turn is asked for at once. Every dataset still loads once.
 */
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOOKUP_BACKGROUND_CONCURRENCY, LookupStore } from '../../src/app/stores/LookupStore';
import { LOOKUP_DATASETS, type LookupDataset } from '../../src/domain/lookups';
import { demoUsers } from './support/fixtures';
import { sendJson, startServer, type TestServer } from './support/http-server';

describe('LookupStore: the page in front of the user first, the rest after', () => {
  let server: TestServer;
  /** Each request as it arrived, with the requests in flight at that moment (itself included). */
  let log: { dataset: string; inFlight: number; at: number }[] = [];
  let inFlight = 0;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const dataset = new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() as string;
      inFlight++;
      log.push({ dataset, inFlight, at: performance.now() });
      setTimeout(() => {
        inFlight--;
        sendJson(res, 200, [{ dataset }]);
      }, 40);
    });
  });
  afterAll(() => server.close());

  const store = () => new LookupStore(axios.create({ baseURL: `${server.url}/api` }));
  const staff = demoUsers['demo.staff'].permissions;

  it('asks for the page’s datasets together, then the rest at most a few at a time, each once', async () => {
    log = [];
    const lookups = store();
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
    const lookups = store();
    lookups.loadAll(staff, ['locations']);
    // The last in the queue: read it (as a page's render does) before its turn comes.
    const last = LOOKUP_DATASETS[LOOKUP_DATASETS.length - 1] as LookupDataset;
    expect(lookups.rows(last)).toEqual([]);
    await vi.waitFor(() => expect(lookups.rows(last)).toEqual([{ dataset: last }]), { timeout: 5_000 });
    const position = log.findIndex((r) => r.dataset === last);
    expect(position).toBeLessThan(3);
    await vi.waitFor(() => expect(lookups.datasets.size).toBe(LOOKUP_DATASETS.length), { timeout: 10_000 });
    expect(log.filter((r) => r.dataset === last)).toHaveLength(1);
  });

  it('a sign-out stops the datasets still waiting', async () => {
    log = [];
    const lookups = store();
    lookups.loadAll(staff, ['locations']);
    await vi.waitFor(() => expect(lookups.rows('locations')).toHaveLength(1));
    lookups.reset();
    const asked = log.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(log.length).toBeLessThanOrEqual(asked + LOOKUP_BACKGROUND_CONCURRENCY);
    expect(log.length).toBeLessThan(LOOKUP_DATASETS.length);
    expect(lookups.datasets.size).toBe(0);
  });
});
