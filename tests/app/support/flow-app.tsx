import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { App } from '../../../src/app/App';
import type { RootStore } from '../../../src/app/stores/RootStore';
import type { UnitsPlace } from './flow-data';

/** The whole app (router, guard, layout, dialogs) opened at a hash route. */
export function renderAppAt(path: string, root: RootStore) {
  window.location.hash = `#${path}`;
  return render(<App store={root} />);
}

/** Waits for a flow page: the first one loads the form engine on demand, which takes a moment in jsdom. */
export const findFlowPage = (title: string) =>
  screen.findByRole('heading', { level: 1, name: title }, { timeout: 15_000 });

type User = ReturnType<typeof userEvent.setup>;

/**
 * Fills a units flow's request: the place's market, 40' standard, `units` at the place's location,
 * and a contact other than the user's own.
 */
export async function fillUnitsRequest(u: User, place: UnitsPlace, units: string, contactName: string) {
  const { MarketCode, MarketName } = place.market;
  await u.selectOptions(
    await screen.findByLabelText(/^Market/),
    await screen.findByRole('option', { name: `${MarketCode} – ${MarketName}` }),
  );
  await u.selectOptions(
    screen.getByLabelText(/^Equipment size/),
    await screen.findByRole('option', { name: "40' Chassis" }),
  );
  await u.selectOptions(
    screen.getByLabelText(/^Equipment class/),
    await screen.findByRole('option', { name: 'Standard' }),
  );
  await u.type(await screen.findByLabelText(`Units requested at ${place.LocationName}`), units);
  // The contact starts as the user's own (My Account); this request names someone else.
  await u.clear(screen.getByLabelText(/^Contact name/));
  await u.type(screen.getByLabelText(/^Contact name/), contactName);
  await u.clear(screen.getByLabelText(/^Email addresses/));
  await u.type(screen.getByLabelText(/^Email addresses/), 'casey@example.com');
}
