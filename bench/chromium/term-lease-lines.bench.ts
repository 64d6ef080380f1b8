/**
 * Issue 16 bench, in Chromium: the term lease line items at their heaviest on the real page and
 * the real server — an order of 20 contract lines × 25 booked items (term-lease-data.ts seeds the
 * contract; the order is booked here through the API), opened for Edit from the dashboard's URL.
 * Figures, not assertions: first render (the contract's answer arrived → every booked item shown),
 * and one quantity keystroke (the line's sums and the fees recalculated): its own work (script,
 * style and layout — what must fit in one 16 ms frame), until the next paint, and until the page is
 * idle again (work a keystroke leaves for later shows there).
 * Goals (issue 16): first render ≤ 150 ms, keystroke ≤ 16 ms. Beside them, for reading them: the
 * next paint with nothing changed (what "until the next paint" costs at least: waiting for the
 * frame), and each line panel scrolled into view until painted (an off-screen panel's style,
 * layout and paint wait until then: content-visibility:auto).
 */
import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LoginPage } from '../../e2e/fixtures/login-page';
import { percentile } from '../measure';

const RUNS = 5;
const KEYS = 20;
const LINES = 20;
const ITEMS = 25;
const CONTRACT = 'TL-BENCH-20X25';

const report = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(60)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p95 ${percentile(sorted, 0.95).toFixed(1)} ms  (n=${times.length})`,
  );
};

/** Books the 20 × 25 order on the bench contract through the API, as demo.customer. */
async function bookBenchOrder(page: Page): Promise<{ orderId: number; firstLine: number }> {
  const token = await page.evaluate(() => localStorage.getItem('brr.token'));
  const headers = { authorization: `Bearer ${token}` };
  const contracts = (await (
    await page.request.get('/api/lookup/filteredLongtermMarket', { headers })
  ).json()) as Array<{
    ContractId: number;
    ContractNumber: string;
  }>;
  const contract = contracts.find((c) => c.ContractNumber === CONTRACT);
  if (!contract) throw new Error(`${CONTRACT} is not seeded (bench/chromium/term-lease-data.ts)`);
  const info = await (
    await page.request.get(`/api/longtermbooking/getContractInfo/${contract.ContractId}`, { headers })
  ).json();
  const lines = info.Lines as Array<{ EquipmentLineID: number; Locations: number[] }>;
  const res = await page.request.post('/api/longtermbooking/createlongtermbooking', {
    headers: { ...headers, 'idempotency-key': `bench-term-lease-${Date.now()}` },
    data: {
      Contract: { ContractId: contract.ContractId },
      LineItems: lines.slice(0, LINES).map((l) => ({
        EquipmentLineID: l.EquipmentLineID,
        BookedItems: l.Locations.slice(0, ITEMS).map((LocationId) => ({
          LocationId,
          UnitsRequestedCount: 1,
        })),
      })),
      Contact: {
        ContactName: 'Bench Dispatcher',
        EmailAddresses: 'bench@example.com',
        SendExternalNotification: false,
      },
      Acknowledged: ['term-lease.over-available'],
    },
  });
  if (res.status() !== 200) throw new Error(`createlongtermbooking: ${res.status()} ${await res.text()}`);
  const order = (await res.json()) as { BookingOrderId: number };
  return { orderId: order.BookingOrderId, firstLine: lines[0]?.EquipmentLineID ?? 0 };
}

test('term lease line items: 20 lines × 25 booked items', async ({ page }) => {
  test.setTimeout(900_000);
  console.log(`\n## Term lease line items, ${LINES} lines × ${ITEMS} booked items, Chromium (issue 16)`);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('demo.customer');
  await expect(page).toHaveURL(/dashboard/);
  const booking = Date.now();
  const { orderId, firstLine } = await bookBenchOrder(page);
  console.log(
    `order ${orderId} of ${LINES * ITEMS} bookings booked through the API in ${Date.now() - booking} ms`,
  );

  const render: number[] = [];
  const opened: number[] = [];
  const work: number[] = [];
  let workIncomplete = 0;
  const key: number[] = [];
  const idle: number[] = [];
  const floor: number[] = [];
  const scroll: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/#/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // BENCH_PROFILE=<file>: a CPU profile of the first opening, for Chrome DevTools.
    const profiling = run === 0 && process.env.BENCH_PROFILE;
    const cdp = profiling ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const times = await page.evaluate(
      async ({ orderId, rows }) => {
        performance.clearResourceTimings();
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const start = performance.now();
        location.hash = `#/term_lease/request?edit=${orderId}`;
        // The flow keeps the last run's lines until the order is opened again: wait for the answer.
        const answered = () =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/longtermbooking/getContractInfo'))
            .at(-1) as PerformanceResourceTiming | undefined;
        const shownRows = () => document.querySelectorAll('[data-testid="booked-item"]').length;
        // Bounded: a bench that waits for ever says nothing (one run hung once, where is not known).
        while (!answered() || shownRows() < rows) {
          if (performance.now() - start > 60_000)
            throw new Error(
              `after 60 s: contract answer ${answered() ? 'seen' : 'not seen'}, ${shownRows()} of ${rows} rows`,
            );
          await frame();
        }
        await frame();
        const shown = performance.now();
        const answer = answered() as PerformanceResourceTiming;
        return { render: shown - answer.responseEnd, opened: shown - start };
      },
      { orderId, rows: LINES * ITEMS },
    );
    if (cdp && profiling) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profiling, JSON.stringify(profile));
      await cdp.detach();
    }
    render.push(times.render);
    opened.push(times.opened);
    // Settle (availability's answer, fees) before typing.
    await page.waitForLoadState('networkidle');
    const input = `input[aria-label="Line ${firstLine} location 1: units"]`;
    for (let k = 0; k < KEYS / RUNS; k++) {
      const t = await page.evaluate(
        async ({ selector, sumsSelector, value }) => {
          const el = document.querySelector(selector) as HTMLInputElement;
          const sums = () => document.querySelector(sumsSelector)?.textContent ?? '';
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (
            v: string,
          ) => void;
          // After the next paint: a message posted from an animation frame is handled once that
          // frame has been painted (two frames would count a whole frame of waiting for vsync).
          const painted = () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve();
                channel.port2.postMessage(null);
              }),
            );
          const start = performance.now();
          setter.call(el, value);
          el.dispatchEvent(new Event('input', { bubbles: true }));
          // React flushes a discrete event's update in a microtask; reading layout then makes the
          // browser do the style and layout the keystroke caused: its work, before any waiting.
          await Promise.resolve();
          await Promise.resolve();
          void document.body.offsetHeight;
          const work = performance.now() - start;
          const sumsAfterWork = sums();
          await painted();
          const rendered = performance.now() - start;
          // At most 5 s: a page that never idles must not hang the bench (the figure then says 5 s).
          await new Promise((r) => requestIdleCallback(r, { timeout: 5000 }));
          // The work figure counts only if the line's sums had already changed by then.
          return { work, rendered, idle: performance.now() - start, complete: sumsAfterWork === sums() };
        },
        // The last key puts the order's count back: nothing left unsaved when leaving for the dashboard.
        {
          selector: input,
          sumsSelector: `[data-testid="line-${firstLine}-sums"]`,
          value: k === KEYS / RUNS - 1 ? '1' : String(2 + (k % 2)),
        },
      );
      if (t.complete) work.push(t.work);
      else workIncomplete++;
      key.push(t.rendered);
      idle.push(t.idle);
    }
    await expect(page.getByTestId(`line-${firstLine}-sums`)).toContainText(`selected ${ITEMS}`);
    // The keystroke's floor: the same two frames with nothing changed.
    floor.push(
      await page.evaluate(async () => {
        const start = performance.now();
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
        );
        return performance.now() - start;
      }),
    );
    // What an off-screen panel leaves for later (content-visibility:auto): each panel scrolled
    // into view in turn until painted.
    scroll.push(
      ...(await page.evaluate(async () => {
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const times: number[] = [];
        for (const panel of document.querySelectorAll('section[aria-label^="Line "]')) {
          const start = performance.now();
          panel.scrollIntoView({ block: 'start' });
          await frame();
          await frame();
          times.push(performance.now() - start);
        }
        window.scrollTo(0, 0);
        return times;
      })),
    );
  }
  report('first render (contract answer → 500 items painted)', render);
  report('opening the order for Edit (URL → 500 items painted)', opened);
  report('one quantity keystroke, its work (script, style, layout)', work);
  if (workIncomplete > 0)
    console.log(`  (${workIncomplete} keystrokes left out: their sums changed only after the measured work)`);
  report('one quantity keystroke, until the next paint', key);
  report('one quantity keystroke, until idle', idle);
  report('next paint with nothing changed (the keystroke floor)', floor);
  report('one line panel scrolled into view, painted', scroll);
});
