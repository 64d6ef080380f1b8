import { FLOW_MESSAGES } from '../../src/domain/messages';
import { expect, test } from '../fixtures/booking-wizard';

/**
 * Issue 14 "What a customer meets", the booking form's words, in Chromium at 1280 px: the units
 * table shows what each location has and says an excess as it is typed; the over-available
 * question names the location and the numbers; the submit confirmation says what will be booked;
 * and leaving the form says the work is kept as a draft, which is there on coming back.
 */
test('the pool booking says what is happening at each step', async ({ page, loginPage, shell, wizard }) => {
  test.setTimeout(90_000);
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.goto('/#/pool_booking/request');
  await wizard.expectStep('Request Booking');
  await wizard.choose('Market', /^CHI – /);
  await wizard.choose('Equipment size', "40' Chassis");
  await wizard.choose('Equipment class', 'Standard');

  // The table: location names, what each has, and an excess said as it is typed.
  const table = page.getByRole('region', { name: /^Units per/ }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Location',
    'Chassis available',
    'Units requested',
  ]);
  await expect(page.getByRole('status', { name: 'Availability freshness' })).toHaveText(
    /^Availability as of \d{2}:\d{2}:\d{2}$/,
  );
  const row = table.getByRole('row').nth(1);
  const [location, availableText] = await row.getByRole('cell').allTextContents();
  const available = Number(availableText);
  const units = page.getByRole('spinbutton', { name: `Units requested at ${location}` });
  await units.fill(String(available + 2));
  await expect(row).toContainText(
    available === 0
      ? 'None available here now: this request will go to Customer Support for review.'
      : `2 more than the ${available} available: this request will go to Customer Support for review.`,
  );

  // Next: the question names the location and the numbers.
  await wizard.next();
  await expect(wizard.dialog).toContainText(
    `You requested more units than are available (${location}: ${available + 2} requested, ${available} available).`,
  );
  await wizard.answer('OK');
  await wizard.expectStep('Review Booking');

  // Submit: the confirmation says what will be booked; Cancel keeps the review.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(wizard.dialog).toContainText('Do you want to submit this pool booking?');
  await expect(wizard.dialog).toContainText(
    `${available + 2} unit(s) at 1 location(s): ${location} ${available + 2}`,
  );
  await wizard.answer('Cancel');
  await wizard.expectStep('Review Booking');

  // Leaving: the dialog says the work is kept, and it is there on coming back.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(wizard.dialog).toContainText(FLOW_MESSAGES.leaveRequest.title);
  await expect(wizard.dialog).toContainText(FLOW_MESSAGES.leaveRequest.message);
  await wizard.answer('Leave');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await shell.openMenu();
  await shell.menu.getByRole('link', { name: 'Pool', exact: true }).click();
  await expect(wizard.draftBanner).toBeVisible();
});
