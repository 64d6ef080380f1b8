import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index';
import type { LoginPage } from '../fixtures/login-page';
import { chartMarks, codeShapedText, look, screenshot, settle, WIDTHS } from '../fixtures/what-a-person-sees';

/**
 * Issue 25: every route a customer, a staff user and a read-only staff user can open, at 1280 px
 * and on a 390 px phone, as a person sees it in Chromium — no sideways scroll, every control and
 * each table's identifying and action/result columns inside the window, no serious or critical axe
 * finding — plus the states a person reaches (a detail page, the audit trail, the charts). Each
 * screen is saved to e2e-screens/ for a reviewer to page through.
 */
test.use({ bypassCSP: true });

/** Signs in and waits for the dashboard (the first page after sign-in loads its code and lookups). */
async function signIn(page: Page, loginPage: LoginPage, user: string): Promise<void> {
  await loginPage.goto();
  await loginPage.signIn(user);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
}

async function menuRoutes(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return [...new Set(hrefs.filter((h) => h.startsWith('#/')).map((h) => h.slice(1)))];
}

const EXTRA_ROUTES: Record<string, readonly string[]> = {
  'demo.customer': ['/my_account/info'],
  'demo.staff': ['/inventory_booking/request', '/my_account/info'],
  'demo.readonly': [],
};

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const user of ['demo.customer', 'demo.staff', 'demo.readonly'] as const) {
      test(`every route ${user} opens fits, reads and passes axe`, async ({ page, loginPage }) => {
        test.setTimeout(600_000);
        await signIn(page, loginPage, user);
        const routes = [...(await menuRoutes(page)), ...EXTRA_ROUTES[user]];
        expect(routes.length).toBeGreaterThan(3);
        const problems: Record<string, unknown> = {};
        for (const route of routes) {
          await page.goto(`/#${route}`);
          await look(page, `${size.width}-${user}-${route}`, problems);
        }
        expect(problems).toEqual({});
      });
    }

    test('a booking’s detail page and the audit trail read names, not codes', async ({ page, loginPage }) => {
      test.setTimeout(120_000);
      await signIn(page, loginPage, 'demo.staff');
      const problems: Record<string, unknown> = {};
      const results = page.getByRole(size.width < 768 ? 'list' : 'table', { name: 'Bookings' });
      await results.getByRole('link').first().click();
      await expect(page).toHaveURL(/details\//);
      await look(page, `${size.width}-staff-detail`, problems);
      const detailCodes = await codeShapedText(page);
      if (detailCodes.length > 0) problems['detail codes'] = detailCodes;

      await page.goto('/#/audit_trail');
      await settle(page);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await look(page, `${size.width}-staff-audit-results`, problems);
      const auditCodes = await codeShapedText(page);
      if (auditCodes.length > 0) problems['audit codes'] = auditCodes;
      expect(problems).toEqual({});
    });

    test('inventory availability draws both charts with marks', async ({ page, loginPage }) => {
      test.setTimeout(120_000);
      await signIn(page, loginPage, 'demo.staff');
      await page.goto('/#/inventory_availability/request');
      await settle(page);
      // A table at 1280 px, cards on a phone.
      await expect(
        page.getByRole(size.width < 768 ? 'list' : 'table', { name: 'Availability by location and size' }),
      ).toBeVisible({ timeout: 30_000 });
      await settle(page);
      await screenshot(page, `${size.width}-staff-availability-charts`);
      const charts = page.locator('section[aria-label] [role="img"]');
      await expect(charts).toHaveCount(2);
      for (const name of await charts.evaluateAll((els) =>
        els.map((e) => e.getAttribute('aria-label') ?? ''),
      ))
        await expect
          .poll(() => chartMarks(page, `[aria-label="${name}"]`), { message: name })
          .toBeGreaterThan(0);
      // Each location's name whole inside its chart: none cut at the chart's left or bottom edge.
      const names = await page
        .locator('[role="img"][aria-label$="(bar chart)"] svg.recharts-surface')
        .evaluate((svg) => {
          const box = svg.getBoundingClientRect();
          return [
            ...svg.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
          ].map((label) => {
            const r = label.getBoundingClientRect();
            const inside = r.left >= box.left - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
            return { name: label.textContent, inside };
          });
        });
      expect(names.length).toBeGreaterThan(3);
      expect(names.filter((n) => !n.inside).map((n) => n.name)).toEqual([]);
      // The trend's legend names markets and its axis days: "Atlanta booked", "Oct 5", whole inside
      // the chart; never "ATL booked" or "2026-10-05".
      const trend = await page.locator('[role="img"][aria-label$="(line chart)"]').evaluate((chart) => {
        const svg = chart.querySelector('svg.recharts-surface');
        const box = svg?.getBoundingClientRect();
        const ticks = [
          ...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
        ];
        return {
          legend: [...chart.querySelectorAll('.chakra-chart__legendItem, [class*="legend"] span')]
            .map((e) => e.textContent?.trim() ?? '')
            .filter(Boolean),
          weeks: ticks.map((t) => t.textContent ?? ''),
          cut: ticks
            .filter((t) => {
              const r = t.getBoundingClientRect();
              return !box || r.left < box.left - 1 || r.right > box.right + 1;
            })
            .map((t) => t.textContent),
        };
      });
      expect(trend.legend).toContain('Atlanta booked');
      expect(trend.legend.filter((text) => /\b[A-Z]{3} (booked|available now)$/.test(text))).toEqual([]);
      expect(trend.weeks.length).toBeGreaterThan(3);
      expect(trend.weeks.filter((week) => !/^[A-Z][a-z]{2} \d{1,2}$/.test(week))).toEqual([]);
      expect(trend.cut).toEqual([]);
    });
  });
}
