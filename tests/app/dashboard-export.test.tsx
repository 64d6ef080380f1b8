// @vitest-environment jsdom
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reaction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadedText } from '../../src/app/dashboard/ExportStore';
import { until } from '../helpers/until';
import { openDashboard, withRealApp } from './support/dashboard-app';
import { buildRootStore } from './support/fixtures';
import { renderAppAt } from './support/flow-app';

/** What the slow network lets through of the export before it holds the rest: over 1 KB, so the page shows it. */
const FIRST_PART_BYTES = 4096;

/**
 * An HTTP proxy to `target`: every request is passed on and its answer passed back, except where
 * `hold` (given e.g. `POST /api/dashboard/export`) takes the answer, its head already sent, and
 * answers true.
 */
async function startProxy(
  target: string,
  hold: (call: string, upstream: IncomingMessage, res: ServerResponse) => boolean,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const out = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (upstream) => {
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      const call = `${req.method} ${new URL(req.url ?? '/', target).pathname}`;
      if (!hold(call, upstream, res)) upstream.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // The page's hub holds a call open: a network going away ends it.
        server.closeAllConnections();
      }),
  };
}

const real = withRealApp();

/** What the page handed to the browser's download: jsdom has no object URLs, so they are recorded. */
let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('export and download to spreadsheet', { timeout: 90_000 }, () => {
  it('exports every row of the search as CSV under the server’s file name, following the stream', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    await openDashboard(root);
    const total = root.dashboard.totalCount;
    const seen: Array<{ received: number; total: number | null }> = [];
    const stop = reaction(
      () => root?.dashboard.exports.received ?? 0,
      (received) => seen.push({ received, total: root?.dashboard.exports.total ?? null }),
    );

    await u.click(screen.getByRole('button', { name: 'Export (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 30_000 });
    stop();
    const [file] = saved;
    expect(file?.name).toMatch(/^bookings-\d{8}-\d{4}\.csv$/);
    const text = await file?.blob.text();
    const lines = (text ?? '').split(/\r?\n/).filter((l) => l !== '');
    expect(lines).toHaveLength(total + 1); // the header row, then one line per booking
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.received).toBe(file?.blob.size);
    expect(root.dashboard.exports.running).toBeNull();
    // The page confirms the download by the file's name (issue 14).
    const done = await screen.findByText(downloadedText(file?.name ?? ''));
    expect(done.getAttribute('role')).toBe('status');

    await u.click(screen.getByRole('button', { name: 'Download (Excel)' }));
    await waitFor(() => expect(saved).toHaveLength(2), { timeout: 30_000 });
    expect(saved[1]?.name).toMatch(/^bookings-\d{8}-\d{4}\.xlsx$/);
    // An .xlsx is a zip: it starts with PK.
    const xlsx = saved[1]?.blob ?? new Blob();
    const head = new Uint8Array(await xlsx.slice(0, 2).arrayBuffer());
    expect([...head]).toEqual([0x50, 0x4b]);
  });

  it('shows the bytes received while a file of unknown length streams', async () => {
    // A slow network between the page and the real server: it passes every call on, and of the
    // export only the start, holding the rest until the test lets it go, so the indication can be
    // seen mid-stream (over loopback the real server streams too fast to catch). Not a fake of our
    // API: every answer is the real server's.
    const held: { rest: Buffer[]; ended: boolean; res: ServerResponse | null } = {
      rest: [],
      ended: false,
      res: null,
    };
    const slow = await startProxy(real.server.url, (call, upstream, res) => {
      if (call !== 'POST /api/dashboard/export') return false;
      held.res = res;
      let passed = 0;
      upstream.on('data', (chunk: Buffer) => {
        const through = chunk.subarray(0, Math.max(0, FIRST_PART_BYTES - passed));
        if (through.length) res.write(through);
        passed += through.length;
        if (through.length < chunk.length) held.rest.push(chunk.subarray(through.length));
      });
      upstream.on('end', () => {
        held.ended = true;
      });
      return true;
    });
    try {
      const u = userEvent.setup();
      const root = real.adopt(
        buildRootStore({ token: await real.server.token('demo.staff'), apiBaseUrl: `${slow.url}/api` }),
      );
      renderAppAt('/app/dashboard', root);
      await screen.findByText(/^Rows 1–20 of \d+$/, undefined, { timeout: 15_000 });
      await u.click(screen.getByRole('button', { name: 'Export (CSV)' }));
      const status = await screen.findByText(/^\d+ KB received$/, undefined, { timeout: 15_000 });
      expect(screen.getByRole('progressbar', { name: 'Export (CSV) progress' })).toBeTruthy();
      expect(Number(status.textContent?.split(' ')[0])).toBeGreaterThan(0);
      // The file is not done while the rest is held: the export is larger than the part let through.
      await until(() => held.ended, { what: 'the server to finish the export' });
      expect(held.rest.length).toBeGreaterThan(0);
      expect(saved).toEqual([]);
      held.res?.end(Buffer.concat(held.rest));
      await waitFor(() => expect(saved.map((s) => s.name)).toHaveLength(1));
      expect(saved[0]?.name).toMatch(/^bookings-\d{8}-\d{4}\.csv$/);
      await waitFor(() => expect(screen.queryByText(/received$/)).toBeNull());
    } finally {
      held.res?.destroy();
      await slow.close();
    }
  });
});
