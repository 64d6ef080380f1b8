/** Driving the reposition request in the rendered app, as a user would (labels, buttons). */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { RepositionChoices } from './reposition';

type User = ReturnType<typeof userEvent.setup>;

const choose = async (u: User, label: RegExp, option: string) =>
  u.selectOptions(await screen.findByLabelText(label), await screen.findByRole('option', { name: option }));

/** Org, origin, size, class and reason from the server's lookups (Extendable keeps its default, All). */
export async function fillRepositionHeader(u: User, c: RepositionChoices) {
  await choose(u, /^Inventory org/, `${c.org.InventoryOrgCode} – ${c.org.InventoryOrgDescription}`);
  await choose(u, /^Origin location/, c.origin.LocationName);
  await choose(u, /^Equipment size/, c.size.EquipmentCategoryDescription);
  await choose(u, /^Equipment class/, c.equipmentClass.Name);
  await choose(u, /^Reposition reason/, c.reason.ReasonDescription);
}

/** The group of the n-th destination (0-based). */
export const destination = (index: number): HTMLElement =>
  screen.getByRole('group', { name: `Destination ${index + 1}` });

/** The live total the destinations field shows. */
export const totalSelected = (): string | null => screen.getByTestId('total-selected').textContent;

/** Searches the destination's motor-carrier picker by the first letters and picks `name`. */
export async function chooseMotorCarrier(u: User, group: HTMLElement, name: string) {
  await u.type(within(group).getByLabelText(/^Motor carrier/), name.slice(0, 4));
  const list = await within(group).findByRole(
    'list',
    { name: 'Matching motor carriers' },
    { timeout: 5_000 },
  );
  await u.click(within(list).getByRole('button', { name }));
  await within(group).findByText(name);
}
