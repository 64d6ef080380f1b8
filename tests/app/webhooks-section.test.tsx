// @vitest-environment jsdom
/**
 * Issue 18, the Webhooks section of My Account in jsdom against the real server (a child process)
 * and a real receiver on loopback: staff add a webhook for the demo customer's company, see its
 * secret once, and after the customer books, the delivery log shows the delivery; "Send Again"
 * adds a new one. demo.customer, without Update on the application role entity, sees no section.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../api/webhook-helpers';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_CHECK_MS: '200' } });

const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

let hooks: Receiver;

beforeAll(async () => {
  hooks = await startReceiver();
});
afterAll(async () => {
  await hooks?.close();
});

/** demo.customer books one pool unit straight through the API: the order.created event. */
async function customerBooks(): Promise<number> {
  const token = await real.server.token('demo.customer');
  const rows = (
    await real.server.call('POST', '/api/poolbooking/availableunits', { token, body: EQUIPMENT })
  ).json<{ LocationId: number; Available: number }[]>();
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  const res = await real.server.call('POST', '/api/poolbooking/create', {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      Equipment: EQUIPMENT,
      AvailableUnits: [
        {
          LocationId: place.LocationId,
          Available: place.Available,
          CustomerBooking: { UnitsRequestedCount: 1 },
        },
      ],
      Contact: { ContactName: 'Pat Dispatcher', EmailAddresses: 'pat@example.com' },
    },
  });
  expect(res.status, res.body.toString()).toBe(200);
  return res.json<{ BookingOrderId: number }>().BookingOrderId;
}

describe('the Webhooks section of My Account', { timeout: 120_000 }, () => {
  it('lets staff add a webhook for a company, shows the secret once, and the delivery log with Send Again', async () => {
    const u = userEvent.setup();
    const account = (
      await real.server.call('GET', '/api/users/me/account', {
        token: await real.server.token('demo.customer'),
      })
    ).json<{ CompanyName: string }>();
    const root = await real.signIn('demo.staff');
    renderAppAt('/my_account/info', root);
    const section = await screen.findByRole('region', { name: 'Webhooks' }, { timeout: 20_000 });

    await u.click(within(section).getByRole('button', { name: 'Add Webhook' }));
    await u.type(within(section).getByLabelText('Find a company'), account.CompanyName.slice(0, 12));
    await u.click(within(section).getByRole('button', { name: 'Find' }));
    const company = (await within(section).findByRole(
      'combobox',
      { name: 'Company' },
      { timeout: 10_000 },
    )) as HTMLSelectElement;
    const option = [...company.querySelectorAll('option')].find((o) =>
      o.textContent?.startsWith(account.CompanyName),
    );
    await u.selectOptions(company, option?.value as string);
    // A URL the server refuses: its message is shown and nothing is saved.
    const url = within(section).getByRole('textbox', { name: /URL/ });
    await u.type(url, 'ftp://tms.example.com/hooks');
    await u.click(within(section).getByRole('button', { name: 'Save Webhook' }));
    expect(await within(section).findByText(/^Url must start with http:\/\/ or https:\/\//)).toBeTruthy();
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();
    await u.clear(url);
    await u.type(url, hooks.url);
    await u.click(within(section).getByRole('button', { name: 'Save Webhook' }));

    const secret = await within(section).findByLabelText('Signing secret', undefined, { timeout: 10_000 });
    expect(secret.textContent).toMatch(/^whsec_/);
    const table = await within(section).findByRole('table', { name: 'Webhook subscriptions' });
    await waitFor(() => expect(table.textContent).toContain(hooks.url));
    await u.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();

    const orderId = await customerBooks();
    await hooks.waitFor(1);
    await u.click(within(section).getByRole('button', { name: 'Delivery Log' }));
    const log = await within(section).findByRole('table', { name: 'Delivery log' }, { timeout: 10_000 });
    await waitFor(() => expect(log.textContent).toContain(String(orderId)));
    const [, first] = within(log).getAllByRole('row');
    const cells = within(first as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining([String(orderId), '1']));
    expect(first?.textContent).toContain('Order created');
    expect(first?.textContent).toContain('Delivered');

    await u.click(within(first as HTMLElement).getByRole('button', { name: 'Send Again' }));
    await waitFor(
      () =>
        expect(
          within(within(section).getByRole('table', { name: 'Delivery log' })).getAllByRole('row'),
        ).toHaveLength(3),
      { timeout: 10_000 },
    );
    await hooks.waitFor(2);
  });

  it('is not shown to a customer user without Update on the application role entity', async () => {
    const root = await real.signIn('demo.customer');
    renderAppAt('/my_account/info', root);
    await screen.findByRole('heading', { level: 2, name: 'Your details' }, { timeout: 20_000 });
    expect(screen.queryByRole('region', { name: 'Webhooks' })).toBeNull();
  });
});
