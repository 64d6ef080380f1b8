// @vitest-environment jsdom
import type { ServerResponse } from 'node:http';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reaction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadedText } from '../../src/app/dashboard/ExportStore';
import { openDashboard, withRealApp } from './support/dashboard-app';
import { buildRootStore } from './support/fixtures';
import { renderAppAt } from './support/flow-app';
import { startServer } from './support/http-server';

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
    // A server that sends the first part of a file and holds the rest until the test lets it go,
    // so the indication can be seen mid-stream (the real server streams too fast to catch).
    let hold: ServerResponse | null = null;
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'Authorization, Content-Type, Source, TimeZoneOffset',
      'access-control-expose-headers': 'Content-Disposition',
    };
    const slow = await startServer((req, res) => {
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      if (req.url?.endsWith('/dashboard/export')) {
        res.writeHead(200, {
          ...cors,
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="slow.csv"',
        });
        res.write(`Booking number\n${'PB26000001\n'.repeat(6000)}`);
        hold = res;
        return;
      }
      if (req.url?.endsWith('/dashboard/search')) {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ TotalCount: 6000, StartRecordNumber: 1, PageSize: 20, ResultSet: [] }),
        );
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(req.url?.includes('/users/') ? '{"UserId":1,"GoodStanding":true}' : '[]');
    });
    try {
      const u = userEvent.setup();
      const root = real.adopt(
        buildRootStore({ token: await real.server.token('demo.customer'), apiBaseUrl: `${slow.url}/api` }),
      );
      renderAppAt('/app/dashboard', root);
      await screen.findByText('Rows 1–20 of 6000', undefined, { timeout: 15_000 });
      await u.click(screen.getByRole('button', { name: 'Export (CSV)' }));
      const status = await screen.findByText(/^\d+ KB received$/, undefined, { timeout: 15_000 });
      expect(screen.getByRole('progressbar', { name: 'Export (CSV) progress' })).toBeTruthy();
      expect(Number(status.textContent?.split(' ')[0])).toBeGreaterThan(0);
      (hold as ServerResponse | null)?.end('PB26000002\n');
      await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['slow.csv']));
      await waitFor(() => expect(screen.queryByText(/received$/)).toBeNull());
    } finally {
      (hold as ServerResponse | null)?.destroy();
      await slow.close();
    }
  });
});
