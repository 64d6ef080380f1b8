import { randomUUID } from 'node:crypto';
import {
  acknowledgeDirectFinanceLease,
  applyMarketAndLocation,
  applyMinQuantityOverride,
  applyMinRentalPeriodOverride,
  type GroupLineItem,
} from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../../tests/helpers/held-chassis';
import { expect, test } from '../fixtures/dashboard-page';
import { DEMO_PASSWORD } from '../fixtures/login-page';

const BASE = '/api/longtermredelivery';

// Issue 17: a term lease redelivery opened with the dashboard's Edit shows its chassis as its own
// (valid, located as booked); deleting one and submitting updates the same order.
test('demo.customer edits a term lease redelivery from the dashboard: one chassis deleted, the same order updated', async ({
  page,
  loginPage,
  shell,
  wizard,
  dashboard,
  request,
}) => {
  test.setTimeout(150_000);
  const login = await request.post('/api/auth/login', {
    data: { UserId: 'demo.customer', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, extra: object = {}) => {
    const res =
      method === 'GET'
        ? await request.get(path, { headers })
        : await request.post(path, { headers: { ...headers, ...extra }, data: body });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };

  // A redelivery of two chassis of one line, booked through the API as the form would.
  const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
  const { GroupLineItems: lines } = (await call('POST', `${BASE}/contractForChassis`, {
    ChassisIds: candidates,
  })) as { GroupLineItems: GroupLineItem[] };
  const found = lines.find(
    (l) => !l.NeedsPurchaseOptionOverride && l.LineItemDetails.length >= 2 && l.LocationList.length > 0,
  );
  if (!found) throw new Error('the demo data offers no term lease line without a purchase option');
  const pair = (await call('POST', `${BASE}/contractForChassis`, {
    ChassisIds: found.LineItemDetails.slice(0, 2).map((d) => d.ChassisId),
  })) as { GroupLineItems: GroupLineItem[] };
  const [raw] = pair.GroupLineItems as [GroupLineItem];
  const acknowledged = [
    ...(raw.ShowDirectFinanceLeaseWarning ? ['term-redelivery.direct-finance-lease'] : []),
    ...(raw.LineItemDetails.some((d) => d.NeedsMinRentalPeriodOverride)
      ? ['term-redelivery.min-rental-period-override']
      : []),
    ...(raw.LineItemDetails.some((d) => d.NeedsMinQuantityOverride)
      ? ['term-redelivery.min-quantity-override']
      : []),
  ];
  const line = acknowledgeDirectFinanceLease(
    applyMinQuantityOverride(
      applyMinRentalPeriodOverride(
        applyMarketAndLocation(raw, raw.MarketList[0] as string, raw.LocationList[0] as number),
      ),
    ),
    raw.ShowDirectFinanceLeaseWarning,
  );
  const [kept, dropped] = line.LineItemDetails.map((d) => d.ChassisId) as [string, string];
  const order = (await call(
    'POST',
    `${BASE}/createlongtermredeliverybooking`,
    {
      Search: { ChassisIds: [kept, dropped] },
      Redelivery: { GroupLineItems: [line] },
      Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
      ...(acknowledged.length ? { Acknowledged: acknowledged } : {}),
    },
    { 'idempotency-key': randomUUID() },
  )) as { BookingOrderId: number; Bookings: { BookingId: number }[] };
  const orderId = order.BookingOrderId;

  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.getByLabel('Order type').selectOption({ label: 'Term Lease Redelivery' });
  await dashboard.search();
  await dashboard.shown();
  await dashboard
    .row(order.Bookings[0]?.BookingId ?? 0)
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/term_lease_redelivery/pre_request\\?edit=${orderId}$`));

  // Its chassis are its own (not "already on a redelivery"), on the line as booked.
  await expect(page.getByText('2 valid of 2 (at most 300).')).toBeVisible();
  const section = page.getByRole('region', { name: new RegExp(`^Contract ${line.ContractNumber}`) });
  await expect(section.getByText('Can be returned')).toHaveCount(2);
  await section.getByRole('button', { name: `Delete ${dropped}` }).click();
  await expect(section.getByText('Can be returned')).toHaveCount(1);

  // The acknowledgements are asked again for the edit, then the review lists the change.
  await wizard.next();
  const review = page.getByRole('heading', { level: 2, name: 'Review Redelivery' });
  await expect(review.or(page.getByRole('checkbox').first())).toBeVisible();
  if (!(await review.isVisible())) {
    for (const box of await page
      .getByRole('checkbox', { name: /direct finance lease|override on contract/ })
      .all())
      await box.check({ force: true });
    await wizard.next();
  }
  await expect(review).toBeVisible();
  const updated = page.waitForResponse((r) => r.url().endsWith(`${BASE}/updatelongtermredelivery`));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await wizard.answer('Submit');
  expect((await updated).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm Redelivery' })).toBeVisible({
    timeout: 20_000,
  });

  const doc = (await call('GET', `/api/bookingorder/${orderId}/document`)) as {
    Version: number;
    Chassis: string[];
  };
  expect(doc).toMatchObject({ Version: 2, Chassis: [kept] });

  // Load Booking: a new request prefilled from the order; its chassis is still on that open order.
  await page.goto('/#/app/dashboard');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  await page.getByLabel('Order type').selectOption({ label: 'Term Lease Redelivery' });
  await dashboard.search();
  await dashboard.shown();
  await dashboard
    .row(order.Bookings[0]?.BookingId ?? 0)
    .getByRole('button', { name: 'Book again' })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/term_lease_redelivery/pre_request\\?load=${orderId}$`));
  await expect(wizard.chassisIds).toHaveValue(kept);
  await expect(
    page.getByText(new RegExp(`${kept} is already on open redelivery TR\\d+`)).first(),
  ).toBeVisible();
});
