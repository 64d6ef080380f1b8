import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redeliverableChassis } from '../../tests/helpers/held-chassis';
import { expect, test } from '../fixtures/booking-wizard';
import { DEMO_PASSWORD } from '../fixtures/login-page';
import { geometryProblems, screenshot, WIDTHS } from '../fixtures/what-a-person-sees';
import { FLOW_FILES_DIR } from './playwright.dev.config';

const limitsFile = join(FLOW_FILES_DIR, 'rules', 'limits.json');
const tooMany = (n: number) =>
  `At most ${n} chassis can be redelivered at a time: split the list into several redeliveries.`;

// Issue 32: in development an analyst changes poolRedeliveryChassisMax in limits.json while a
// customer's pool redelivery is open. The form re-checks with the new number without a reload (a
// marker set on the page before the edit is still there), and the development server enforces the
// new limit from its next call: it refuses six chassis at 5, and books the form's six at 6.
test('a changed limit reaches the open form without a reload and the dev server enforces it', async ({
  page,
  loginPage,
  wizard,
  request,
}) => {
  test.setTimeout(180_000);
  const original = readFileSync(limitsFile, 'utf8');
  expect(original).toContain('"poolRedeliveryChassisMax": 1000');
  const setLimit = (n: number) =>
    writeFileSync(
      limitsFile,
      original.replace('"poolRedeliveryChassisMax": 1000', `"poolRedeliveryChassisMax": ${n}`),
    );

  const login = await request.post('/api/auth/login', {
    data: { UserId: 'demo.customer', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const held = await redeliverableChassis(async (method, path, body) => {
    const res =
      method === 'GET'
        ? await request.get(path, { headers })
        : await request.post(path, { headers, data: body });
    expect(res.status(), `${method} ${path}`).toBe(200);
    return res.json();
  }, 6);
  expect(held).toHaveLength(6);
  /** What the server answers to a redelivery of these chassis to no location (never booked). */
  const serverAnswer = async (chassis: string[]) => {
    const res = await request.post('/api/poolredelivery', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: {
        Redelivery: { LocationId: 1, RedeliveryDate: new Date().toISOString().slice(0, 10), ReasonCode: 'X' },
        Chassis: { ChassisIds: chassis },
        Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
      },
    });
    expect(res.status()).toBe(400);
    return res.text();
  };
  expect(await serverAnswer(held)).not.toContain('chassis can be redelivered at a time');
  const marker = () => page.evaluate(() => (window as unknown as { beforeTheEdit?: boolean }).beforeTheEdit);

  try {
    // Vite transforms each module on its first request: the first pages take longer than built ones.
    const firstLoad = { timeout: 60_000 };
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible(firstLoad);
    await loginPage.signIn('demo.customer');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(firstLoad);
    await page.goto('/#/pool_redelivery/request');
    await expect(page.getByRole('heading', { level: 1, name: 'Pool Redelivery' })).toBeVisible(firstLoad);
    await wizard.chassisIds.fill(held.join('\n'));
    await expect(page.getByText('6 valid of 6 (at most 1,000).')).toBeVisible();
    await wizard.choose('Return location', 'Crossroads Chicago Depot');
    await wizard.field('Return date').fill(new Date().toISOString().slice(0, 10));
    await wizard.choose('Pool redelivery reason', 'End of season');
    await wizard.fillContact();
    await page.evaluate(() => {
      (window as unknown as { beforeTheEdit: boolean }).beforeTheEdit = true;
    });

    setLimit(5);
    // The open form checks what is typed against the new rules at once, as Next would.
    await expect(page.getByText(tooMany(5))).toBeVisible();
    await expect(page.getByText('6 valid of 6 (at most 5).')).toBeVisible();
    // The same page: a reload would have dropped the marker (and the typed form with it).
    expect(await marker()).toBe(true);
    await expect(wizard.chassisIds).toHaveValue(held.join('\n'));
    await expect(wizard.field('Contact name')).toHaveValue('Casey Customer');
    // The server reloads on its own watch, a moment apart from the browser: its answers follow once it has.
    await expect.poll(() => serverAnswer(held), { timeout: 10_000 }).toContain(tooMany(5));
    for (const { name, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.getByText(tooMany(5)).scrollIntoViewIfNeeded();
      await expect(page.getByText(tooMany(5))).toBeInViewport();
      expect(await geometryProblems(page)).toEqual([]);
      await screenshot(page, `flow-hot-reload-limit-5-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    setLimit(6);
    await expect(page.getByText('6 valid of 6 (at most 6).')).toBeVisible();
    await expect(page.getByText(tooMany(5))).toHaveCount(0);
    await expect.poll(() => serverAnswer([...held, 'PLCZ900001']), { timeout: 10_000 }).toContain(tooMany(6));

    await wizard.next();
    await expect(page.getByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeVisible();
    await wizard.submit();
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm Redelivery' })).toBeVisible();
    await expect(page.getByText(/^PR\d{8}$/).first()).toBeVisible();
    expect(await marker()).toBe(true);
  } finally {
    // The copy is made afresh for every run; this leaves it as copied for a repeated test.
    writeFileSync(limitsFile, original);
  }
});
