import { redeliverableChassis } from '../../tests/helpers/held-chassis';
import { apiCallAs } from '../fixtures/api-call';
import { openFlowAs } from '../fixtures/booking-wizard';
import { expect, test } from '../fixtures/reposition-request';
import { codeShapedText, look, WIDTHS } from '../fixtures/what-a-person-sees';

const CARRIER = 'Demo Motor Carrier (DMCR)';

// axe is injected into the page.
test.use({ bypassCSP: true });

/**
 * Issue 25: the review steps as a person sees them. The reposition's review was 438 px wide on a phone. At 1280 and 390 px the review and
 * the confirmation of a reposition with two destinations fit the window, pass axe, and read names
 * (origin → destination), never codes.
 */
for (const size of WIDTHS)
  test(`at ${size.width} px a reposition's review and confirmation fit and read names`, async ({
    page,
    loginPage,
    shell,
    wizard,
    reposition,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await openFlowAs(
      { loginPage, shell, page },
      'demo.customer',
      '/reposition_booking/request',
      'Reposition Booking',
    );
    await reposition.fillHeader();
    await reposition.available();
    await reposition.addDestination(1, 1, CARRIER);
    await reposition.addDestination(2, 1, CARRIER);
    await wizard.fillContact();
    await wizard.next();
    const review = page.getByRole('heading', { level: 2, name: 'Review Booking' });
    await expect(wizard.dialog.or(review)).toBeVisible();
    if (await wizard.dialog.isVisible()) await wizard.answer('OK');
    await wizard.expectStep('Review Booking');
    const problems: Record<string, unknown> = {};
    await look(page, `${size.width}-reposition-review`, problems);
    expect(await codeShapedText(page)).toEqual([]);
    await wizard.submit();
    await wizard.expectStep('Confirm Booking');
    await expect(page.getByRole('main').getByText(/→/).first()).toBeVisible();
    await look(page, `${size.width}-reposition-confirmation`, problems);
    expect(await codeShapedText(page)).toEqual([]);
    expect(problems).toEqual({});
  });

/** A pool redelivery's review at both widths (not submitted: the chassis stay for other specs). */
for (const size of WIDTHS)
  test(`at ${size.width} px a pool redelivery's review fits and reads names`, async ({
    page,
    loginPage,
    shell,
    wizard,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const held = await redeliverableChassis(await apiCallAs(request, 'demo.customer'), 3);
    await openFlowAs(
      { loginPage, shell, page },
      'demo.customer',
      '/pool_redelivery/request',
      'Pool Redelivery',
    );
    await wizard.chassisIds.fill(held.join('\n'));
    await expect(page.getByText(`${held.length} valid of ${held.length} (at most 1,000).`)).toBeVisible();
    await wizard.choose('Return location', 'Crossroads Chicago Depot');
    await wizard.field('Return date').fill(new Date().toISOString().slice(0, 10));
    await wizard.choose('Pool redelivery reason', 'End of season');
    await wizard.fillContact();
    await wizard.next();
    await expect(page.getByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeVisible();
    const problems: Record<string, unknown> = {};
    await look(page, `${size.width}-pool-redelivery-review`, problems);
    expect(await codeShapedText(page)).toEqual([]);
    expect(problems).toEqual({});
  });
