/**
 * Issue 15 §4, in Chromium: the bytes the browser really transferred (compressed, as on the wire,
 * read from the DevTools protocol) for a first visit to /login, for signing in as demo.staff up to
 * the dashboard showing its results, and for a second visit (hashed assets from the cache). Figures,
 * not assertions; the build's own view is bench/first-load.ts.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { LoginPage } from '../../e2e/fixtures/login-page';
import { reportFirstLoad } from '../first-load';

interface Transfer {
  url: string;
  type: string;
  bytes: number;
}

/** Records every finished request's encoded (wire) length until stopped. */
async function recordTransfers(page: Page): Promise<{ cdp: CDPSession; take: () => Transfer[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, { url: string; type: string }>();
  let done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => pending.set(e.requestId, { url: e.response.url, type: e.type }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  return {
    cdp,
    take: () => {
      const out = done;
      done = [];
      return out;
    },
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function report(label: string, transfers: Transfer[]) {
  const of = (pred: (t: Transfer) => boolean) => {
    const list = transfers.filter(pred);
    return `${list.length} requests, ${kb(list.reduce((a, t) => a + t.bytes, 0))}`;
  };
  console.log(`${label}`);
  console.log(`  JavaScript   ${of((t) => t.type === 'Script')}`);
  console.log(`  CSS          ${of((t) => t.type === 'Stylesheet')}`);
  console.log(`  API calls    ${of((t) => t.type === 'XHR' || t.type === 'Fetch')}`);
  console.log(`  of which lookups ${of((t) => t.url.includes('/api/lookup/'))}`);
  console.log(`  everything   ${of(() => true)}`);
}

test('bytes transferred: /login, sign-in to the dashboard, and a second visit', async ({ page }) => {
  // npm start has just built dist/: the build's view first.
  reportFirstLoad();
  console.log('\n## First load in Chromium, bytes on the wire (issue 15 §4)');
  const { take } = await recordTransfers(page);
  const login = new LoginPage(page);
  await login.goto();
  await page.waitForLoadState('networkidle');
  report('/login, first visit (empty cache):', take());

  await login.signIn('demo.staff');
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // The lookups that follow and the preloaded areas finish in the background: wait for quiet.
  await page.waitForTimeout(3_000);
  report('sign-in → dashboard (after /login):', take());

  await page.reload();
  await expect(page.getByRole('table', { name: 'Bookings' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  report('dashboard, second visit (reload, assets cached):', take());
});
