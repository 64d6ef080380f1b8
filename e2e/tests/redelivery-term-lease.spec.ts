import type { GroupLineItem } from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../../tests/helpers/held-chassis';
import { apiCallAs } from '../fixtures/api-call';
import { openFlowAs } from '../fixtures/booking-wizard';
import { expect, test } from '../fixtures/dashboard-page';

// Issue 17: a term lease redelivery that needs a purchase option override and a direct finance
// lease acknowledgement is blocked until both are given, then confirmed and shown on the dashboard.
test('demo.customer returns term lease chassis: blocked until the purchase option override and the DFL acknowledgement, then confirmed and on the dashboard', async ({
  page,
  loginPage,
  shell,
  wizard,
  dashboard,
  request,
}) => {
  test.setTimeout(120_000);
  const call = await apiCallAs(request, 'demo.customer');
  const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
  const { GroupLineItems: lines } = (await call('POST', '/api/longtermredelivery/contractForChassis', {
    ChassisIds: candidates,
  })) as { GroupLineItems: GroupLineItem[] };
  const option = lines.find((l) => l.NeedsPurchaseOptionOverride && !l.ShowDirectFinanceLeaseWarning);
  const finance = lines.find((l) => l.ShowDirectFinanceLeaseWarning && !l.NeedsPurchaseOptionOverride);
  if (!option || !finance) throw new Error('the demo data offers no purchase option and finance lease lines');
  const ids = [option.LineItemDetails[0]?.ChassisId, finance.LineItemDetails[0]?.ChassisId] as string[];

  await openFlowAs(
    { loginPage, shell, page },
    'demo.customer',
    '/term_lease_redelivery/pre_request',
    'Term Lease Redelivery',
  );
  await wizard.chassisIds.fill(ids.join('\n'));
  await expect(page.getByText('2 valid of 2 (at most 300).')).toBeVisible();
  await page.getByRole('button', { name: 'Find contracts' }).click();

  const section = (l: GroupLineItem) =>
    page.getByRole('region', { name: new RegExp(`^Contract ${l.ContractNumber}`) });
  for (const l of [option, finance]) {
    const s = section(l);
    await expect(s).toBeVisible();
    await s.getByLabel('Return location for this line').selectOption({ index: 1 });
    await s.getByRole('button', { name: 'Apply location' }).click();
    for (const name of ['Apply minimum rental period override', 'Apply minimum quantity override']) {
      const button = s.getByRole('button', { name });
      if (await button.isVisible()) await button.click();
    }
  }
  await wizard.fillContact();

  // Blocked: the purchase option override is not applied yet.
  await wizard.next();
  await expect(section(option)).toContainText(
    `Contract ${option.ContractNumber}: some chassis cannot be returned yet`,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Request Redelivery' })).toBeVisible();
  await section(option).getByRole('button', { name: 'Apply purchase option override' }).click();
  await expect(section(option).getByText('Ready')).toBeVisible();

  // Blocked: the direct finance lease warning is not acknowledged yet.
  await wizard.next();
  const dfl = page.getByRole('checkbox', {
    name: new RegExp(`Contract ${finance.ContractNumber} is a direct finance lease`),
  });
  await expect(dfl).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Request Redelivery' })).toBeVisible();
  await dfl.check({ force: true });
  for (const name of [
    /minimum rental period override on contract/,
    /minimum quantity override on contract/,
  ]) {
    const box = page.getByRole('checkbox', { name });
    for (const b of await box.all()) await b.check({ force: true });
  }
  await wizard.next();
  await expect(page.getByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`Contract ${option.ContractNumber}: 1 chassis to .*purchase option override`)),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  // The confirmation lists what the redelivery will do, per contract line.
  await expect(wizard.dialog).toContainText(
    `Contract ${option.ContractNumber}: 1 chassis returned; purchase option override applied`,
  );
  await expect(wizard.dialog).toContainText(`Contract ${finance.ContractNumber}: 1 chassis returned`);
  await expect(wizard.dialog).toContainText('direct finance lease warning acknowledged');
  await wizard.answer('Submit');
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm Redelivery' })).toBeVisible({
    timeout: 20_000,
  });
  const code = (await page
    .getByText(/^TR\d{8}$/)
    .first()
    .textContent()) as string;

  await page.goto('/#/app/dashboard');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await dashboard.search();
  await dashboard.shown();
  await expect(dashboard.results.getByText(code)).toBeVisible();
});
