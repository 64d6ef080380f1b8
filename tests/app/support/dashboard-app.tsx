import { screen, within } from '@testing-library/react';
import type { RootStore } from '../../../src/app/stores/RootStore';
import type { DashboardCriteria } from '../../../src/schemas/dashboard';
import type { DemoUser } from '../../helpers/test-app';
import { type DashboardServer, startDashboardServer } from './dashboard-server';
import { buildRootStore } from './fixtures';
import { renderAppAt } from './flow-app';

/** A signed-in root store for a demo user with a real token from the server. */
export async function signedIn(server: DashboardServer, user: DemoUser): Promise<RootStore> {
  return buildRootStore({ token: await server.token(user), apiBaseUrl: `${server.origin}/api` });
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
  server: DashboardServer,
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
 * The real server for one jsdom test file, and the signed-in root store of the test running now:
 * the server starts before the file's tests and stops after them; after each test the root's hub
 * stops, the page is unmounted and storage cleared.
 */
export function withRealServer(hooks: {
  beforeAll: (fn: () => Promise<void>) => void;
  afterAll: (fn: () => Promise<void>) => void;
  afterEach: (fn: () => Promise<void>) => void;
  cleanup: () => void;
}) {
  let server: DashboardServer | null = null;
  let root: RootStore | null = null;
  /** The root's API calls under way: the lookups carry on loading in the background after a test. */
  let calls = 0;
  hooks.beforeAll(async () => {
    server = await startDashboardServer();
  });
  hooks.afterAll(async () => {
    await server?.close();
  });
  hooks.afterEach(async () => {
    await root?.hub.stop();
    hooks.cleanup();
    // No more background lookups or retries; then the calls under way finish while the server is
    // up — one failing after the file's teardown logs into a closed worker (a vitest error).
    root?.reset();
    root = null;
    const until = Date.now() + 10_000;
    while (calls > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    localStorage.clear();
  });
  const running = () => {
    if (!server) throw new Error('the real server is not started yet');
    return server;
  };
  return {
    get server(): DashboardServer {
      return running();
    },
    /** Signs a demo user in and keeps its root store for the clean-up. */
    async signIn(user: DemoUser): Promise<RootStore> {
      root = await signedIn(running(), user);
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
    },
  };
}
