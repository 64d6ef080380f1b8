import { redeliverableChassis } from '../../tests/helpers/held-chassis';
import { apiCallAs } from '../fixtures/api-call';
import { expect, openFlowAs, test } from '../fixtures/booking-wizard';

// Issue 17: demo.customer pastes 1,000 chassis lines into pool redelivery — chassis they hold,
// the same again (some typed in lowercase with a hyphen), another provider's, badly formed and
// unknown IDs — sees a verdict on every row, removes the invalid ones in one click and submits.
test('demo.customer pastes 1,000 chassis lines into pool redelivery and submits the valid ones', async ({
  page,
  loginPage,
  shell,
  wizard,
  request,
}) => {
  test.setTimeout(120_000);
  const held = await redeliverableChassis(await apiCallAs(request, 'demo.customer'), 40);
  expect(held).toHaveLength(40);

  const lines = [
    ...held,
    ...held.map((id, i) => (i % 2 ? id : `${id.slice(0, 4).toLowerCase()}-${id.slice(4)}`)),
    // Another provider's, badly formed and unknown, mixed as a real export would be.
    ...Array.from({ length: 200 }, (_, i) => [
      `ABCZ${String(300000 + i)}`,
      `PLCZ${String(10000 + i)}X`,
      `PLCZ${String(900000 + i)}`,
    ]).flat(),
    ...Array.from({ length: 320 }, (_, i) => `PLCZ${String(900200 + i)}`),
  ];
  expect(lines).toHaveLength(1000);

  await openFlowAs(
    { loginPage, shell, page },
    'demo.customer',
    '/pool_redelivery/request',
    'Pool Redelivery',
  );
  await wizard.chassisIds.fill(lines.join('\n'));
  await expect(
    page.getByText('40 valid of 960 (at most 1,000); 920 with a problem. 40 duplicates left out.'),
  ).toBeVisible();
  const checks = page.getByRole('list', { name: 'Chassis ID checks' });
  await expect(checks).toContainText(
    'ABCZ300000 is not one of our chassis (its prefix belongs to another provider).',
  );
  await expect(checks).toContainText('PLCZ900000 was not found in our equipment records.');
  await expect(checks).toContainText('PLCZ10000X is not a valid chassis ID');

  await page.getByRole('button', { name: 'With a problem (920)' }).click();
  await expect(page.getByText('Showing 200 of 920.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove all invalid' }).click();
  await expect(page.getByText('40 valid of 40 (at most 1,000).')).toBeVisible();
  await expect(checks.getByRole('listitem')).toHaveCount(40);

  await wizard.choose('Return location', 'Crossroads Chicago Depot');
  await wizard.field('Return date').fill(new Date().toISOString().slice(0, 10));
  await wizard.choose('Pool redelivery reason', 'End of season');
  await wizard.fillContact();
  await wizard.next();
  await expect(page.getByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeVisible();
  await expect(page.getByText('40 chassis')).toBeVisible();
  await wizard.submit();
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm Redelivery' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^PR\d{8}$/).first()).toBeVisible();
});
