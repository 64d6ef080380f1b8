// @vitest-environment jsdom
/**
 * Issue 14: the available-units table as a customer meets it, against the real server — location
 * names (no Location ID column), availability as a number with a bar, and a request over what a
 * location has said at once as it is typed, before Next.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { excessText } from '../../src/app/widgets/AvailableUnitsField';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();

describe('the available-units table', { timeout: 60_000 }, () => {
  it('names locations, shows what each has, and says an excess as it is typed', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.customer');
    renderAppAt('/pool_booking/request', root);
    await findFlowPage('Pool Booking');
    await u.selectOptions(
      await screen.findByLabelText(/^Market/),
      await screen.findByRole('option', { name: 'CHI – Chicago' }),
    );
    await u.selectOptions(
      screen.getByLabelText(/^Equipment size/),
      await screen.findByRole('option', { name: "40' Chassis" }),
    );
    await u.selectOptions(
      screen.getByLabelText(/^Equipment class/),
      await screen.findByRole('option', { name: 'Standard' }),
    );
    const section = await screen.findByRole('region', { name: /^Units per/ });
    const table = await within(section).findByRole('table', {}, { timeout: 15_000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Location', 'Chassis available', 'Units requested']);

    const res = await real.server.call('POST', '/api/poolbooking/availableunits', {
      token: await real.server.token('demo.customer'),
      body: { MarketCode: 'CHI', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
    });
    const place = res.json<{ LocationName: string; Available: number }[]>()[0] as {
      LocationName: string;
      Available: number;
    };
    const row = within(table)
      .getAllByRole('row')
      .find((r) => r.querySelector('td')?.textContent === place.LocationName) as HTMLElement;
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe(String(place.Available));

    const input = within(row).getByRole('spinbutton', { name: `Units requested at ${place.LocationName}` });
    await u.type(input, String(place.Available + 2));
    const note = excessText(place.Available + 2, place.Available) as string;
    await waitFor(() => expect(within(row).getByText(note)).toBeTruthy());
    expect(input.getAttribute('aria-describedby')).toBe(within(row).getByText(note).id);
    // Nothing over: nothing said.
    await u.clear(input);
    await u.type(input, '1');
    expect(within(row).queryByText(/review/)).toBeNull();
  });
});
