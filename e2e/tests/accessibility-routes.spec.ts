import type { Page } from '@playwright/test';
import { seriousA11yFindings } from '../fixtures/axe';
import { expect, test } from '../fixtures/index';

/**
 * Issue 11 §6: axe-core (WCAG 2.1 A/AA and best practice) on every route of SPEC §2 a customer
 * and a staff user can open — each entry of their menu, plus staff's inventory booking, which is
 * reached from the availability screen — and no serious or critical finding on any of them. The
 * page's CSP forbids inline scripts, so axe is injected with the CSP bypassed (the test browser only).
 */
test.use({ bypassCSP: true });

const BUSY = '[data-loading], [aria-busy="true"]';

/**
 * axe's findings on the page as it settles: nothing loading before the run, and nothing starting
 * to load during it (a search a page starts on its own); else it looks again. A busy button is
 * checked by its own tests.
 */
async function settledFindings(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator(BUSY)).toHaveCount(0);
    // A button that just stopped loading fades back to its colours (a CSS transition): axe judged
    // its contrast half-way once. Let every finite transition and animation finish first.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    await page.evaluate((busy) => {
      const w = window as unknown as { busySeen: boolean; busyWatch?: MutationObserver };
      w.busySeen = document.querySelector(busy) !== null;
      w.busyWatch?.disconnect();
      // Any busy flag set or cleared, or a busy element added, while axe runs: look again.
      w.busyWatch = new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes') w.busySeen = true;
          for (const n of r.addedNodes)
            if (n instanceof Element && (n.matches(busy) || n.querySelector(busy))) w.busySeen = true;
        }
      });
      w.busyWatch.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-loading', 'aria-busy'],
      });
    }, BUSY);
    const found = await seriousA11yFindings(page);
    const busyMeanwhile = await page.evaluate(() => (window as unknown as { busySeen: boolean }).busySeen);
    if (!busyMeanwhile || attempt === 5) return found;
  }
}

const EXTRA_ROUTES: Record<string, readonly string[]> = {
  'demo.customer': [],
  'demo.staff': ['/inventory_booking/request'],
};

for (const user of ['demo.customer', 'demo.staff'] as const) {
  test(`every route ${user} can open has no serious or critical accessibility finding`, async ({
    page,
    loginPage,
    shell,
  }) => {
    test.setTimeout(240_000);
    await loginPage.goto();
    await loginPage.signIn(user);
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await shell.openMenu();
    const hrefs = await shell.menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const routes = [
      ...new Set([...hrefs.filter((h) => h.startsWith('#/')).map((h) => h.slice(1)), ...EXTRA_ROUTES[user]]),
    ];
    expect(routes.length).toBeGreaterThan(4);
    await page.keyboard.press('Escape');
    await expect(shell.menu).toBeHidden();
    const findings: Record<string, unknown> = {};
    for (const route of routes) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const found = await settledFindings(page);
      if (found.length > 0) findings[route] = found;
    }
    expect(findings).toEqual({});
  });
}
