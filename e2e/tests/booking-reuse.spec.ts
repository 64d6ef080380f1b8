import { expect, openFlowAs, test } from '../fixtures/booking-wizard';

// SPEC §5: reuse chassis IDs are four letters plus six digits, with or without a hyphen.
test('a reuse booking with a badly formed chassis ID shows why and goes no further', async ({
  loginPage,
  shell,
  wizard,
  page,
}) => {
  await openFlowAs({ loginPage, shell, page }, 'demo.customer', '/reuse/request/new', 'Reuse Booking');
  await wizard.expectStep('Request Booking');

  await wizard.chassisIds.fill('PLCZ-123456\nPLCZ12345X');
  const checks = page.getByRole('list', { name: 'Chassis ID checks' });
  await expect(checks).toContainText(
    'PLCZ12345X is not a valid chassis ID: use four letters and six digits, with or without a hyphen',
  );
  await wizard.fillContact();
  await wizard.next();

  await wizard.expectStep('Request Booking');
  await expect(wizard.chassisIds).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
});
