import { expect, openFlowAs, test } from '../fixtures/booking-wizard';

// A draft survives a reload and comes back only when the user asks for it.
test('a pool booking draft is offered after a reload and restored', async ({
  loginPage,
  shell,
  wizard,
  page,
}) => {
  await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/pool_booking/request', 'Pool Booking');
  await wizard.choose('Market', /^CHI – /);
  await wizard.fillContact('Drafty Dana', 'dana@example.com');

  await page.reload();
  await shell.expectAt('/pool_booking/request', 'Pool Booking');
  await expect(wizard.draftBanner).toBeVisible();
  // Not restored until asked: the fresh request's contact is the user's own (My Account), not the draft's.
  await expect(wizard.field('Contact name')).not.toHaveValue('Drafty Dana');
  await expect(wizard.field('Email addresses')).not.toHaveValue('dana@example.com');
  await wizard.draftBanner.getByRole('button', { name: 'Restore' }).click();

  await expect(wizard.draftBanner).toBeHidden();
  await expect(wizard.field('Contact name')).toHaveValue('Drafty Dana');
  await expect(wizard.field('Email addresses')).toHaveValue('dana@example.com');
  await expect(wizard.field('Market')).toHaveValue('CHI');
});
