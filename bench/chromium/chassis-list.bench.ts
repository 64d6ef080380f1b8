/**
 * Issue 17 bench, in Chromium: the bulk chassis list of pool redelivery (the real page on the real
 * server) against RJSF's chakra array field holding the same 1,000 IDs (rjsf-array-harness.tsx),
 * in the same run. Figures, not assertions: render of 1,000 IDs, paste → every verdict shown, one
 * keystroke in the list. Goals (issue 17): ≥ 10× faster render, keystroke ≤ 50 ms, paste → verdicts ≤ 300 ms.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { LoginPage } from '../../e2e/fixtures/login-page';
import { percentile } from '../measure';

const RUNS = 5;
const ids = Array.from({ length: 1000 }, (_, i) => `PLCZ${String(900000 + i)}`);

/**
 * Sets a text control's value as typing would (React sees an input event): ms until two frames
 * later (rendered), and until the page shows `until` (when given).
 */
async function typeInto(
  page: Page,
  selector: string,
  value: string,
  until: string | null,
): Promise<{ rendered: number; shown: number }> {
  return page.evaluate(
    async ({ selector, value, until }) => {
      const el = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement;
      const proto =
        el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set as (v: string) => void;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const start = performance.now();
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      await frame();
      const rendered = performance.now() - start;
      if (until) while (!document.body.textContent?.includes(until)) await frame();
      return { rendered, shown: performance.now() - start };
    },
    { selector, value, until },
  );
}

const report = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(56)} p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p95 ${percentile(sorted, 0.95).toFixed(1)} ms  (n=${times.length})`,
  );
  return percentile(sorted, 0.5);
};

test('bulk chassis list against the RJSF chakra array field, 1,000 IDs', async ({ page }) => {
  console.log('\n## Bulk chassis list, 1,000 IDs, Chromium (issue 17)');
  // The peer first: RJSF's array field, bundled from the app's own packages.
  const bundle = join(tmpdir(), `rjsf-array-harness-${process.pid}.js`);
  execFileSync('node_modules/.bin/esbuild', [
    'bench/chromium/rjsf-array-harness.tsx',
    '--bundle',
    '--format=iife',
    '--jsx=automatic',
    '--define:process.env.NODE_ENV="production"',
    '--minify',
    `--outfile=${bundle}`,
    '--log-level=warning',
  ]);
  const script = readFileSync(bundle, 'utf8');
  const peerRender: number[] = [];
  const peerKey: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.setContent('<div id="root"></div>');
    await page.evaluate((list) => {
      window.__ids = list;
    }, ids);
    await page.addScriptTag({ content: script });
    peerRender.push(
      await page.evaluate(async () => {
        const start = performance.now();
        window.__renderPeer();
        while (document.querySelectorAll('input').length < 1000)
          await new Promise((r) => requestAnimationFrame(r));
        return performance.now() - start;
      }),
    );
    peerKey.push((await typeInto(page, 'input[id$="_500"]', `${ids[500]}X`, null)).rendered);
  }
  const peerRenderP50 = report('RJSF chakra array field: render 1,000 items', peerRender);
  report('RJSF chakra array field: one keystroke', peerKey);

  // Ours: the pool redelivery page of the real app, signed in as demo.customer.
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('demo.customer');
  await expect(page).toHaveURL(/dashboard/);
  const render: number[] = [];
  const verdicts: number[] = [];
  const key: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/#/app/dashboard');
    await page.goto('/#/pool_redelivery/request');
    await expect(page.getByRole('heading', { level: 1, name: 'Pool Redelivery' })).toBeVisible();
    // Each run its own IDs, so the server is asked every time (verdicts are cached per ID).
    const list = ids.map((id) => id.replace('PLCZ9', `PLCZ${run + 1}`));
    // The flow keeps what the last run left (the shared flow state): start each paste from empty.
    await typeInto(page, 'textarea', '', null);
    await expect(page.getByRole('list', { name: 'Chassis ID checks' })).toHaveCount(0);
    const paste = await typeInto(page, 'textarea', list.join('\n'), 'Not checked yet (0)');
    expect(paste.rendered).toBeLessThan(paste.shown);
    render.push(paste.rendered);
    verdicts.push(paste.shown);
    key.push((await typeInto(page, 'textarea', `${list.join('\n')}\nX`, null)).rendered);
  }
  const renderP50 = report('bulk chassis list: render 1,000 pasted IDs', render);
  report('bulk chassis list: paste → every verdict shown', verdicts);
  report('bulk chassis list: one keystroke', key);
  console.log(`render speed-up over the RJSF array field: ${(peerRenderP50 / renderP50).toFixed(1)}×`);
});

declare global {
  interface Window {
    __ids: string[];
    __renderPeer: () => void;
  }
}
