import { cleanup, screen, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { RootStore } from '../../../src/app/stores/RootStore';
import type { DashboardCriteria } from '../../../src/schemas/dashboard';
import { type ChildOptions, type RealServer, withRealServer } from '../../helpers/real-server';
import type { DemoUser } from '../../helpers/test-app';
import { until } from '../../helpers/until';
import { buildRootStore } from './fixtures';
import { renderAppAt } from './flow-app';

/** A signed-in root store for a demo user with a real token from the server. */
export async function signedIn(server: RealServer, user: DemoUser): Promise<RootStore> {
  return buildRootStore({ token: await server.token(user), apiBaseUrl: `${server.url}/api` });
}

/** Opens the whole app at the dashboard and waits for the default search to answer. */
export async function openDashboard(root: RootStore) {
  renderAppAt('/app/dashboard', root);
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 15_000 });
  await screen.findByText(/^Rows \d+–\d+ of \d+$/, undefined, { timeout: 15_000 });
}

export const resultsTable = () => screen.getByRole('table', { name: 'Bookings' });
export const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

/** The body rows of the results table, as arrays of cell texts (none when the list is empty: no table is drawn). */
export function tableRows(): string[][] {
  const table = screen.queryByRole('table', { name: 'Bookings' });
  if (!table) return [];
  const [, ...rows] = within(table).getAllByRole('row');
  return rows.map((r) =>
    within(r)
      .queryAllByRole('cell')
      .map((c) => c.textContent ?? ''),
  );
}

export const currentPage = () =>
  within(pagination())
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'page')?.textContent;

/**
 * A row on the first page of the search for pending, then open, bookings whose order the user may
 * cancel with nothing of it picked up (asks the server, never guesses), and the status it was
 * found under; `skip` passes over orders another test already uses.
 */
export async function cancellableRow(
  server: RealServer,
  user: DemoUser,
  criteria: DashboardCriteria,
  skip: readonly number[] = [],
) {
  for (const status of ['PN', 'OP'] as const) {
    const { ResultSet } = await server.search(user, { ...criteria, StatusCode: status, PageSize: 20 });
    for (const row of ResultSet) {
      if (skip.includes(row.BookingOrderId)) continue;
      const detail = await server.detail(user, row.BookingOrderId);
      // Nothing picked up yet, so a cancel makes every booking Cancelled (not Closed).
      if (detail.CanCancel && detail.Bookings.every((b) => b.UnitsFulfilledCount === 0))
        return { row, detail, status };
    }
  }
  throw new Error(`the demo data has no order ${user} may cancel`);
}

/**
 * The real server for one jsdom test file (or describe block), and the root stores its tests sign
 * in: the server starts before the tests and stops after them (tests/helpers/real-server.ts); after
 * each test the roots' hubs stop, the page is unmounted, the roots' background lookups end and
 * their calls under way finish, and storage is cleared.
 */
export function withRealApp(options: ChildOptions = {}) {
  const real = withRealServer(options);
  let roots: RootStore[] = [];
  /** The roots' API calls under way: the lookups carry on loading in the background after a test. */
  let calls = 0;
  afterEach(async () => {
    const ending = roots;
    roots = [];
    await Promise.all(ending.map((root) => root.hub.stop()));
    cleanup();
    // No more background lookups or retries; then the calls under way finish while the server is
    // up — one failing after the file's teardown logs into a closed worker (a vitest error).
    for (const root of ending) root.reset();
    await until(() => calls === 0, { what: 'the calls under way', timeoutMs: 10_000 }).catch(() => undefined);
    localStorage.clear();
  });
  /** Keeps a root store built another way (another API, no token) for the clean-up. */
  const adopt = (root: RootStore): RootStore => {
    roots.push(root);
    root.api.interceptors.request.use((config) => {
      calls++;
      return config;
    });
    root.api.interceptors.response.use(
      (res) => {
        calls--;
        return res;
      },
      (error) => {
        calls--;
        return Promise.reject(error);
      },
    );
    return root;
  };
  return {
    get server(): RealServer {
      return real.server;
    },
    /** Signs a demo user in and keeps its root store for the clean-up. */
    signIn: async (user: DemoUser): Promise<RootStore> => adopt(await signedIn(real.server, user)),
    adopt,
  };
}
