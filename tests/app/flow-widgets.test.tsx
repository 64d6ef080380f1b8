// @vitest-environment jsdom
/**
 * The flow widgets against the real server (a child process on the run's seeded database): the
 * chassis list judged by the rule and then by the server's equipment check, and the acknowledge rule.
 * The chassis and the location are found through the API as demo.customer.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { MAX_ROWS_SHOWN } from '../../src/app/widgets/ChassisVerdictList';
import { chassisListOf } from '../../src/app/widgets/chassis-list-text';
import { termLeaseChassisMessage } from '../../src/server/bookings/reuse/booker';
import { withRealApp } from './support/dashboard-app';
import { fillUnitsRequest, findFlowPage, renderAppAt } from './support/flow-app';
import { equipmentCheck, hyphenated, reuseChassis, unitsPlace } from './support/flow-data';

const real = withRealApp();
/** demo.customer's chassis: reusable ones, one on a term lease, and a well-formed ID we have no record of. */
let free: string[];
let termLeased: string;
const UNKNOWN = 'PLCZ900001';
let unknownMessage: string;
beforeAll(async () => {
  ({ free, termLeased } = await reuseChassis(real.server));
  const [unknown] = await equipmentCheck(real.server, 'demo.customer', [UNKNOWN], 'RU');
  if (!unknown || unknown.Valid || !unknown.Message)
    throw new Error(`${UNKNOWN} is a chassis of the demo data`);
  unknownMessage = unknown.Message;
});

async function openReuse(): Promise<RootStore> {
  const root = await real.signIn('demo.customer');
  renderAppAt('/reuse/request/new', root);
  await findFlowPage('Reuse Booking');
  return root;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `PLCZ${String(100000 + i)}`);

describe('chassisIdList', () => {
  it('judges each typed ID by the rule, then by the server after a pause', async () => {
    await openReuse();
    const mine = hyphenated(free[0] as string);
    await userEvent.type(screen.getByLabelText(/^Chassis IDs/), `${mine}, BAD1{enter}${UNKNOWN}`);
    // Typed IDs reach the list once the keys pause (issue 17: the rules need not run on every key).
    const checks = await screen.findByRole('list', { name: 'Chassis ID checks' });
    expect(within(checks).getAllByRole('listitem')[0]?.textContent).toMatch(
      /^BAD1 is not a valid chassis ID: use four letters and six digits, with or without a hyphen/,
    );
    // The equipment check answers once typing pauses: one of the customer's, one we have no record of.
    expect(await within(checks).findByText(unknownMessage)).toBeTruthy();
    expect(await within(checks).findByText(`${mine} — found`)).toBeTruthy();
    expect(screen.getByText('1 valid of 3 (at most 1,000); 2 with a problem.')).toBeTruthy();
  });

  it('takes IDs typed in lowercase as the capitals they are (issue 14)', async () => {
    await openReuse();
    const mine = hyphenated(free[0] as string);
    await userEvent.type(screen.getByLabelText(/^Chassis IDs/), mine.toLowerCase());
    const checks = await screen.findByRole('list', { name: 'Chassis ID checks' });
    expect(await within(checks).findByText(`${mine} — found`)).toBeTruthy();
  });

  it('takes 1,000 pasted IDs and renders only the first rows, problems first', async () => {
    await openReuse();
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
    await openReuse();
    const [mine] = free as [string];
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), {
      target: { value: `${mine}\n${termLeased}` },
    });
    const checks = screen.getByRole('list', { name: 'Chassis ID checks' });
    // The reuse list asks the equipment check as a reuse (OrderType RU): the term lease is named.
    expect(await within(checks).findByText(termLeaseChassisMessage(termLeased))).toBeTruthy();
    expect(await within(checks).findByText(`${mine} — found`)).toBeTruthy();
    expect(screen.getByText('1 valid of 2 (at most 1,000); 1 with a problem.')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Next' }));
    // Still the request step: no review, and the list is marked invalid.
    expect(screen.getByRole('heading', { level: 2, name: 'Request Booking' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Review Booking' })).toBeNull();
    expect(screen.getByLabelText(/^Chassis IDs/).getAttribute('aria-invalid')).toBe('true');

    // Removing the refused row lets Next go on.
    await u.click(within(checks).getByRole('button', { name: `Remove ${termLeased}` }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Review Booking' })).toBeTruthy();
  });

  it('names pasted entries that are not chassis IDs instead of dropping them', async () => {
    await openReuse();
    const [first, second] = free as [string, string];
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), {
      target: { value: `${first}\nXXXX\nplcz 123\n${second.slice(0, 4)} ${second.slice(4)}\n40` },
    });
    const note = await screen.findByText(
      '2 entries are not chassis IDs and were not listed: XXXX, plcz 123. Correct or delete them in the text box.',
    );
    expect(note.getAttribute('role')).toBe('status');
    // The second chassis is one ID written with a space; a size "40" is not meant as one.
    const checks = screen.getByRole('list', { name: 'Chassis ID checks' });
    expect(await within(checks).findByText(`${second} — found`)).toBeTruthy();
    expect(within(checks).getAllByRole('listitem')).toHaveLength(2);
  });

  it('does not name an entry while it is still being typed', async () => {
    await openReuse();
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
    // Daily lease yards are port bays: Los Angeles has them in the demo data.
    const place = await unitsPlace(
      real.server,
      'demo.customer',
      '/api/dailyleasebooking/availableunits',
      'LAX',
    );
    renderAppAt('/pool_booking/daily_lease', await real.signIn('demo.customer'));
    await findFlowPage('Daily Lease Booking');
    await fillUnitsRequest(u, place, '2', 'Casey');
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
