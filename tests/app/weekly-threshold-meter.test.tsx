// @vitest-environment jsdom
/**
 * The threshold meter in the pool booking flow (jsdom against the real server): once market and
 * size are chosen, the customer sees this week's use of its cap — the number the booker checks.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { CustomerRow } from '../../src/domain/lookups';
import type { MeterResponse, Threshold } from '../../src/schemas/weekly-threshold';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();

it('shows the customer how much of its weekly cap in the market is booked, before it submits', {
  timeout: 90_000,
}, async () => {
  const staff = await real.server.token('demo.staff');
  const customer = await real.server.token('demo.customer');
  const [own] = (await real.server.call('GET', '/api/lookup/customers', { token: customer })).json<
    CustomerRow[]
  >();
  const customerId = own?.CustomerId as number;
  // A cap of 40 units a week in Chicago, whatever the demo data had there.
  const existing = (
    await real.server.call('POST', '/api/weeklythreshold/search', {
      token: staff,
      body: { CustomerId: customerId },
    })
  ).json<{ ResultSet: Threshold[] }>().ResultSet;
  for (const t of existing)
    await real.server.call('DELETE', `/api/weeklythreshold/${t.ThresholdId}`, { token: staff });
  const created = await real.server.call('POST', '/api/weeklythreshold', {
    token: staff,
    body: { CustomerId: customerId, MarketCode: 'CHI', WeeklyLimit: 40 },
  });
  expect(created.status).toBe(200);
  const expected = (
    await real.server.call('GET', '/api/weeklythreshold/meter?MarketCode=CHI&EquipmentSize=Chassis.40', {
      token: customer,
    })
  ).json<MeterResponse>();

  const u = userEvent.setup();
  const root = await real.signIn('demo.customer');
  root.lookups.loadAll(root.session.permissions);
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
  const meter = await screen.findByRole('region', { name: 'Weekly threshold' }, { timeout: 15_000 });
  const used = expected.Thresholds[0]?.Used as number;
  expect(
    within(meter).getByText(`${used} of 40 units booked this week in market CHI – Chicago`),
  ).toBeTruthy();
  expect(
    within(meter).getByText(
      used >= 40
        ? 'Any booking now goes to review by Customer Support before it is confirmed.'
        : `A request of more than ${40 - used} unit(s) goes to review by Customer Support.`,
    ),
  ).toBeTruthy();

  // Another size with no cap of its own still meets the market's cap; a market without one says so.
  await u.selectOptions(
    screen.getByLabelText(/^Market/),
    await screen.findByRole('option', { name: /^LAX –/ }),
  );
  expect(
    await screen.findByText(
      "No weekly booking threshold applies to LAX – Los Angeles / Long Beach and 40' Chassis.",
      undefined,
      {
        timeout: 15_000,
      },
    ),
  ).toBeTruthy();
});
