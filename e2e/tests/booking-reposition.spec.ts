import { expect, test } from '../fixtures/reposition-request';

const CARRIER = 'Demo Motor Carrier (DMCR)';

// Issue 10: a reposition with two destinations, found on the dashboard, one quantity edited
// through Edit with the change on review (old → new); then Load Booking prefills a pool request.
test('demo.customer books a reposition, edits one quantity through Edit, and Load Booking prefills a pool request', async ({
  page,
  loginPage,
  shell,
  wizard,
  dashboard,
  reposition,
}) => {
  test.setTimeout(120_000);
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.getByRole('button', { name: 'Bookings' }).click();
  await page.getByRole('menuitem', { name: 'Reposition' }).click();
  await shell.expectAt('/reposition_booking/request', 'Reposition Booking');
  await wizard.expectStep('Request Booking');

  await reposition.fillHeader();
  await reposition.available();
  await reposition.addDestination(1, 2, CARRIER);
  await expect(reposition.total()).toHaveText('2');
  await reposition.addDestination(2, 1, CARRIER);
  await expect(reposition.total()).toHaveText('3');
  await wizard.fillContact();
  await wizard.next();
  // More than the origin holds: the rule asks first (SPEC §5), and the request goes on.
  if (await wizard.dialog.isVisible().catch(() => false)) await wizard.answer('OK');
  await wizard.expectStep('Review Booking');
  await wizard.submit();
  await wizard.expectStep('Confirm Booking');
  const booked = page.getByRole('table').getByRole('row');
  await expect(booked).toHaveCount(3);

  // The dashboard lists it first (newest first); Edit is offered because the server says CanEdit.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await dashboard.shown();
  const first = dashboard.bodyRows().first();
  await expect(first.getByRole('cell').nth(1)).toHaveText(/Reposition/);
  await first.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/reposition_booking\/request\?edit=\d+$/);
  const orderId = Number(/edit=(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByText(`Editing booking order ${orderId}`)).toBeVisible();

  const units = reposition.field('Units requested', reposition.destination(0));
  await expect(units).toHaveValue('2');
  await units.fill('3');
  await expect(reposition.total()).toHaveText('4');
  await wizard.next();
  if (await wizard.dialog.isVisible().catch(() => false)) await wizard.answer('OK');
  await wizard.expectStep('Review Booking');
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes.getByRole('listitem')).toContainText(/Units requested:\s*2\s*→\s*3/);
  await wizard.submit();
  await expect(page.getByText(`Your changes to order ${orderId} are saved.`)).toBeVisible();

  // Load Booking on a pool order: a new pool request prefilled from it.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.getByLabel('Order type').selectOption({ label: 'Pool Booking' });
  await dashboard.search();
  await dashboard.shown();
  await dashboard.bodyRows().first().getByRole('button', { name: 'Load Booking' }).click();
  await expect(page).toHaveURL(/#\/pool_booking\/request\?load=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pool Booking');
  await expect(page.getByText('A new request, prefilled from an earlier booking order')).toBeVisible();
  await expect(wizard.field('Contact name')).not.toHaveValue('');
  await expect(wizard.field('Market')).not.toHaveValue('');
  await expect(wizard.field('Equipment size')).not.toHaveValue('');
});
