// @vitest-environment jsdom
/**
 * The term lease line-items widget at its heaviest (issue 16): a contract of 20 lines × 25 booked
 * items in the whole app (jsdom): the lines' first render, and one quantity keystroke (the line's
 * sums, free locations and the fees recalculated). Goal in Chromium: first render ≤ 150 ms,
 * keystroke ≤ 16 ms; jsdom is slower than a browser, so read these as an upper bound.
 * Figures only; run by `npm run bench`, never by npm test.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, it } from 'vitest';
import type { TermLineItem } from '../src/domain/term-lease';
import { findFlowPage, renderAppAt } from '../tests/app/support/flow-app';
import { rootFor, startFlowApi } from './flow-api';
import { measure } from './measure';

const LINES = 20;
const ITEMS = 25;

const lines = (): TermLineItem[] =>
  Array.from({ length: LINES }, (_, l) => {
    const locations = Array.from({ length: ITEMS + 5 }, (_, i) => 1 + l * 40 + i);
    return {
      EquipmentLineID: 1000 + l,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      MarketCode: 'CHI',
      Quantity: 1000,
      DailyRate: 12.5,
      AdditionalOnHireAllowed: false,
      BookedQuantity: 0,
      Locations: locations,
      AvailableLocations: locations.slice(ITEMS),
      IsCollapsed: false,
      SelectedQuantity: ITEMS,
      BookedItems: locations.slice(0, ITEMS).map((LocationId) => ({ LocationId, UnitsRequestedCount: 1 })),
    };
  });

let api: Awaited<ReturnType<typeof startFlowApi>>;
beforeAll(async () => {
  api = await startFlowApi();
});
afterAll(() => api.close());

it(`renders ${LINES} lines × ${ITEMS} booked items and takes a quantity keystroke`, async () => {
  console.log(`\n## Term lease line items: ${LINES} lines × ${ITEMS} booked items (whole app, jsdom)`);
  const root = rootFor('demo.customer', api.url);
  renderAppAt('/term_lease/request', root);
  await findFlowPage('Term Lease Booking');
  const store = root.flows.get('term-lease-booking', () => {
    throw new Error('the term lease flow store is not open');
  });
  const data = lines();
  await measure('first render of the lines', 5, async () => {
    act(() => store.setData('LineItems', []));
    act(() => store.setData('LineItems', data));
    const rows = screen.getAllByTestId('booked-item');
    if (rows.length !== LINES * ITEMS) throw new Error(`rendered ${rows.length} booked items`);
  });
  const input = screen.getByLabelText('Line 1000 location 1: units');
  let n = 1;
  await measure('one quantity keystroke (sums and fees recalculated)', 20, () => {
    n = n === 1 ? 2 : 1;
    fireEvent.change(input, { target: { value: String(n) } });
  });
  cleanup();
}, 600_000);
