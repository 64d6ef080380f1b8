import { expect, test } from '../fixtures/booking-wizard';

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
