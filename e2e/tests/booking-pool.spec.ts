import { expect, openFlowAs, test } from '../fixtures/booking-wizard';

// SPEC §4 booking flow: request → review → confirm; the order gets a booking number once confirmed.
test('demo.customer books pool chassis and sees the booking number', async ({
  page,
  loginPage,
  shell,
  wizard,
}) => {
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.getByRole('button', { name: 'Bookings' }).click();
  await page.getByRole('menuitem', { name: 'Pool' }).click();
  await shell.expectAt('/pool_booking/request', 'Pool Booking');
  await wizard.expectStep('Request Booking');

  await wizard.choose('Market', /^CHI – /);
  await wizard.choose('Equipment size', "40' Chassis");
  await wizard.choose('Equipment class', 'Standard');
  const location = await wizard.requestUnitsWhereAvailable(1);
  await wizard.fillContact();
  await wizard.next();

  await wizard.expectStep('Review Booking');
  const units = page.getByRole('region', { name: /^Units per/ });
  await expect(units.getByRole('cell', { name: location })).toBeVisible();
  await wizard.submit();

  await wizard.expectStep('Confirm Booking');
  // Said once (the title), not again as the server's message (issue 14).
  await expect(page.getByText('Your booking is confirmed.', { exact: true })).toHaveCount(1);
  const booking = page.getByRole('table').getByRole('row').nth(1);
  await expect(booking.getByRole('cell').first()).toHaveText(/^[A-Z0-9-]{4,}$/);
  await expect(booking.getByRole('cell', { name: location })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New booking' })).toBeVisible();
});

// Issue 25: on a phone (375 × 667) the user presses Next at the bottom of the form; the first error is at the
// top. A refused Next focuses the first field in error and brings it into the viewport.
test('a refused Next on a phone focuses the first field in error and shows it', async ({
  page,
  loginPage,
  shell,
  wizard,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/pool_booking/request', 'Pool Booking');
  await wizard.expectStep('Request Booking');
  await wizard.fillContact();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(next).toBeInViewport();
  const market = wizard.field('Market');
  // The premise: the first field is out of sight when Next is pressed.
  await expect(market).not.toBeInViewport();
  await next.click();
  await expect(market).toBeFocused();
  await expect(market).toBeInViewport();
  await expect(market).toHaveAttribute('aria-invalid', 'true');
});
