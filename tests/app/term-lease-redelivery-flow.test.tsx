// @vitest-environment jsdom
/**
 * Term lease redelivery in the whole app against the real server (issue 17): pasted chassis, the
 * Find contracts action groups them per contract line, and the group/detail widget runs SPEC §4's
 * transitions — the purchase option override applied and rejected, a location applied to the
 * line, a chassis deleted, the line cancelled when all are deleted and brought back by Undo.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { type GroupLineItem, TERM_REDELIVERY_MESSAGES } from '../../src/domain/term-lease-redelivery';
import { heldChassisCandidates } from '../helpers/held-chassis';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

const real = withRealApp();
let root: RootStore | null = null;
/** A contract line with a purchase option, and two of its chassis. */
let line: GroupLineItem;
beforeAll(async () => {
  const token = await real.server.token('demo.customer');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await real.server.call(method, path, { token, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return res.json();
  };
  const candidates = (await heldChassisCandidates(call, 'TL')).slice(0, 300);
  const answer = (await call('POST', '/api/longtermredelivery/contractForChassis', {
    ChassisIds: candidates,
  })) as { GroupLineItems: GroupLineItem[] };
  const found = answer.GroupLineItems.find(
    (l) => l.NeedsPurchaseOptionOverride && l.LineItemDetails.length >= 2,
  );
  if (!found) throw new Error('the demo data offers no purchase option line with two chassis');
  line = found;
});

describe('term lease redelivery (client)', { timeout: 90_000 }, () => {
  it('groups pasted chassis per contract line and applies the SPEC §4 transitions', async () => {
    const u = userEvent.setup();
    root = await real.signIn('demo.customer');
    renderAppAt('/term_lease_redelivery/pre_request', root);
    await findFlowPage('Term Lease Redelivery');
    const [a, b] = line.LineItemDetails.map((d) => d.ChassisId) as [string, string];
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), { target: { value: `${a}\n${b}` } });
    expect(await screen.findByText('2 valid of 2 (at most 300).')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Find contracts' }));

    const section = await screen.findByRole('region', {
      name: new RegExp(`^Contract ${line.ContractNumber}`),
    });
    const chassis = within(section).getByRole('table');
    expect(
      within(chassis).getByText(TERM_REDELIVERY_MESSAGES.purchaseOptionPending(a, line.ContractNumber)),
    ).toBeTruthy();
    expect(within(section).getByText('Needs attention')).toBeTruthy();

    await u.click(within(section).getByRole('button', { name: 'Apply purchase option override' }));
    expect(within(section).getByText('Purchase option override applied.')).toBeTruthy();
    expect(
      within(chassis).queryByText(TERM_REDELIVERY_MESSAGES.purchaseOptionPending(a, line.ContractNumber)),
    ).toBeNull();
    await u.click(within(section).getByRole('button', { name: 'Reject purchase option override' }));
    expect(
      within(chassis).getByText(TERM_REDELIVERY_MESSAGES.purchaseOptionPending(a, line.ContractNumber)),
    ).toBeTruthy();
    await u.click(within(section).getByRole('button', { name: 'Apply purchase option override' }));

    // A location applied to the line fills every chassis without one.
    const select = within(section).getByLabelText('Return location for this line') as HTMLSelectElement;
    await u.selectOptions(select, select.options[1] as HTMLOptionElement);
    const chosen = select.options[1]?.textContent as string;
    await u.click(within(section).getByRole('button', { name: 'Apply location' }));
    await waitFor(() => expect(within(chassis).getAllByText(chosen)).toHaveLength(2));
    const rental = within(section).queryByRole('button', { name: 'Apply minimum rental period override' });
    if (rental) await u.click(rental);
    const quantity = within(section).queryByRole('button', { name: 'Apply minimum quantity override' });
    if (quantity) await u.click(quantity);
    expect(within(chassis).getAllByText('Can be returned')).toHaveLength(2);
    expect(within(section).getByText('Ready')).toBeTruthy();

    // Deleting every chassis cancels the line; Undo brings them back.
    await u.click(within(section).getByRole('button', { name: `Delete ${a}` }));
    expect(within(section).queryByRole('button', { name: `Delete ${a}` })).toBeNull();
    await u.click(within(section).getByRole('button', { name: `Delete ${b}` }));
    expect(within(section).getByText('Cancelled')).toBeTruthy();
    await u.click(within(section).getByRole('button', { name: 'Undo cancel' }));
    expect(within(section).getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
    expect(within(section).queryByText('Cancelled')).toBeNull();
  });
});
