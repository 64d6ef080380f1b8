import { expect, test } from '../fixtures';
import { BookingWizard } from '../fixtures/booking-wizard';
import {
  InternalReservationPage,
  InventoryApi,
  InventoryAvailabilityPage,
} from '../fixtures/inventory-pages';
import { LoginPage } from '../fixtures/login-page';

const STAGE = { market: 'CHI', size: 'Chassis.40', equipmentClass: 'STD' };
let staged: number | null = null;

// However the test ends, the units go back to customers.
test.afterEach(async ({ request }) => {
  if (staged !== null)
    await (await InventoryApi.signIn(request)).release(staged, STAGE.size, STAGE.equipmentClass);
  staged = null;
});

// Issue 13: staff reserve units at a location; the availability page in a second tab shows the drop
// live through the hub, and a customer's pool booking at that location sees the lower number.
test('demo.staff reserves units; a second tab sees availability drop live; demo.customer sees the lower number', async ({
  page,
  loginPage,
  shell,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await InventoryApi.signIn(request);
  const place = await api.roomyLocation(STAGE.market, STAGE.size, STAGE.equipmentClass, 3);
  staged = place.LocationId;

  await loginPage.goto();
  await loginPage.signIn('demo.staff');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  const availability = new InventoryAvailabilityPage(page);
  await availability.open(STAGE);
  await expect(availability.available(place.LocationName)).toHaveText(String(place.Available));
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(availability.stamp).toHaveText(/^as of \d{2}:\d{2}:\d{2}$/);
  const firstRead = await availability.stamp.getAttribute('data-as-of');

  // A second tab of the same staff session reserves 2 units there.
  const second = await page.context().newPage();
  const reservations = new InternalReservationPage(second);
  await reservations.open(STAGE.market);
  await reservations.reserve({
    locationName: place.LocationName,
    size: STAGE.size,
    equipmentClass: STAGE.equipmentClass,
    units: 2,
  });
  await second.close();

  // The first tab follows within a second, and its stamp moves.
  await expect(availability.available(place.LocationName)).toHaveText(String(place.Available - 2), {
    timeout: 2_000,
  });
  await expect(availability.stamp).not.toHaveAttribute('data-as-of', firstRead ?? '');

  // The customer's pool booking offers the lower number at that location.
  const customerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const customerPage = await customerContext.newPage();
  try {
    const login = new LoginPage(customerPage);
    await login.goto();
    await login.signIn('demo.customer');
    await expect(customerPage).toHaveURL(/#\/app\/dashboard$/);
    await customerPage.goto('/#/pool_booking/request');
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Pool Booking' })).toBeVisible();
    const wizard = new BookingWizard(customerPage);
    await wizard.choose('Market', /^CHI – /);
    await wizard.choose('Equipment size', "40' Chassis");
    await wizard.choose('Equipment class', 'Standard');
    const table = customerPage.getByRole('region', { name: /^Units per/ }).getByRole('table');
    const row = table
      .getByRole('row')
      .filter({ has: customerPage.getByRole('cell', { name: place.LocationName, exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(place.Available - 2));
  } finally {
    await customerContext.close();
  }
});

// Issue 13 inventory booking (docs/decisions.md): staff book a customer's units from a row of the
// availability table; the booking flow opens with the row's market, size and class, its
// availability carries the freshness stamp, and the units leave the table once booked.
test("demo.staff books a customer's units from an availability row", async ({
  page,
  loginPage,
  shell,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await InventoryApi.signIn(request);
  const place = await api.roomyLocation(STAGE.market, STAGE.size, STAGE.equipmentClass, 1);
  const locationName = place.LocationName;
  await loginPage.goto();
  await loginPage.signIn('demo.staff');
  await shell.expectAt('/app/dashboard', 'Dashboard');
  const availability = new InventoryAvailabilityPage(page);
  await availability.open(STAGE);
  await expect(availability.available(locationName)).toHaveText(String(place.Available));
  // The row names its size as a person reads it (issue 25), not Chassis.40.
  await page.getByRole('link', { name: `Book 40' Chassis at ${locationName}` }).click();
  await shell.expectAt(
    '/inventory_booking/request?market=CHI&size=Chassis.40&class=STD',
    'Inventory Booking',
  );

  const wizard = new BookingWizard(page);
  await wizard.expectStep('Request Booking');
  await page.getByRole('searchbox', { name: 'Customer' }).fill('DMCR');
  await page.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: /DMCR/ }).click();
  await expect(page.getByText(/^Booking for Demo Motor Carrier/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Availability freshness' })).toHaveText(
    /^Availability as of \d{2}:\d{2}:\d{2}$/,
  );
  await page.getByRole('spinbutton', { name: `Units requested at ${locationName}` }).fill('1');
  await wizard.fillContact('Sam Staff', 'sam.staff@example.com');
  await wizard.next();
  await wizard.expectStep('Review Booking');
  await wizard.submit();
  await wizard.expectStep('Confirm Booking');
  await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    /^[A-Z0-9-]{4,}$/,
  );

  await availability.open(STAGE);
  await expect(availability.available(locationName)).toHaveText(String(place.Available - 1));
});
