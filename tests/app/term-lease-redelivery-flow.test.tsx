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
/** Issue 25: the purchase option line with a chassis short of its minimum rental period and one not. */
let option: { line: GroupLineItem; short: string; done: string };
/** Issue 25: a direct finance lease line on another contract, with a chassis short of its period too. */
let finance: { line: GroupLineItem; short: string };
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
  const shortOf = (l: GroupLineItem) =>
    l.LineItemDetails.find((d) => d.NeedsMinRentalPeriodOverride)?.ChassisId;
  const o = answer.GroupLineItems.find(
    (l) =>
      l.NeedsPurchaseOptionOverride &&
      !l.ShowDirectFinanceLeaseWarning &&
      shortOf(l) &&
      l.LineItemDetails.some((d) => !d.NeedsMinRentalPeriodOverride),
  );
  const f = answer.GroupLineItems.find(
    (l) =>
      l.ShowDirectFinanceLeaseWarning &&
      !l.NeedsPurchaseOptionOverride &&
      shortOf(l) &&
      l.ContractNumber !== o?.ContractNumber,
  );
  if (!o || !f) throw new Error('the demo data offers no two contracts short of their minimum rental period');
  option = {
    line: o,
    short: shortOf(o) as string,
    done: o.LineItemDetails.find((d) => !d.NeedsMinRentalPeriodOverride)?.ChassisId as string,
  };
  finance = { line: f, short: shortOf(f) as string };
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
    // An override's fees (and a finance lease's warning) are acknowledged below: then it is Ready.
    const about = new RegExp(`(override on contract|^Contract) ${line.ContractNumber} `);
    for (const box of screen.queryAllByRole('checkbox', { name: about })) await u.click(box);
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

  // Issue 25: each contract line's acknowledgement is its own box, there as soon as the line asks
  // for it; a line fixed says Ready at once; the review counts only the chassis that go back.
  it('asks each line its acknowledgement at once, says Ready once a line is fixed, and reviews what is returned', async () => {
    const u = userEvent.setup();
    root = await real.signIn('demo.customer');
    renderAppAt('/term_lease_redelivery/pre_request', root);
    await findFlowPage('Term Lease Redelivery');
    const unknown = 'PLCZ999999';
    fireEvent.change(screen.getByLabelText(/^Chassis IDs/), {
      target: { value: [option.short, option.done, finance.short, unknown].join('\n') },
    });
    expect(await screen.findByText(/^3 valid of 4 \(at most 300\); 1 with a problem/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Find contracts' }));
    const sectionOf = (l: GroupLineItem) =>
      screen.findByRole('region', { name: new RegExp(`^Contract ${l.ContractNumber} `) });
    const a = await sectionOf(option.line);
    const b = await sectionOf(finance.line);
    const locate = async (section: HTMLElement) => {
      const select = within(section).getByLabelText('Return location for this line') as HTMLSelectElement;
      await u.selectOptions(select, select.options[1] as HTMLOptionElement);
      await u.click(within(section).getByRole('button', { name: 'Apply location' }));
    };
    const rentalBox = (l: GroupLineItem) =>
      screen.queryByRole('checkbox', {
        name: new RegExp(`minimum rental period override on contract ${l.ContractNumber} `),
      });

    // The finance lease line: located and overridden, it waits only for its acknowledgements.
    await locate(b);
    await u.click(within(b).getByRole('button', { name: 'Apply minimum rental period override' }));
    expect(rentalBox(finance.line)).toBeTruthy();
    expect(within(b).getByText('Acknowledge below')).toBeTruthy();

    // The other contract's override: its own box appears at once (no Next), beside the first.
    await locate(a);
    await u.click(within(a).getByRole('button', { name: 'Apply purchase option override' }));
    expect(within(a).getByText('Needs attention')).toBeTruthy();
    await u.click(within(a).getByRole('button', { name: 'Apply minimum rental period override' }));
    expect(rentalBox(option.line)).toBeTruthy();
    expect(rentalBox(finance.line)).toBeTruthy();
    expect(within(a).getByText('Acknowledge below')).toBeTruthy();

    // Deleting the chassis that needed the override fixes the line: Ready, and its box is gone.
    await u.click(within(a).getByRole('button', { name: `Delete ${option.short}` }));
    expect(within(a).getByText('Ready')).toBeTruthy();
    expect(rentalBox(option.line)).toBeNull();

    // Both of the finance lease line's acknowledgements ticked: Ready, without leaving the step.
    await u.click(
      screen.getByRole('checkbox', {
        name: new RegExp(`Contract ${finance.line.ContractNumber} is a direct finance lease`),
      }),
    );
    expect(within(b).getByText('Acknowledge below')).toBeTruthy();
    await u.click(rentalBox(finance.line) as HTMLElement);
    expect(within(b).getByText('Ready')).toBeTruthy();
    expect(screen.queryByText('Needs attention')).toBeNull();

    // A listed ID the server refused stops Next (a chassis meant to go back is never dropped
    // silently); removed, the review counts the two chassis that go back and names the one listed
    // that does not.
    await u.type(screen.getByLabelText(/^Contact name/), 'Casey Customer');
    await u.type(screen.getByLabelText(/^Email addresses/), 'casey@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('heading', { level: 2, name: 'Review Redelivery' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Remove all invalid' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review Redelivery' });
    const review = screen.getByRole('region', { name: 'Chassis to return' });
    expect(within(review).getByText('2 chassis')).toBeTruthy();
    expect(within(review).getByText(`1 of the 3 listed will not be returned: ${option.short}`)).toBeTruthy();
  });
});
