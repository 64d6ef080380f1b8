// @vitest-environment jsdom
/**
 * Pool redelivery in the whole app against the real server (issue 17): the bulk chassis widget —
 * a pasted CSV with a header, duplicates, another provider's and badly formed IDs; verdicts per row
 * from the server's check; filter by verdict; remove all invalid; arrow keys and Delete; the limit
 * with the number left out; the load failure — then a redelivery of the valid ones submitted.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { REDELIVERY_MESSAGES } from '../../src/domain/redelivery';
import { redeliverableChassis } from '../helpers/held-chassis';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();
let root: RootStore | null = null;
let held: string[];
beforeAll(async () => {
  const token = await real.server.token('demo.customer');
  held = await redeliverableChassis(async (method, path, body) => {
    const res = await real.server.call(method, path, { token, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return res.json();
  }, 6);
  expect(held).toHaveLength(6);
});

const chassisBox = () => screen.getByLabelText(/^Chassis IDs/);
const checks = () => screen.getByRole('list', { name: 'Chassis ID checks' });
const rowTexts = () =>
  within(checks())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent);
const paste = (text: string) => fireEvent.change(chassisBox(), { target: { value: text } });

async function open(): Promise<void> {
  root = await real.signIn('demo.customer');
  renderAppAt('/pool_redelivery/request', root);
  await findFlowPage('Pool Redelivery');
}

describe('pool redelivery (client)', { timeout: 90_000 }, () => {
  it('takes a pasted CSV: one row per chassis, verdicts from the real.server, filter, remove invalid, keys', async () => {
    const u = userEvent.setup();
    await open();
    const [a, b, c, d] = held as [string, string, string, string];
    const lower = `${b.slice(0, 4).toLowerCase()}-${b.slice(4)}`;
    paste(
      [
        'Chassis,Size,Note',
        `${a},40,"back Friday"`,
        `${b},40,`,
        `${lower},40,dup`,
        `${a};${c}\t${d}`,
        'GCCZ123456',
        'PLCZ12',
      ].join('\n'),
    );
    // Header words, sizes and notes are not chassis; the same chassis listed again is kept once.
    expect(
      await screen.findByText(/4 valid of 6 \(at most 1,000\); 2 with a problem\. 2 duplicates left out\./),
    ).toBeTruthy();
    expect(rowTexts()).toEqual([
      'GCCZ123456 is not one of our chassis (its prefix belongs to another provider).',
      expect.stringMatching(/^PLCZ12 is not a valid chassis ID/),
      `${a} — found`,
      `${b} — found`,
      `${c} — found`,
      `${d} — found`,
    ]);

    await u.click(screen.getByRole('button', { name: 'With a problem (2)' }));
    expect(rowTexts()).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Valid (4)' }));
    expect(rowTexts()).toEqual([`${a} — found`, `${b} — found`, `${c} — found`, `${d} — found`]);

    await u.click(screen.getByRole('button', { name: 'Remove all invalid' }));
    expect(await screen.findByText('4 valid of 4 (at most 1,000).')).toBeTruthy();
    expect((chassisBox() as HTMLTextAreaElement).value).toBe([a, b, c, d].join('\n'));

    // Keyboard: the first row takes focus, the arrow moves on, Delete removes the focused row.
    const first = within(checks()).getAllByRole('listitem')[0] as HTMLElement;
    first.focus();
    await u.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toMatch(new RegExp(`^${b}`));
    await u.keyboard('{Delete}');
    expect(await screen.findByText('3 valid of 3 (at most 1,000).')).toBeTruthy();
    expect(rowTexts()).toEqual([`${a} — found`, `${c} — found`, `${d} — found`]);
  });

  it('adds no more than the limit and says how many were left out', async () => {
    await open();
    const ids = Array.from({ length: 1005 }, (_, i) => `PLCZ${String(200000 + i)}`);
    paste(ids.join('\n'));
    expect(
      screen.getByText(
        '5 chassis left out: at most 1,000 can be listed at a time. Submit these first, then list the rest in another request.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/ valid of 1,000 \(at most 1,000\)/)).toBeTruthy());
  });

  it("says 'Failed to fetch Pool Redelivery Details' when the check cannot be reached, and checks again", async () => {
    const u = userEvent.setup();
    await open();
    let fail = true;
    root?.api.interceptors.request.use((config) => {
      if (fail && config.url?.includes('/poolredelivery/check')) throw new Error('Network Error');
      return config;
    });
    paste(`${held[0]}\n${held[1]}`);
    expect(await screen.findByText('Failed to fetch Pool Redelivery Details')).toBeTruthy();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('2 valid of 2 (at most 1,000).')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch Pool Redelivery Details')).toBeNull();
  });

  it('submits the valid chassis as a PR order, then the same chassis are refused as already on it', async () => {
    const u = userEvent.setup();
    await open();
    const mine = held.slice(4, 6);
    paste(mine.join('\n'));
    expect(await screen.findByText('2 valid of 2 (at most 1,000).')).toBeTruthy();
    const location = screen.getByLabelText(/^Return location/) as HTMLSelectElement;
    await waitFor(() => expect(location.options.length).toBeGreaterThan(1));
    await u.selectOptions(location, location.options[1] as HTMLOptionElement);
    fireEvent.change(screen.getByLabelText(/^Return date/), {
      target: { value: new Date().toISOString().slice(0, 10) },
    });
    const reason = screen.getByLabelText(/^Pool redelivery reason/) as HTMLSelectElement;
    // The reasons arrive with their lookup, as the locations do (a busy run found it still loading).
    await waitFor(() => expect(reason.options.length).toBeGreaterThan(1));
    await u.selectOptions(reason, reason.options[1] as HTMLOptionElement);
    await u.clear(screen.getByLabelText(/^Contact name/));
    await u.type(screen.getByLabelText(/^Contact name/), 'Casey Customer');
    await u.clear(screen.getByLabelText(/^Email addresses/));
    await u.type(screen.getByLabelText(/^Email addresses/), 'casey@example.com; yard@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review Redelivery' });
    expect(screen.getByText('2 chassis')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const question = await screen.findByRole('alertdialog');
    // The confirmation lists what the redelivery will do (its summary rule).
    expect(
      within(question).getByText(`2 chassis to be brought back on ${new Date().toISOString().slice(0, 10)}`),
    ).toBeTruthy();
    await u.click(within(question).getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 2, name: 'Confirm Redelivery' }, { timeout: 15_000 });
    expect(screen.getAllByText(/^PR\d+/).length).toBeGreaterThan(0);
    // Issue 25: the result says what a redelivery is, never "Your booking is confirmed".
    expect(screen.getByText('Your redelivery is booked.')).toBeTruthy();
    expect(screen.queryByText(/your booking/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'New redelivery' })).toBeTruthy();

    // A new request: the server now says each is already on the open redelivery.
    cleanup();
    await root?.hub.stop();
    root = null;
    await open();
    paste(mine.join('\n'));
    expect(
      await within(checks()).findByText(new RegExp(`^${mine[0]} is already on open redelivery PR\\d+`)),
    ).toBeTruthy();
    expect(REDELIVERY_MESSAGES.alreadyOnRedelivery('X', 'PR1')).toMatch(/cancel that redelivery first/);
  });
});
