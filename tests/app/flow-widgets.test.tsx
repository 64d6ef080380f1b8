// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROWS_SHOWN } from '../../src/app/widgets/ChassisIdListField';
import { fillUnitsRequest, findFlowPage, renderAppAt, rootFor } from './support/flow-app';
import { startFlowApi } from './support/flow-server';

let api: Awaited<ReturnType<typeof startFlowApi>>;
beforeAll(async () => {
  api = await startFlowApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => `PLCZ${String(100000 + i)}`);

describe('chassisIdList', () => {
  it('judges each typed ID by the rule, then by the server after a pause', async () => {
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    await userEvent.type(screen.getByLabelText(/^Chassis IDs/), 'PLCZ-123456, BAD1{enter}PLCZ900001');
    // Typed IDs reach the list once the keys pause (issue 17: the rules need not run on every key).
    const checks = await screen.findByRole('list', { name: 'Chassis ID checks' });
    expect(within(checks).getAllByRole('listitem')[0]?.textContent).toMatch(
      /^BAD1 is not a valid chassis ID: use four letters and six digits, with or without a hyphen/,
    );
    // The equipment check answers once typing pauses: one of ours, one not on hire to the customer.
    expect(await within(checks).findByText('PLCZ900001 is not on hire to Demo Motor Carrier.')).toBeTruthy();
    expect(await within(checks).findByText('PLCZ-123456 — found')).toBeTruthy();
    expect(screen.getByText('1 valid of 3 (at most 1,000); 2 with a problem.')).toBeTruthy();
  });

  it('takes IDs typed in lowercase as the capitals they are (issue 14)', async () => {
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    await userEvent.type(screen.getByLabelText(/^Chassis IDs/), 'plcz-123456');
    const checks = await screen.findByRole('list', { name: 'Chassis ID checks' });
    expect(await within(checks).findByText('PLCZ-123456 — found')).toBeTruthy();
  });

  it('takes 1,000 pasted IDs and renders only the first rows, problems first', async () => {
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    const pasted = [...ids(999), 'XX-1'];
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), { target: { value: pasted.join('\n') } });
    const checks = screen.getByRole('list', { name: 'Chassis ID checks' });
    const rows = within(checks).getAllByRole('listitem');
    expect(rows).toHaveLength(MAX_ROWS_SHOWN);
    expect(rows[0]?.textContent).toMatch(/^XX-1 is not a valid chassis ID/);
    expect(screen.getByText(`Showing ${MAX_ROWS_SHOWN} of 1,000, problems first.`)).toBeTruthy();
  });
});

describe('acknowledge rules', () => {
  it('daily lease: units requested bring the charges box, and Next waits until it is ticked', async () => {
    const u = userEvent.setup();
    renderAppAt('/pool_booking/daily_lease', rootFor('demo.customer', api.url));
    await findFlowPage('Daily Lease Booking');
    await fillUnitsRequest(u, '2', 'Casey');
    const box = screen.getByRole('checkbox', { name: /daily lease charges accrue/ });
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Tick the box beside this notice to confirm you have read it.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Request Booking' })).toBeTruthy();
    await u.click(box);
    expect(screen.queryByText('Tick the box beside this notice to confirm you have read it.')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Review Booking' })).toBeTruthy();
  });
});
