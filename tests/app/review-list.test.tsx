// @vitest-environment jsdom
/**
 * Issue 25: the review step's tables (an array of objects with no widget of its own) are drawn by
 * the list component the app hands the engine (FlowViewServices.list → ReviewDataList, the one
 * DataList); without one, the engine's plain table. Either way: named by the array's title, headed
 * by the items' titles, the values as a person reads them.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewDataList } from '../../src/app/flows/ReviewDataList';
import type { JsonSchema } from '../../src/engine/core/types';
import { ReviewValue } from '../../src/engine/react/ReviewValue';
import { ReviewListContext } from '../../src/engine/react/review-list';

afterEach(cleanup);

const schema = {
  type: 'array',
  title: 'Stops',
  items: {
    type: 'object',
    properties: {
      Place: { type: 'string', title: 'Place' },
      Units: { type: 'integer', title: 'Units' },
      Urgent: { type: 'boolean', title: 'Urgent' },
    },
  },
} as JsonSchema;
const value = [
  { Place: 'Elgin Depot', Units: 3, Urgent: true },
  { Place: 'Joliet Ramp', Urgent: false },
];

function shown(around?: (children: ReactNode) => ReactNode) {
  const review = <ReviewValue value={value} schema={schema} uiSchema={{}} registry={{}} context={{}} />;
  render(<ChakraProvider value={defaultSystem}>{around ? around(review) : review}</ChakraProvider>);
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('columnheader')
        .concat(within(r).queryAllByRole('cell'))
        .map((c) => c.textContent),
    );

describe('the review step’s tables', () => {
  it('are the plain table of the engine when the app hands no list', () => {
    shown();
    expect(cellsOf(screen.getByRole('table', { name: 'Stops' }))).toEqual([
      ['Place', 'Units', 'Urgent'],
      ['Elgin Depot', '3', 'Yes'],
      ['Joliet Ramp', '—', 'No'],
    ]);
    const first = screen.getAllByRole('cell')[0] as HTMLElement;
    expect(first.classList.contains('data-list-first')).toBe(false);
  });

  it('are the app’s DataList when it hands one: the same rows, the place first', () => {
    shown((review) => (
      <ReviewListContext.Provider value={ReviewDataList}>{review}</ReviewListContext.Provider>
    ));
    const table = screen.getByRole('table', { name: 'Stops' });
    expect(cellsOf(table)).toEqual([
      ['Place', 'Units', 'Urgent'],
      ['Elgin Depot', '3', 'Yes'],
      ['Joliet Ramp', '—', 'No'],
    ]);
    // DataList's mark: the identifying column is the one its styles pin (data-list-css.ts; jsdom
    // cannot apply the theme's layered CSS, the what-a-person-sees e2e checks the pinning itself).
    const first = within(table).getAllByRole('cell')[0] as HTMLElement;
    expect(first.classList.contains('data-list-first')).toBe(true);
  });
});
