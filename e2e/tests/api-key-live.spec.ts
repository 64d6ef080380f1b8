/**
 * Issue 18, end to end: a pool booking made by the demo customer's system with an API key (through
 * the HTTP API, from the test) shows on demo.customer's open dashboard live (the hub's "New
 * booking" notice, then the row), and its detail's history names the key.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures/dashboard-page';
import { DEMO_PASSWORD } from '../fixtures/login-page';

/** demo.customer's company in the seed (src/server/db/seed/users.ts). */
const DEMO_CUSTOMER_ID = 1;
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

test.beforeEach(async ({ loginPage, shell }) => {
  await loginPage.goto();
  await loginPage.signIn('demo.customer');
  await shell.expectAt('/app/dashboard', 'Dashboard');
});

test('a booking made with an API key appears on the customer’s dashboard live, and its history names the key', async ({
  page,
  dashboard,
  request,
}) => {
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // Staff make a book+read key for the demo customer's company (a customer's administrator could too).
  const login = await request.post('/api/auth/login', {
    data: { UserId: 'demo.staff', Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
  });
  const staffToken = (await login.json()).token as string;
  const name = `E2E TMS ${randomUUID().slice(0, 8)}`;
  const made = await request.post('/api/account/apikeys', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: {
      Name: name,
      Abilities: ['book', 'read'],
      ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      CustomerId: DEMO_CUSTOMER_ID,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const key = (await made.json()).Key as string;
  const asKey = { authorization: `ApiKey ${key}` };

  // The customer's system books one pool unit where most are available.
  const rows = (await (
    await request.post('/api/poolbooking/availableunits', { headers: asKey, data: EQUIPMENT })
  ).json()) as Array<{ LocationId: number; Available: number }>;
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  const booked = await request.post('/api/poolbooking/create', {
    headers: { ...asKey, 'idempotency-key': randomUUID() },
    data: {
      Equipment: EQUIPMENT,
      AvailableUnits: [
        {
          LocationId: place.LocationId,
          Available: place.Available,
          CustomerBooking: { UnitsRequestedCount: 1 },
        },
      ],
      Contact: { ContactName: 'TMS', EmailAddresses: 'tms@example.com' },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const order = (await booked.json()) as { BookingOrderId: number; Bookings: Array<{ BookingId: number }> };
  const bookingId = order.Bookings[0]?.BookingId as number;

  // Live: the hub tells the open dashboard; the notice offers the refresh that shows the row.
  // The notice, not the start page's New booking link (issue 25).
  await expect(page.getByRole('status').getByText('New booking')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const row = dashboard.row(bookingId);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking Order ${order.BookingOrderId}`);
  const history = page.getByRole('table', { name: 'Order history' });
  await expect(history).toContainText(`API key ${name}`);
});
