// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROWS_SHOWN } from '../../src/app/widgets/ChassisIdListField';
import { chassisListOf } from '../../src/app/widgets/chassis-list-text';
import { termLeaseChassisMessage } from '../../src/server/domain/reuse-booking';
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

describe('chassisIdList: what the submit would refuse, on step 1 (issue 25)', () => {
  it('shows a pasted term-lease chassis refused with the reuse booker message, and Next stays on step 1', async () => {
    const u = userEvent.setup();
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), {
      target: { value: 'PLCZ123456\nPLCZ812345' },
    });
    const checks = screen.getByRole('list', { name: 'Chassis ID checks' });
    // The reuse list asks the equipment check as a reuse (OrderType RU): the term lease is named.
    expect(await within(checks).findByText(termLeaseChassisMessage('PLCZ812345'))).toBeTruthy();
    expect(await within(checks).findByText('PLCZ123456 — found')).toBeTruthy();
    expect(screen.getByText('1 valid of 2 (at most 1,000); 1 with a problem.')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Next' }));
    // Still the request step: no review, and the list is marked invalid.
    expect(screen.getByRole('heading', { level: 2, name: 'Request Booking' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Review Booking' })).toBeNull();
    expect(screen.getByLabelText(/^Chassis IDs/).getAttribute('aria-invalid')).toBe('true');

    // Removing the refused row lets Next go on.
    await u.click(within(checks).getByRole('button', { name: 'Remove PLCZ812345' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Review Booking' })).toBeTruthy();
  });

  it('names pasted entries that are not chassis IDs instead of dropping them', async () => {
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), {
      target: { value: 'PLCZ123456\nXXXX\nplcz 123\nPLCZ 123457\n40' },
    });
    const note = await screen.findByText(
      '2 entries are not chassis IDs and were not listed: XXXX, plcz 123. Correct or delete them in the text box.',
    );
    expect(note.getAttribute('role')).toBe('status');
    // "PLCZ 123457" is one ID written with a space; a size "40" is not meant as one.
    const checks = screen.getByRole('list', { name: 'Chassis ID checks' });
    expect(await within(checks).findByText('PLCZ123457 — found')).toBeTruthy();
    expect(within(checks).getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not name an entry while it is still being typed', async () => {
    renderAppAt('/reuse/request/new', rootFor('demo.customer', api.url));
    await findFlowPage('Reuse Booking');
    const box = screen.getByLabelText(/^Chassis IDs/);
    await userEvent.type(box, 'PLCZ');
    expect(screen.queryByText(/not chassis IDs?/)).toBeNull();
    await userEvent.type(box, ', ');
    expect(await screen.findByText(/^1 entry is not a chassis ID and was not listed: PLCZ\./)).toBeTruthy();
  });

  it('parses entries: one ID with a space, prose around IDs, column headers named', () => {
    expect(chassisListOf('Chassis ID\tSize\nPLCZ123456\t40\nplcz 123456', undefined)).toMatchObject({
      ids: ['PLCZ123456'],
      duplicates: 1,
      skipped: ['Chassis ID', 'Size'],
    });
    expect(chassisListOf('please book PLCZ123456 and PLCZ123457', undefined)).toMatchObject({
      ids: ['PLCZ123456', 'PLCZ123457'],
      skipped: [],
    });
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
