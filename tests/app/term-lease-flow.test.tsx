// @vitest-environment jsdom
/**
 * The term lease booking in the whole app against the real server (SPEC §3, §4 Term lease
 * booking): choosing a contract fills its lines by the step action; the line-items widget adds,
 * edits and removes booked locations, keeps each line's selected quantity the sum of its counts,
 * offers only the line's locations not yet booked, collapses and expands all lines, and shows the
 * fees per booked location with their total.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { withRealApp } from './support/dashboard-app';
import { findFlowPage, renderAppAt } from './support/flow-app';

interface Line {
  EquipmentLineID: number;
  Locations: number[];
}

const real = withRealApp();
let root: RootStore | null = null;
let contract: { ContractId: number; ContractNumber: string; line: Line };
beforeAll(async () => {
  const token = await real.server.token('demo.customer');
  const markets = await real.server.call('GET', '/api/lookup/filteredLongtermMarket', { token });
  for (const { ContractId, ContractNumber } of markets.json<
    Array<{ ContractId: number; ContractNumber: string }>
  >()) {
    const info = await real.server.call('GET', `/api/longtermbooking/getContractInfo/${ContractId}`, {
      token,
    });
    const body = info.json<{ Bookable: boolean; Lines: Line[] }>();
    const line = body.Lines.find((l) => l.Locations.length >= 3);
    if (body.Bookable && line) {
      contract = { ContractId, ContractNumber, line };
      break;
    }
  }
  if (!contract) throw new Error('demo.customer needs a bookable contract with a line of 3 locations');
});

const panel = (id: number) => {
  const found = document.querySelector<HTMLElement>(`section[aria-label^="Line ${id}:"]`);
  if (!found) throw new Error(`no panel of line ${id}`);
  return found;
};
const sums = (id: number) => screen.getByTestId(`line-${id}-sums`).textContent ?? '';
const byLabel = <T extends Element>(label: string, within: ParentNode = document) => {
  const found = within.querySelector<T & Element>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing is labelled ${label}`);
  return found as T;
};
const addSelect = (id: number) => byLabel<HTMLSelectElement>(`Line ${id}: add a location`);
const offered = (id: number) =>
  [...addSelect(id).options]
    .map((o) => o.value)
    .filter(Boolean)
    .map(Number);

describe('term lease booking (client)', { timeout: 180_000 }, () => {
  it('adds, edits and removes booked locations with live sums, free locations, collapse all and fees', async () => {
    const u = userEvent.setup();
    root = await real.signIn('demo.customer');
    renderAppAt('/term_lease/request', root);
    await findFlowPage('Term Lease Booking');
    await u.selectOptions(
      document.querySelector('select[id$="Contract_ContractId"]') as HTMLSelectElement,
      contract.ContractNumber,
    );
    const id = contract.line.EquipmentLineID;
    await waitFor(() => expect(panel(id)).toBeTruthy(), { timeout: 15_000 });
    expect(sums(id)).toMatch(/selected 0/);
    expect(offered(id)).toEqual(contract.line.Locations);
    expect(screen.getByTestId('fees-total').textContent).toBe('$0.00');

    // Add: the location leaves the list of free ones, the count starts at 1.
    const [first, second] = contract.line.Locations as [number, number];
    await u.selectOptions(addSelect(id), String(first));
    expect(sums(id)).toMatch(/selected 1/);
    expect(offered(id)).not.toContain(first);
    const total1 = Number(screen.getByTestId('fees-total').textContent?.slice(1));
    expect(total1).toBeGreaterThan(0);

    // Edit: the selected quantity is the sum of the counts.
    const units = byLabel<HTMLInputElement>(`Line ${id} location 1: units`, panel(id));
    await u.clear(units);
    await u.type(units, '4');
    expect(sums(id)).toMatch(/selected 4/);
    await u.selectOptions(addSelect(id), String(second));
    expect(sums(id)).toMatch(/selected 5/);
    expect(offered(id)).toEqual(contract.line.Locations.filter((l) => l !== first && l !== second));
    expect(within(panel(id)).getAllByTestId('booked-item')).toHaveLength(2);
    expect(Number(screen.getByTestId('fees-total').textContent?.slice(1))).toBeGreaterThan(total1);

    // Remove: its units and its new fees go, its location is free again.
    await u.click(within(panel(id)).getByText(`Remove Line ${id} location 1`));
    expect(sums(id)).toMatch(/selected 1/);
    expect(offered(id)).toContain(first);
    expect(within(panel(id)).getAllByTestId('booked-item')).toHaveLength(1);

    // Collapse all hides every line's items; expand all brings them back.
    await u.click(screen.getByText('Collapse all'));
    for (const b of screen.getAllByRole('button', { expanded: false }))
      expect(b.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByTestId('booked-item')).toHaveLength(0);
    await u.click(screen.getByText('Expand all'));
    expect(screen.getAllByTestId('booked-item')).toHaveLength(1);
    // One line's own toggle.
    await u.click(panel(id).querySelector('button[aria-controls^="term-line-"]') as HTMLElement);
    expect(screen.queryAllByTestId('booked-item')).toHaveLength(0);
  });
});
