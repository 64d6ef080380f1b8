// @vitest-environment jsdom
/**
 * The reposition flow in the whole app against the real server (a child process on the run's
 * seeded database): the request renders from the flow file, availability fills in by the step
 * action, the destinations' total follows every add, edit and remove (SPEC §4 Reposition), and a
 * destination equal to the origin is refused with the rule's message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';
import { type RepositionChoices, repositionChoices } from './support/reposition';
import {
  chooseMotorCarrier,
  destination,
  fillRepositionHeader,
  totalSelected,
} from './support/reposition-app';

const real = withRealApp();
let choices: RepositionChoices;
beforeAll(async () => {
  choices = await repositionChoices(real.server, 'demo.customer');
});

describe('reposition booking (client)', { timeout: 90_000 }, () => {
  it('renders, checks availability, keeps the total live and refuses a destination equal to the origin', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    renderAppAt('/reposition_booking/request', root);
    await findFlowPage('Reposition Booking');
    await fillRepositionHeader(u, choices);

    // The availability action runs once its fields are filled, and its answer shows read-only.
    await waitFor(() => expect(screen.getByTestId('available-quantity').textContent).toMatch(/^\d+$/), {
      timeout: 15_000,
    });
    expect(totalSelected()).toBe('0');

    await u.click(screen.getByRole('button', { name: 'Add destination' }));
    const first = destination(0);
    await u.selectOptions(
      within(first).getByLabelText(/^Destination/),
      within(first).getByRole('option', { name: choices.origin.LocationName }),
    );
    await u.type(within(first).getByLabelText(/^Units requested/), '3');
    await chooseMotorCarrier(u, first, choices.carrier.CustomerNameWithSCAC);
    expect(totalSelected()).toBe('3');

    await u.click(screen.getByRole('button', { name: 'Add destination' }));
    const second = destination(1);
    await u.type(within(second).getByLabelText(/^Units requested/), '4');
    expect(totalSelected()).toBe('7');
    await u.clear(within(second).getByLabelText(/^Units requested/));
    await u.type(within(second).getByLabelText(/^Units requested/), '2');
    expect(totalSelected()).toBe('5');
    await u.click(within(second).getByRole('button', { name: 'Remove destination 2' }));
    await waitFor(() => expect(totalSelected()).toBe('3'));
    expect(screen.queryByRole('group', { name: 'Destination 2' })).toBeNull();

    // Rules speak once the schema is satisfied: the rest of the request is complete.
    await u.type(screen.getByLabelText(/^Contact name/), 'Casey Customer');
    await u.type(screen.getByLabelText(/^Email addresses/), 'casey@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('The destination cannot be the origin location: choose another destination.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Request Booking' })).toBeTruthy();
  });
});
