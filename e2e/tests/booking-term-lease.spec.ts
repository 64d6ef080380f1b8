import { expect, test } from '../fixtures/reposition-request';
import { bookableLine } from '../fixtures/term-lease';

// Issue 16: two locations booked on a line of the customer's contract with their fees; opened again
// from the dashboard, one location cancelled (its fees cancelled), un-cancelled, then the order cancelled.
test('demo.customer books two locations of a term lease line, cancels and un-cancels one through Edit, then cancels the order', async ({
  page,
  request,
  loginPage,
  shell,
  wizard,
  dashboard,
}) => {
  test.setTimeout(180_000);
  const { contractNumber, line } = await bookableLine(request);
  const panel = () => page.locator(`section[aria-label^="Line ${line}:"]`);
  const fees = page.getByRole('region', { name: 'Fees' }).first();
  const nextAnswering = async () => {
    await wizard.next();
    const review = page.getByRole('heading', { level: 2, name: 'Review Booking' });
    await expect(wizard.dialog.or(review)).toBeVisible();
    if (await wizard.dialog.isVisible()) {
      await expect(wizard.dialog).toContainText('Do you want to go on?');
      await wizard.answer('OK');
    }
    await wizard.expectStep('Review Booking');
  };
  const editOrder = async (orderId: number, bookingId: number) => {
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await shell.expectAt('/app/dashboard', 'Dashboard');
    await page.getByLabel('Order type').selectOption({ label: 'Term Lease Booking' });
    await dashboard.search();
    await dashboard.shown();
    await dashboard.row(bookingId).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`#/term_lease/request\\?edit=${orderId}$`));
    await expect(panel().getByTestId('booked-item')).toHaveCount(2);
  };

  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await shell.openMenu();
  await shell.menu.getByRole('link', { name: 'Term Lease', exact: true }).click();
  await shell.expectAt('/term_lease/request', 'Term Lease Booking');
  await wizard.expectStep('Request Booking');

  await page.locator('select[id$="Contract_ContractId"]').selectOption({ label: contractNumber });
  await expect(panel()).toBeVisible();
  const add = page.getByLabel(`Line ${line}: add a location`);
  for (let i = 0; i < 2; i++) {
    const option = add.locator('option:not([value=""])').first();
    await add.selectOption({ label: (await option.textContent()) ?? '' });
  }
  await expect(panel().getByTestId('booked-item')).toHaveCount(2);
  await expect(page.getByTestId(`line-${line}-sums`)).toContainText('selected 2');
  await expect(fees.getByTestId('fee-row').first()).toBeVisible();
  await expect(fees.getByTestId('fees-total')).not.toHaveText('$0.00');
  await wizard.fillContact();
  await nextAnswering();
  await expect(page.getByRole('table', { name: 'Fees per booked location' })).toBeVisible();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/longtermbooking/createlongtermbooking'));
  await wizard.submit();
  const order = (await (await created).json()) as {
    BookingOrderId: number;
    Bookings: { BookingId: number }[];
  };
  await wizard.expectStep('Confirm Booking');
  const orderId = order.BookingOrderId;
  const bookingId = order.Bookings[0]?.BookingId ?? 0;

  // Edit: cancel the second location; its saved fees show cancelled before submit.
  await editOrder(orderId, bookingId);
  const second = panel().getByTestId('booked-item').nth(1);
  await second.getByLabel('Cancel booking').check();
  await expect(page.getByTestId(`line-${line}-sums`)).toContainText('selected 1');
  await expect(fees.getByTestId('fee-row').filter({ hasText: 'Cancelled' }).first()).toBeVisible();
  await nextAnswering();
  await wizard.submit();
  await wizard.expectStep('Confirm Booking');

  // Opened again: the booking is cancelled and its fees are saved cancelled; un-cancel it.
  await editOrder(orderId, bookingId);
  await expect(panel().getByTestId('booked-item').nth(1)).toContainText('CN');
  await expect(fees.getByTestId('fee-row').filter({ hasText: 'Cancelled' }).first()).toBeVisible();
  await panel().getByTestId('booked-item').nth(1).getByLabel('Cancel booking').uncheck();
  await expect(fees.getByTestId('fee-row').filter({ hasText: 'Cancelled' })).toHaveCount(0);
  await nextAnswering();
  await wizard.submit();
  await wizard.expectStep('Confirm Booking');

  // Cancel order: asked first, then the order reloaded as it now is.
  await editOrder(orderId, bookingId);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(wizard.dialog).toContainText(`Do you want to cancel order ${orderId}?`);
  await wizard.answer('Cancel Order');
  await expect(page.getByRole('region', { name: 'Cancel order' })).toContainText(
    `Order ${orderId} is now cancelled.`,
  );
});
