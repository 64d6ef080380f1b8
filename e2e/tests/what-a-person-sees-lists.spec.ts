import type { Locator, Page } from '@playwright/test';
import type { GroupLineItem } from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../../tests/helpers/held-chassis';
import { apiCallAs } from '../fixtures/api-call';
import { openFlowAs } from '../fixtures/booking-wizard';
import { expect, test } from '../fixtures/dashboard-page';
import { bookableLine } from '../fixtures/term-lease';
import { codeShapedText, look, WIDTHS } from '../fixtures/what-a-person-sees';

/**
 * Issue 25, one list pattern: the dashboard's results, the term lease lines (booking and
 * redelivery) and the review's tables, at 1280 px and on a 390 px phone — the row's identity and
 * its actions inside the window, every line's Remove reachable, nothing wider than the screen.
 * Each state's screenshot lands in e2e-screens/.
 */
test.use({ bypassCSP: true });

/** Scrolled to as a person would, the control lies wholly inside the window (to a pixel's rounding). */
async function reachable(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  const box = await control.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error('the control has no box on screen');
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(view.width + 1);
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(-1);
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(view.height + 1);
}

for (const size of WIDTHS) {
  const phone = size.width < 768;
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the dashboard’s results keep each booking’s number and actions in view', async ({
      page,
      loginPage,
      shell,
      dashboard,
    }) => {
      test.setTimeout(120_000);
      await loginPage.goto();
      await loginPage.signIn('demo.staff');
      await shell.expectAt('/app/dashboard', 'Dashboard');
      await dashboard.shown();
      // Cards on a phone (no table for a reader to cross), a table with sticky ends at 1280 px.
      const results = page.getByRole(phone ? 'list' : 'table', { name: 'Bookings' });
      await expect(results).toBeVisible();
      await expect(page.getByRole(phone ? 'table' : 'list', { name: 'Bookings' })).toHaveCount(0);
      const first = phone ? results.getByRole('listitem').first() : dashboard.bodyRows().first();
      await reachable(page, first.getByRole('link').first());
      await reachable(page, first.getByRole('button', { name: 'View' }));
      await reachable(page, first.getByRole('button', { name: 'Book again' }));
      const problems: Record<string, unknown> = {};
      await look(page, `${size.width}-lists-dashboard`, problems);
      expect(problems).toEqual({});
    });

    test('a term lease booking’s lines: every Remove reachable, then the review fits', async ({
      page,
      request,
      loginPage,
      shell,
      wizard,
    }) => {
      test.setTimeout(180_000);
      const { contractNumber, line } = await bookableLine(request);
      await openFlowAs(
        { loginPage, shell, page },
        'demo.customer',
        '/term_lease/request',
        'Term Lease Booking',
      );
      await page.locator('select[id$="Contract_ContractId"]').selectOption({ label: contractNumber });
      const panel = page.locator(`section[aria-label^="Line ${line}:"]`);
      await expect(panel).toBeVisible();
      const add = page.getByLabel(`Line ${line}: add a location`);
      for (let i = 0; i < 2; i++) {
        const option = add.locator('option:not([value=""])').first();
        await add.selectOption({ label: (await option.textContent()) ?? '' });
      }
      const items = panel.getByTestId('booked-item');
      await expect(items).toHaveCount(2);
      for (const item of await items.all())
        await reachable(page, item.getByRole('button', { name: /^Remove Line/ }));
      const problems: Record<string, unknown> = {};
      await look(page, `${size.width}-lists-term-lease-lines`, problems);

      // The wrong line item goes: Remove pressed where it is.
      await items
        .nth(1)
        .getByRole('button', { name: /^Remove Line/ })
        .click();
      await expect(items).toHaveCount(1);
      await expect(page.getByTestId(`line-${line}-sums`)).toContainText('selected 1');

      await wizard.fillContact();
      await wizard.next();
      const review = page.getByRole('heading', { level: 2, name: 'Review Booking' });
      await expect(wizard.dialog.or(review)).toBeVisible();
      if (await wizard.dialog.isVisible()) await wizard.answer('OK');
      await wizard.expectStep('Review Booking');
      await expect(page.getByRole('table', { name: 'Fees per booked location' })).toBeVisible();
      await look(page, `${size.width}-lists-term-lease-review`, problems);
      expect(problems).toEqual({});
    });

    test('a term lease redelivery’s lines: every Delete and Remove line reachable', async ({
      page,
      request,
      loginPage,
      shell,
      wizard,
    }) => {
      test.setTimeout(180_000);
      const call = await apiCallAs(request, 'demo.customer');
      const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
      const { GroupLineItems: lines } = (await call('POST', '/api/longtermredelivery/contractForChassis', {
        ChassisIds: candidates,
      })) as { GroupLineItems: GroupLineItem[] };
      const line = lines.find((l) => l.LineItemDetails.length >= 2);
      if (!line) throw new Error('the demo data has no term lease line holding two chassis');
      const ids = line.LineItemDetails.slice(0, 2).map((d) => d.ChassisId);

      await openFlowAs(
        { loginPage, shell, page },
        'demo.customer',
        '/term_lease_redelivery/pre_request',
        'Term Lease Redelivery',
      );
      await wizard.chassisIds.fill(ids.join('\n'));
      await expect(page.getByText('2 valid of 2 (at most 300).')).toBeVisible();
      await page.getByRole('button', { name: 'Find contracts' }).click();
      const section = page.getByRole('region', { name: new RegExp(`^Contract ${line.ContractNumber}`) });
      await expect(section).toBeVisible();
      for (const id of ids) await reachable(page, section.getByRole('button', { name: `Delete ${id}` }));
      await reachable(page, section.getByRole('button', { name: 'Remove line' }));
      await reachable(page, section.getByRole('button', { name: 'Apply location' }));
      // The contract's days as a person writes them ("Mar 3, 2025"), not as the database does.
      const day = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}';
      await expect(section.getByText(new RegExp(`contract effective ${day} to ${day}$`))).toBeVisible();
      const problems: Record<string, unknown> = {};
      await look(page, `${size.width}-lists-term-redelivery-lines`, problems);

      await section.getByRole('button', { name: `Delete ${ids[1]}` }).click();
      await expect(section.getByRole('button', { name: `Delete ${ids[1]}` })).toHaveCount(0);
      await expect(section.getByRole('button', { name: `Delete ${ids[0]}` })).toBeVisible();
      expect(problems).toEqual({});
    });

    test('a pool booking’s review and confirmation: the units per location fit, names not codes', async ({
      page,
      loginPage,
      shell,
      wizard,
    }) => {
      test.setTimeout(120_000);
      await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/pool_booking/request', 'Pool Booking');
      await wizard.choose('Market', /^CHI – /);
      await wizard.choose('Equipment size', "40' Chassis");
      await wizard.choose('Equipment class', 'Standard');
      const location = await wizard.requestUnitsWhereAvailable(1);
      await wizard.fillContact();
      await wizard.next();
      await wizard.expectStep('Review Booking');
      const units = page.getByRole('region', { name: /^Units per/ });
      await expect(units.getByText(location, { exact: true })).toBeVisible();
      const problems: Record<string, unknown> = {};
      await look(page, `${size.width}-lists-pool-review`, problems);
      // Names, never codes, on the review and on the confirmation (issue 25's tests).
      expect(await codeShapedText(page)).toEqual([]);
      await wizard.submit();
      await wizard.expectStep('Confirm Booking');
      await look(page, `${size.width}-lists-pool-confirmation`, problems);
      expect(await codeShapedText(page)).toEqual([]);
      expect(problems).toEqual({});
    });
  });
}
