import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/booking-wizard';
import type { LoginPage } from '../fixtures/login-page';

/** Signs in and opens a page; the machine running this may be busy, so the first load may take a while. */
async function openAs(page: Page, loginPage: LoginPage, user: string, route: string, heading: string) {
  test.setTimeout(180_000);
  await loginPage.goto();
  await loginPage.signIn(user);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await page.goto(`/#${route}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
}

/** Nothing on the page is wider than the window (STYLE.md: small screens stack, never scroll sideways). */
async function expectNoSideways(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

// Issue 32: the analyst lowers poolRedeliveryChassisMax to 5 in the browser; the previewed pool
// redelivery then refuses a sixth chassis with the new number, the examples and the server's check
// say what the change breaks, and the downloaded file is the edited JSON.
test('the preview of pool redelivery with poolRedeliveryChassisMax lowered to 5 refuses a sixth chassis', async ({
  page,
  loginPage,
  wizard,
}, testInfo) => {
  await openAs(page, loginPage, 'demo.staff', '/flow_preview?flow=pool-redelivery', 'Flow Preview');
  const editor = page.getByRole('textbox', { name: 'limits.json' });
  // The sample data is in the form (the examples that must not fire, together).
  await expect(wizard.chassisIds).toHaveValue('PLCZ123456\nPLCZ000001');
  const original = await editor.inputValue();
  expect(original).toContain('"poolRedeliveryChassisMax": 1000');
  const edited = original.replace('"poolRedeliveryChassisMax": 1000', '"poolRedeliveryChassisMax": 5');
  await editor.fill(edited);

  // The widget over the chassis list reads the limit as typed: the sixth is refused, with the new number.
  const ids = ['PLCZ000001', 'PLCZ000002', 'PLCZ000003', 'PLCZ000004', 'PLCZ000005', 'PLCZ000006'];
  await wizard.chassisIds.fill(ids.join('\n'));
  await expect(page.getByText('1 chassis left out: at most 5 can be listed at a time.')).toBeVisible();

  // The rule's own examples at the old limit now fail, naming the limit.
  const examples = page.getByRole('region', { name: 'Examples' });
  await expect(examples).toContainText(
    'pool-redelivery.max-chassis, example "1000 chassis, the limit" (must not fire): it fired: "At most 5 chassis can be redelivered at a time',
  );
  await expect(examples).toContainText('It reads the limit poolRedeliveryChassisMax (5 in limits.json).');

  // Six chassis as data (the example that fires): the rule and the server's check refuse them with 5.
  await page.getByRole('combobox', { name: 'Sample data' }).selectOption({
    label: 'pool-redelivery.max-chassis: fires, 1001 chassis, one over the limit',
  });
  const tooMany = 'At most 5 chassis can be redelivered at a time: split the list into several redeliveries.';
  await expect(page.getByRole('region', { name: 'Rules that fire' })).toContainText(tooMany);
  await expect(page.getByRole('region', { name: 'What the server would answer' })).toContainText(tooMany);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSideways(page);
  await page.screenshot({ path: testInfo.outputPath('preview-1280.png'), fullPage: false });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download limits.json' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('limits.json');
  const text = readFileSync((await file.path()) as string, 'utf8');
  expect(text).toBe(edited);
  expect(JSON.parse(text).poolRedeliveryChassisMax).toBe(5);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(page);
  await page.screenshot({ path: testInfo.outputPath('preview-390.png'), fullPage: false });
});

test('each flow links to its catalogue page: fields, rules with examples, limits', async ({
  page,
  loginPage,
}, testInfo) => {
  await openAs(page, loginPage, 'demo.staff', '/pool_redelivery/request', 'Pool Redelivery');
  await page.getByRole('link', { name: 'Fields and rules of this flow' }).click();
  await expect(page).toHaveURL(/#\/flow_catalogue\/pool-redelivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flow Catalogue: Pool Redelivery' })).toBeVisible({
    timeout: 60_000,
  });
  const table = page.getByRole('table', { name: 'Fields of Request Redelivery' });
  await expect(table).toContainText('Return › Return location');
  await expect(table).toContainText('from the lookup locations');
  const rule = page.getByRole('article', { name: 'pool-redelivery.max-chassis' });
  await expect(rule).toContainText(
    'Fires when: the number of Chassis to return › Chassis IDs is more than the limit poolRedeliveryChassisMax',
  );
  await expect(rule).toContainText('Does not fire: 1000 chassis, the limit');
  await expect(page.getByText('poolRedeliveryChassisMax = 1000')).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSideways(page);
    await page.screenshot({ path: testInfo.outputPath(`catalogue-${width}.png`) });
  }
});

test('a customer without the analyst permission sees neither the link nor the pages', async ({
  page,
  loginPage,
}) => {
  await openAs(page, loginPage, 'demo.customer', '/pool_redelivery/request', 'Pool Redelivery');
  await expect(page.getByRole('link', { name: 'Fields and rules of this flow' })).toHaveCount(0);
  await page.goto('/#/flow_preview?flow=pool-redelivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Flow Preview' })).toHaveCount(0);
});
