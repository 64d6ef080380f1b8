// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_MESSAGES, PENDING_NUMBER_TEXT } from '../../src/domain/messages';
import { fillUnitsRequest, findFlowPage, renderAppAt, rootFor } from './support/flow-app';
import { MY_ACCOUNT_EMAIL, startFlowApi } from './support/flow-server';

let api: Awaited<ReturnType<typeof startFlowApi>>;
beforeAll(async () => {
  api = await startFlowApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const user = () => userEvent.setup();
const dialog = () => screen.findByRole('alertdialog');
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

/** Fills the pool request: Chicago, 40' standard, 12 units where 10 are available, and a contact. */
async function fillPoolRequest(u: ReturnType<typeof user>) {
  await findFlowPage('Pool Booking');
  await fillUnitsRequest(u, '12', 'Casey Customer');
}

describe('pool booking: request → review → confirm', () => {
  it('asks the over-available question, reviews, edits, submits once and shows the pending order', async () => {
    const u = user();
    renderAppAt('/pool_booking/request', rootFor('demo.customer', api.url));
    await fillPoolRequest(u);
    expect(screen.getByRole('cell', { name: 'Chicago Yard' })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Next' }));
    const question = await dialog();
    expect(
      within(question).getByText(
        /more units than are available \(Chicago Yard: 12 requested, 10 available\)/,
      ),
    ).toBeTruthy();
    await u.click(within(question).getByRole('button', { name: 'OK' }));

    await heading('Review Booking');
    const units = screen.getByRole('region', { name: 'Units per location' });
    expect(within(units).getByRole('cell', { name: 'Chicago Yard' })).toBeTruthy();
    expect(within(units).getByRole('cell', { name: '12' })).toBeTruthy();
    const equipment = screen.getByRole('region', { name: 'Location and equipment' });
    expect(within(equipment).getByText('CHI – Chicago')).toBeTruthy();
    expect(within(equipment).getByText('Your company')).toBeTruthy();

    // Edit returns to the request step with the Contact section in focus.
    await u.click(screen.getByRole('button', { name: 'Edit Contact' }));
    await heading('Request Booking');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Contact name/)));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Review Booking');

    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const confirmSubmit = await dialog();
    expect(within(confirmSubmit).getByText('Do you want to submit this pool booking?')).toBeTruthy();
    // What will be booked, said before it is (issue 14).
    expect(within(confirmSubmit).getByText('12 unit(s) at 1 location(s): Chicago Yard 12')).toBeTruthy();
    await u.click(within(confirmSubmit).getByRole('button', { name: 'Submit' }));

    await heading('Confirm Booking');
    expect(screen.getByText(/pending review by Customer Support/)).toBeTruthy();
    // Status Pending, and no number yet: "Awaiting review" (issue 14), not "Not yet assigned".
    expect(screen.getByRole('cell', { name: 'Pending' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: PENDING_NUMBER_TEXT })).toBeTruthy();
    expect(api.posted).toHaveLength(1);
    const [post] = api.posted;
    expect(post?.url).toBe('/api/poolbooking/create');
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      Equipment: { MarketCode: 'CHI', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
      AvailableUnits: [
        // The name the form showed travels along (questions name the location by it).
        {
          LocationId: 11,
          LocationName: 'Chicago Yard',
          Available: 10,
          CustomerBooking: { UnitsRequestedCount: 12 },
        },
        {
          LocationId: 12,
          LocationName: 'Joliet Ramp',
          Available: 0,
          CustomerBooking: { UnitsRequestedCount: 0 },
        },
      ],
      Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
      Acknowledged: ['customer-booking.over-available'],
    });
    expect(screen.getByRole('button', { name: 'New booking' })).toBeTruthy();
  });

  it('shows our messages, not ajv wording, when Next finds problems', async () => {
    const u = user();
    renderAppAt('/pool_booking/request', rootFor('demo.customer', api.url));
    await findFlowPage('Pool Booking');
    await u.clear(screen.getByLabelText(/^Contact name/));
    await u.clear(screen.getByLabelText(/^Email addresses/));
    await u.type(screen.getByLabelText(/^Email addresses/), 'not an address');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Enter the name of the person to contact about this booking.'),
    ).toBeTruthy();
    expect(screen.getByText('Choose an equipment size.')).toBeTruthy();
    // Every problem of the step at once (issue 14): the bad address too, not in a later round.
    expect(screen.getByText(/^Invalid email address/)).toBeTruthy();
    expect(screen.queryByText(/must (match|have)/)).toBeNull();
    expect(screen.getByLabelText(/^Contact name/).getAttribute('aria-invalid')).toBe('true');
    await heading('Request Booking');
  });

  it('starts the contact as the user’s own, from My Account, and lets the user change it', async () => {
    const u = user();
    renderAppAt('/pool_booking/request', rootFor('demo.customer', api.url));
    await findFlowPage('Pool Booking');
    const name = screen.getByLabelText(/^Contact name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Casey'));
    expect((screen.getByLabelText(/^Email addresses/) as HTMLInputElement).value).toBe(MY_ACCOUNT_EMAIL);
    await u.type(name, ' Customer');
    expect(name.value).toBe('Casey Customer');
  });

  it('asks before Back to Dashboard leaves typed work, says it is kept as a draft, and keeps it', async () => {
    const u = user();
    renderAppAt('/pool_booking/request', rootFor('demo.customer', api.url));
    await findFlowPage('Pool Booking');
    await u.clear(screen.getByLabelText(/^Contact name/));
    await u.type(screen.getByLabelText(/^Contact name/), 'Robin');
    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    const question = await dialog();
    expect(within(question).getByRole('heading', { name: FLOW_MESSAGES.leaveRequest.title })).toBeTruthy();
    expect(within(question).getByText(FLOW_MESSAGES.leaveRequest.message)).toBeTruthy();
    await u.click(within(question).getByRole('button', { name: 'Stay' }));
    expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Robin');
    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await u.click(within(await dialog()).getByRole('button', { name: 'Leave' }));
    expect(await findFlowPage('Dashboard')).toBeTruthy();
    // Back through the menu: a fresh request, with the work left behind on offer as the dialog said.
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    await u.click(
      within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('link', {
        name: 'Pool',
      }),
    );
    const draft = await screen.findByRole('region', { name: 'Saved draft' });
    await u.click(within(draft).getByRole('button', { name: 'Restore' }));
    expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Robin');
  });

  it('choosing Pool in the menu resets the flow and offers the typed work as a draft', async () => {
    const u = user();
    renderAppAt('/pool_booking/request', rootFor('demo.customer', api.url));
    await findFlowPage('Pool Booking');
    await u.type(screen.getByLabelText(/^Contact name/), ' Customer');
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await u.click(within(menu).getByRole('link', { name: 'Pool' }));
    // A fresh request: the contact is the user's own again.
    await waitFor(() =>
      expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Casey'),
    );
    const draft = screen.getByRole('region', { name: 'Saved draft' });
    await u.click(within(draft).getByRole('button', { name: 'Restore' }));
    expect((screen.getByLabelText(/^Contact name/) as HTMLInputElement).value).toBe('Casey Customer');
  });
});
