/**
 * Issue 30 §3, the part of Sign In → first rows that is the page's own: from the moment the
 * dashboard's search answer has arrived (its Resource Timing `responseEnd`) to the frame after its
 * twenty new rows are in the page, paging Next and Previous on the dashboard twelve times, timed
 * inside the page (no Playwright polling while it runs). Full speed, no throttling: this is the
 * main thread's work. Also the dashboard drawn anew (its form, summary and rows): from the URL
 * naming it again, after another page, to the frame after its rows. Figures, not assertions.
 */
import { expect, type Page, test } from '@playwright/test';
import { LoginPage } from '../../e2e/fixtures/login-page';

const TURNS = 12;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** demo.customer signed in, on the dashboard with its first rows. */
async function signedInDashboard(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('demo.customer');
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).getByText(/^Rows \d+–\d+ of \d+$/),
  ).toBeVisible();
}

test('a search answer → its twenty rows painted, paging the dashboard', async ({ page }) => {
  await signedInDashboard(page);
  const gaps: Record<string, number[]> = { 'Next page': [], 'Previous page': [] };
  for (let turn = 0; turn < TURNS; turn++) {
    const label = turn % 2 === 0 ? 'Next page' : 'Previous page';
    const gap = await page.evaluate(async (label) => {
      const shown = () => document.querySelector('nav[aria-label="Pagination"]')?.textContent ?? '';
      const before = shown();
      const button = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
      if (!button) throw new Error(`no ${label} button`);
      performance.clearResourceTimings();
      button.click();
      await new Promise<void>((resolve) => {
        const check = () =>
          shown() !== before && !document.querySelector('[aria-label="Searching bookings"]')
            ? resolve()
            : requestAnimationFrame(check);
        requestAnimationFrame(check);
      });
      // The frame that draws the rows, then the task after it.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const painted = performance.now();
      const answer = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/dashboard/search'))
        .pop() as PerformanceResourceTiming | undefined;
      if (!answer) throw new Error('no search was timed');
      return painted - answer.responseEnd;
    }, label);
    gaps[label]?.push(gap);
  }
  console.log('\n## A search answer → its 20 rows painted, paging the dashboard (issue 30 §3)');
  for (const [label, values] of Object.entries(gaps))
    console.log(
      `${label}: median ${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`,
    );
});

test('the dashboard drawn anew: the URL naming it → its rows painted', async ({ page }) => {
  await signedInDashboard(page);
  const times: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    await page.evaluate(() => {
      location.hash = '#/my/account/info';
    });
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Dashboard');
    await expect(page.getByRole('table', { name: 'Bookings' })).toHaveCount(0);
    times.push(
      await page.evaluate(async () => {
        const start = performance.now();
        location.hash = '#/app/dashboard';
        await new Promise<void>((resolve) => {
          const check = () =>
            document.querySelector('table[aria-label="Bookings"] tbody tr') &&
            !document.querySelector('[aria-label="Searching bookings"]')
              ? resolve()
              : requestAnimationFrame(check);
          requestAnimationFrame(check);
        });
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - start;
      }),
    );
  }
  console.log('\n## The dashboard drawn anew: the URL naming it → its rows painted (issue 30 §3)');
  console.log(`median ${median(times).toFixed(0)} ms (${times.map((v) => v.toFixed(0)).join(', ')})`);
});
