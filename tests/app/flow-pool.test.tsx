// @vitest-environment jsdom
/**
 * The pool booking flow in the whole app against the real server (a child process on the run's
 * seeded database): request → review → confirm, booked for real; our messages; the contact from
 * My Account; drafts kept when the user leaves. The location is found through the API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { FLOW_MESSAGES, PENDING_NUMBER_TEXT } from '../../src/domain/messages';
import { withRealApp } from './support/dashboard-app';
import { fillUnitsRequest, findFlowPage, renderAppAt } from './support/flow-app';
import { type UnitsPlace, unitsPlace } from './support/flow-data';

const real = withRealApp();
/** The Chicago yard with the most 40' standard units for demo.customer. */
let place: UnitsPlace;
/** demo.customer as My Account shows it: a new request's contact starts as this. */
let me: { UserFullName: string; Email: string };
beforeAll(async () => {
  place = await unitsPlace(real.server, 'demo.customer', '/api/poolbooking/availableunits', 'CHI');
  const token = await real.server.token('demo.customer');
  const { UserId } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    UserId: number;
  };
  me = (await real.server.call('GET', `/api/users/${UserId}`, { token })).json();
});

const user = () => userEvent.setup();
const dialog = () => screen.findByRole('alertdialog');
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function openPool(): Promise<RootStore> {
  const root = await real.signIn('demo.customer');
  renderAppAt('/pool_booking/request', root);
  await findFlowPage('Pool Booking');
  return root;
}

/**
 * What the page sent to a create route as it went on the wire (headers and body after every
 * interceptor and transform), and what the server answered: recorded on the api client.
 */
function recordSubmits(root: RootStore) {
  const sent: Array<{ url: string; headers: Record<string, unknown>; body: unknown; answer: unknown }> = [];
  root.api.interceptors.response.use((res) => {
    if (res.config.url?.endsWith('/create'))
      sent.push({
        url: res.config.url,
        headers: res.config.headers.toJSON(),
        body: JSON.parse(String(res.config.data)),
        answer: res.data,
      });
    return res;
  });
  return sent;
}

describe('pool booking: request → review → confirm', () => {
  it('asks the over-available question, reviews, edits, submits once and shows the pending order', async () => {
    const u = user();
    const sent = recordSubmits(await openPool());
    // Two more than the location has: the over-available question, and a request for review.
    const units = place.Available + 2;
    await fillUnitsRequest(u, place, String(units), 'Casey Customer');
    expect(screen.getByRole('cell', { name: place.LocationName })).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Next' }));
    const question = await dialog();
    expect(
      within(question).getByText(
        `more units than are available (${place.LocationName}: ${units} requested, ${place.Available} available)`,
        { exact: false },
      ),
    ).toBeTruthy();
    await u.click(within(question).getByRole('button', { name: 'OK' }));

    await heading('Review Booking');
    const unitsTable = screen.getByRole('region', { name: 'Units per location' });
    expect(within(unitsTable).getByRole('cell', { name: place.LocationName })).toBeTruthy();
    expect(within(unitsTable).getByRole('cell', { name: String(units) })).toBeTruthy();
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
    expect(
      within(confirmSubmit).getByText(`${units} unit(s) at 1 location(s): ${place.LocationName} ${units}`),
    ).toBeTruthy();
    await u.click(within(confirmSubmit).getByRole('button', { name: 'Submit' }));

    await heading('Confirm Booking');
    expect(screen.getByText(/pending review by Customer Support/)).toBeTruthy();
    // Status Pending, and no number yet: "Awaiting review" (issue 14), not "Not yet assigned".
    expect(screen.getByRole('cell', { name: 'Pending' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: PENDING_NUMBER_TEXT })).toBeTruthy();
    expect(sent).toHaveLength(1);
    const [post] = sent;
    expect(post?.url).toMatch(/\/poolbooking\/create$/);
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      Equipment: { MarketCode: 'CHI', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
      // Every row the form showed; the name travels along (questions name the location by it).
      AvailableUnits: place.rows.map((r) => ({
        ...r,
        CustomerBooking: { UnitsRequestedCount: r.LocationId === place.LocationId ? units : 0 },
      })),
      Contact: { ContactName: 'Casey Customer', EmailAddresses: 'casey@example.com' },
      Acknowledged: ['customer-booking.over-available'],
    });
    expect(screen.getByRole('button', { name: 'New booking' })).toBeTruthy();
    // Booked for real: the order waits for review with the units at that location.
    const { BookingOrderId } = (post?.answer ?? {}) as { BookingOrderId: number };
    const order = await real.server.detail('demo.customer', BookingOrderId);
    expect(order.Bookings.map((b) => [b.Location.LocationId, b.UnitsRequestedCount, b.StatusCode])).toEqual([
      [place.LocationId, units, 'PN'],
    ]);
  });

  it('shows our messages, not ajv wording, when Next finds problems', async () => {
    const u = user();
    await openPool();
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
    await openPool();
    const name = screen.getByLabelText(/^Contact name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe(me.UserFullName));
    expect((screen.getByLabelText(/^Email addresses/) as HTMLInputElement).value).toBe(me.Email);
    await u.type(name, ' Jr');
    expect(name.value).toBe(`${me.UserFullName} Jr`);
  });

  it('asks before Back to Dashboard leaves typed work, says it is kept as a draft, and keeps it', async () => {
    const u = user();
    await openPool();
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
    await openPool();
    const name = () => screen.getByLabelText(/^Contact name/) as HTMLInputElement;
    await waitFor(() => expect(name().value).toBe(me.UserFullName));
    await u.type(name(), ' Jr');
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await u.click(within(menu).getByRole('link', { name: 'Pool' }));
    // A fresh request: the contact is the user's own again.
    await waitFor(() => expect(name().value).toBe(me.UserFullName));
    const draft = screen.getByRole('region', { name: 'Saved draft' });
    await u.click(within(draft).getByRole('button', { name: 'Restore' }));
    expect(name().value).toBe(`${me.UserFullName} Jr`);
  });
});
