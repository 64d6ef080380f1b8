import type { APIRequestContext } from '@playwright/test';
import type { HeldChassisList } from '../../src/schemas/chassis';
import { termLeaseChassisMessage } from '../../src/server/bookings/reuse/booker';
import { expect, openFlowAs, test } from '../fixtures/booking-wizard';
import { DEMO_PASSWORD } from '../fixtures/login-page';
import { geometryProblems, screenshot, WIDTHS } from '../fixtures/what-a-person-sees';

// SPEC §5: reuse chassis IDs are four letters plus six digits, with or without a hyphen.
test('a reuse booking with a badly formed chassis ID shows why and goes no further', async ({
  loginPage,
  shell,
  wizard,
  page,
}) => {
  await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/reuse/request/new', 'Reuse Booking');
  await wizard.expectStep('Request Booking');

  await wizard.chassisIds.fill('PLCZ-123456\nPLCZ12345X');
  const checks = page.getByRole('list', { name: 'Chassis ID checks' });
  await expect(checks).toContainText(
    'PLCZ12345X is not a valid chassis ID: use four letters and six digits, with or without a hyphen',
  );
  await wizard.fillContact();
  await wizard.next();

  await wizard.expectStep('Request Booking');
  await expect(wizard.chassisIds).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
});

/** A chassis demo.customer's company holds, as the held-chassis list gives it for `purpose`. */
async function heldFor(
  request: APIRequestContext,
  purpose: 'reuse' | 'termLeaseRedelivery',
): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { UserId: 'demo.customer', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;
  const res = await request.get(`/api/chassis/held?Purpose=${purpose}&PageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as HeldChassisList).ResultSet[0]?.ChassisId;
  expect(id, `demo.customer holds a chassis for ${purpose}`).toMatch(/^[A-Z]{4}\d{6}$/);
  return id as string;
}

// Issue 25: step 1 refuses what the submit would (a term lease), and names pasted text that is not an ID.
for (const size of WIDTHS)
  test(`at ${size.width} px a pasted term-lease chassis is refused on step 1 as the submit would, and entries that are not IDs are named`, async ({
    loginPage,
    shell,
    wizard,
    page,
    request,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const pool = await heldFor(request, 'reuse');
    const termLeased = await heldFor(request, 'termLeaseRedelivery');
    await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/reuse/request/new', 'Reuse Booking');
    await wizard.expectStep('Request Booking');

    await wizard.chassisIds.fill([pool, termLeased, 'XXXX', 'plcz 123'].join('\n'));
    const checks = page.getByRole('list', { name: 'Chassis ID checks' });
    await expect(checks.getByRole('listitem')).toHaveText([
      new RegExp(`^${termLeaseChassisMessage(termLeased)}`),
      new RegExp(`^${pool} — found`),
    ]);
    const note = page
      .getByRole('status')
      .filter({ hasText: '2 entries are not chassis IDs and were not listed: XXXX, plcz 123.' });
    await expect(note).toBeVisible();
    await expect(page.getByText('1 valid of 2 (at most 1,000); 1 with a problem.')).toBeVisible();
    expect(await geometryProblems(page)).toEqual([]);
    await screenshot(page, `booking-reuse-${size.name}-refused-on-step-1`);

    await wizard.fillContact();
    await wizard.next();
    // Next stays on step 1 and brings the list, with the refused row, back into view.
    await wizard.expectStep('Request Booking');
    await expect(wizard.chassisIds).toHaveAttribute('aria-invalid', 'true');
    await expect(wizard.chassisIds).toBeInViewport();
    await expect(checks.getByRole('listitem').first()).toBeInViewport();
    await expect(page.getByRole('heading', { level: 2, name: 'Review Booking' })).toHaveCount(0);
    expect(await geometryProblems(page)).toEqual([]);
    await screenshot(page, `booking-reuse-${size.name}-next-refused`);

    // Without the term-leased chassis, Next goes on to the review.
    await page.getByRole('button', { name: `Remove ${termLeased}` }).click();
    await expect(page.getByText('1 valid of 1 (at most 1,000).')).toBeVisible();
    await wizard.next();
    await wizard.expectStep('Review Booking');
    await expect(page.getByText('1 chassis', { exact: true })).toBeVisible();
  });
