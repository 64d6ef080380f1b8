import type { GroupLineItem } from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../../tests/helpers/held-chassis';
import { apiCallAs } from '../fixtures/api-call';
import { openFlowAs } from '../fixtures/booking-wizard';
import { expect, test } from '../fixtures/dashboard-page';
import { geometryProblems, screenshot, WIDTHS } from '../fixtures/what-a-person-sees';

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
  // The line is fixed: at most its override's fees wait for their acknowledgement below (issue 25).
  await expect(section(option).getByText('Needs attention')).toBeHidden();

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

/**
 * Issue 25 ("broken or misleading"), at 1280 and 390 px: each contract line's acknowledgement is a
 * box of its own, there as soon as the line asks for it (not after Next); a line fixed says Ready
 * without leaving the step; the review counts only the chassis that go back; and the result says
 * what a redelivery is, not "Your booking is confirmed".
 */
for (const size of WIDTHS)
  test(`at ${size.width} px a term lease redelivery asks each line at once, says Ready once fixed, reviews what goes back and says it is booked`, async ({
    page,
    loginPage,
    shell,
    wizard,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const shot = (state: string) => screenshot(page, `redelivery-term-lease-${size.name}-${state}`);
    // Two contracts with chassis short of their minimum rental period: a purchase option line
    // (with a chassis that is not short too) and a direct finance lease line. Chassis an earlier
    // test put on a redelivery are no longer in the lines, so each run takes fresh ones.
    const call = await apiCallAs(request, 'demo.customer');
    const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
    const { GroupLineItems: lines } = (await call('POST', '/api/longtermredelivery/contractForChassis', {
      ChassisIds: candidates,
    })) as { GroupLineItems: GroupLineItem[] };
    const shortOf = (l: GroupLineItem) =>
      l.LineItemDetails.find((d) => d.NeedsMinRentalPeriodOverride)?.ChassisId;
    const option = lines.find(
      (l) =>
        l.NeedsPurchaseOptionOverride &&
        !l.ShowDirectFinanceLeaseWarning &&
        shortOf(l) &&
        l.LineItemDetails.some((d) => !d.NeedsMinRentalPeriodOverride),
    );
    const finance = lines.find(
      (l) =>
        l.ShowDirectFinanceLeaseWarning &&
        !l.NeedsPurchaseOptionOverride &&
        shortOf(l) &&
        l.ContractNumber !== option?.ContractNumber,
    );
    if (!option || !finance)
      throw new Error('the demo data offers no two contracts short of their rental period');
    const short = shortOf(option) as string;
    const done = option.LineItemDetails.find((d) => !d.NeedsMinRentalPeriodOverride)?.ChassisId as string;
    const financed = shortOf(finance) as string;
    const unknown = 'PLCZ999999';

    await openFlowAs(
      { loginPage, shell, page },
      'demo.customer',
      '/term_lease_redelivery/pre_request',
      'Term Lease Redelivery',
    );
    await wizard.chassisIds.fill([short, done, financed, unknown].join('\n'));
    await expect(page.getByText(/^3 valid of 4 \(at most 300\); 1 with a problem/)).toBeVisible();
    await page.getByRole('button', { name: 'Find contracts' }).click();
    const section = (l: GroupLineItem) =>
      page.getByRole('region', { name: new RegExp(`^Contract ${l.ContractNumber} `) });
    const badge = (l: GroupLineItem, text: string) => section(l).getByText(text, { exact: true });
    const rentalBox = (l: GroupLineItem) =>
      page.getByRole('checkbox', {
        name: new RegExp(`minimum rental period override on contract ${l.ContractNumber} `),
      });
    for (const l of [finance, option]) {
      await expect(section(l)).toBeVisible();
      await section(l).getByLabel('Return location for this line').selectOption({ index: 1 });
      await section(l).getByRole('button', { name: 'Apply location' }).click();
    }

    // The finance lease line, overridden: it says it waits for the acknowledgements below.
    await section(finance).getByRole('button', { name: 'Apply minimum rental period override' }).click();
    await expect(badge(finance, 'Acknowledge below')).toBeInViewport();
    await expect(rentalBox(finance)).toHaveCount(1);

    // The other contract's override: its own box at once, beside the first (no Next pressed).
    await section(option).getByRole('button', { name: 'Apply purchase option override' }).click();
    await expect(badge(option, 'Needs attention')).toBeInViewport();
    await section(option).getByRole('button', { name: 'Apply minimum rental period override' }).click();
    await expect(badge(option, 'Acknowledge below')).toBeInViewport();
    await expect(rentalBox(option)).toHaveCount(1);
    await expect(rentalBox(finance)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Request Redelivery' })).toBeVisible();
    expect(await geometryProblems(page)).toEqual([]);
    await shot('each-line-asks');

    // Deleting the chassis that needed the override fixes the line: Ready at once, its box gone.
    await section(option)
      .getByRole('button', { name: `Delete ${short}` })
      .click();
    await expect(badge(option, 'Ready')).toBeInViewport();
    await expect(rentalBox(option)).toHaveCount(0);
    // Both of the finance lease line's notices ticked: Ready, still on this step.
    await page
      .getByRole('checkbox', {
        name: new RegExp(`Contract ${finance.ContractNumber} is a direct finance lease`),
      })
      .check({ force: true });
    await expect(badge(finance, 'Acknowledge below')).toBeVisible();
    await rentalBox(finance).check({ force: true });
    await expect(badge(finance, 'Ready')).toBeVisible();
    await expect(page.getByText('Needs attention')).toHaveCount(0);
    expect(await geometryProblems(page)).toEqual([]);
    await shot('lines-ready');

    // A listed ID the server refused stops Next; removed, the review counts the two chassis that
    // go back and names the one listed that does not.
    await wizard.fillContact();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Request Redelivery' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove all invalid' }).click();
    await wizard.next();
    await expect(page.getByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeVisible();
    const review = page.getByRole('region', { name: 'Chassis to return' });
    await expect(review.getByText('2 chassis', { exact: true })).toBeInViewport();
    await expect(review.getByText(`${done}, ${financed}`)).toBeVisible();
    await expect(review).toContainText(`1 of the 3 listed will not be returned: ${short}`);
    expect(await geometryProblems(page)).toEqual([]);
    await shot('review');

    // The result says what a redelivery is.
    await wizard.submit();
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm Redelivery' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Your redelivery is booked.', { exact: true })).toBeInViewport();
    await expect(page.getByText(/your booking/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New redelivery' })).toBeVisible();
    await expect(page.getByText(/^TR\d{8}$/).first()).toBeVisible();
    expect(await geometryProblems(page)).toEqual([]);
    await shot('confirmed');
  });
