/**
 * Issue 27, in Chromium at 1280×800 and 390×844: staff's customer picker filters by whether the
 * customer may pool-book (SPEC §9), and a customer's motor-carrier picker finds other carriers and
 * says what it searched when nothing matches.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures/login-page';
import { expect as baseExpect, test } from '../fixtures/reposition-request';

/** The machine these run on is shared and loaded: every wait is on a condition, with room to spare. */
const expect = baseExpect.configure({ timeout: 45_000 });

async function at(page: Page, route: string, title: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`#${route.replace(/[/?]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await at(page, '/app/dashboard', 'Dashboard');
}

async function lookup(request: APIRequestContext, user: string, path: string) {
  const login = await request.post('/api/auth/login', {
    data: { UserId: user, Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{
    CustomerId: number;
    CustomerName: string;
    CustomerNameWithSCAC: string;
  }>;
}

// A shared, loaded machine: these tests wait on conditions, never on fixed times.
test.describe.configure({ timeout: 120_000 });

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`staff find customers by whether they may pool-book (${size.width}×${size.height})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const [notAllowed] = await lookup(request, 'demo.staff', '/api/lookup/customers?poolBookingAllowed=2');
    if (!notAllowed) throw new Error('the demo data has no customer that may not pool-book');
    const name = notAllowed.CustomerNameWithSCAC;
    await signIn(page, 'demo.staff');
    await page.goto('/#/pool_booking/request');
    await at(page, '/pool_booking/request', 'Pool Booking');
    const matches = page.getByRole('list', { name: 'Matching customers' });
    await page.getByLabel('May pool-book').selectOption({ label: 'No' });
    await page.getByPlaceholder('Name or SCAC').first().fill(notAllowed.CustomerName.slice(0, 4));
    await expect(matches.getByRole('button', { name })).toBeVisible();
    await page.screenshot({ path: `test-results/issue27-customer-picker-${size.width}.png` });
    expect(await fitsWidth(page)).toBe(true);
    await page.getByLabel('May pool-book').selectOption({ label: 'Yes' });
    await expect(matches.getByRole('button', { name })).toHaveCount(0);
  });

  test(`a customer's motor-carrier picker finds other carriers and says why nothing matched (${size.width}×${size.height})`, async ({
    page,
    reposition,
    request,
  }) => {
    await page.setViewportSize(size);
    const carriers = await lookup(request, 'demo.staff', '/api/lookup/motorCarriers?search=Tr');
    const other = carriers.find((c) => c.CustomerId !== 1 && !/Suspended/.test(c.CustomerName));
    if (!other) throw new Error('the demo data has no other motor carrier');
    await signIn(page, 'demo.customer');
    await page.goto('/#/reposition_booking/request');
    await at(page, '/reposition_booking/request', 'Reposition Booking');
    await reposition.fillHeader();
    await page.getByRole('button', { name: 'Add destination' }).click();
    const group = reposition.destination(0);
    await reposition.field('Motor carrier', group).fill('zzq');
    const status = group.getByRole('status').filter({ hasText: 'No motor carrier matches' });
    await expect(status).toHaveText(
      /No motor carrier matches “zzq”\. We searched the names and SCACs of active motor carriers/,
    );
    await status.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/issue27-motor-carrier-${size.width}.png` });
    expect(await fitsWidth(page)).toBe(true);
    await reposition.field('Motor carrier', group).fill(other.CustomerName.slice(0, 5));
    await expect(
      group
        .getByRole('list', { name: 'Matching motor carriers' })
        .getByRole('button', { name: other.CustomerNameWithSCAC }),
    ).toBeVisible();
    await expect(status).toHaveCount(0);
  });
}
