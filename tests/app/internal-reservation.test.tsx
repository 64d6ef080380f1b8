// @vitest-environment jsdom
/**
 * The internal reservations view in jsdom against the real server (a child process): each item
 * collapses and expands on its own and all together (SPEC §2, §4); the comments feature flag on
 * (items with a comment flagged, the comment shown) and off (neither); a change over the free
 * number refused on its item with the server's words; demo.readonly reads without changing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { internalReservationStore } from '../../src/app/internal-reservation/InternalReservationStore';
import { lookupNames } from '../../src/app/stores/lookup-names';
import type { RootStore } from '../../src/app/stores/RootStore';
import type { RealServer } from '../helpers/real-server';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

/** The market with the most IDL reservations: a short list with several items, so jsdom stays quick. */
async function busiestMarket(on: RealServer): Promise<string> {
  const res = await on.call('POST', '/api/internalreservation/search', {
    token: await on.token('demo.staff'),
    body: { InventoryOrgCode: 'IDL' },
  });
  const counts = new Map<string, number>();
  for (const r of res.json<{ Reservations: { MarketCode: string }[] }>().Reservations)
    counts.set(r.MarketCode, (counts.get(r.MarketCode) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

async function openPage(r: RootStore, on: RealServer = real.server) {
  await r.sessionBehaviour.publicConfig.load();
  internalReservationStore(r).setFilter('MarketCode', await busiestMarket(on));
  renderAppAt('/internal_reservation/request', r);
  await screen.findByRole('heading', { level: 1, name: 'Internal Reservation' }, { timeout: 15_000 });
  const list = await screen.findByRole('list', { name: 'Reservations' }, { timeout: 15_000 });
  await waitFor(() => expect(list.querySelectorAll('li').length).toBeGreaterThan(2), { timeout: 15_000 });
  return list;
}
const toggles = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('button[aria-expanded]')];
const expanded = (list: HTMLElement) => toggles(list).map((b) => b.getAttribute('aria-expanded'));

describe('the internal reservations view', { timeout: 90_000 }, () => {
  it('collapses and expands each item on its own, and all together', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    const list = await openPage(root);
    expect(new Set(expanded(list))).toEqual(new Set(['false']));
    const [first, second] = toggles(list) as [HTMLElement, HTMLElement];
    await u.click(second);
    expect(expanded(list).slice(0, 3)).toEqual(['false', 'true', 'false']);
    const secondItem = within(list).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(secondItem).getByLabelText('Reserved quantity')).toBeTruthy();
    await u.click(first);
    await u.click(second);
    expect(expanded(list).slice(0, 3)).toEqual(['true', 'false', 'false']);
    await u.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(new Set(expanded(list))).toEqual(new Set(['true']));
    expect((screen.getByRole('button', { name: 'Expand all' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(new Set(expanded(list))).toEqual(new Set(['false']));
    expect(internalReservationStore(root).items.every((i) => i.IsCollapsed)).toBe(true);
  });

  it('flags the items that carry a comment and shows it with who wrote it (comments on)', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    const list = await openPage(root);
    expect(root.sessionBehaviour.publicConfig.flags.InternalReservationComments).toBe(true);
    const commented = internalReservationStore(root).items.filter((i) => i.HasComment);
    expect(commented.length).toBeGreaterThan(0);
    expect(within(list).getAllByLabelText('Has a comment')).toHaveLength(commented.length);
    const target = commented[0];
    const item = within(list).getByRole('listitem', {
      name: `${target?.LocationName} · ${lookupNames(root.lookups).equipment(target?.EquipmentSize, target?.EquipmentClass)}${target?.Extendable ? ', extendable' : ''}`,
    });
    await u.click(within(item).getAllByRole('button')[0] as HTMLElement);
    expect((within(item).getByLabelText('Comment') as HTMLInputElement).value).toBe(
      target?.Detail.ReservationComment,
    );
    expect(within(item).getByText(new RegExp(`^Comment by ${target?.Detail.CommentUser} on `))).toBeTruthy();
  });

  it('refuses a change over the free number on its item, with the number', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    const list = await openPage(root);
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    const reservation = internalReservationStore(root).items[0];
    await u.click(within(item).getAllByRole('button')[0] as HTMLElement);
    const quantity = within(item).getByLabelText('Reserved quantity');
    await u.clear(quantity);
    await u.type(quantity, String((reservation?.FreeQuantity ?? 0) + 1));
    await u.click(within(item).getByRole('button', { name: 'Save changes' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toMatch(
      new RegExp(
        `at most ${reservation?.FreeQuantity} there, not ${(reservation?.FreeQuantity ?? 0) + 1}\\. Nothing was changed\\.$`,
      ),
    );
    // The refusal stays on the item; nothing is broadcast.
    expect(root.messages.messages).toEqual([]);
  });

  it('lets demo.readonly read the reservations without changing them', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.readonly');
    const list = await openPage(root);
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await u.click(within(item).getAllByRole('button')[0] as HTMLElement);
    expect((within(item).getByLabelText('Reserved quantity') as HTMLInputElement).disabled).toBe(true);
    expect(within(item).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'New reservation' })).toBeNull();
  });
});

describe('the internal reservations view with comments off', { timeout: 90_000 }, () => {
  const flagOff = withRealApp({ env: { FEATURE_INTERNAL_RESERVATION_COMMENTS: 'false' } });

  it('flags no item and offers no comment field', async () => {
    const u = userEvent.setup();
    const root = await flagOff.signIn('demo.staff');
    const list = await openPage(root, flagOff.server);
    expect(root.sessionBehaviour.publicConfig.flags.InternalReservationComments).toBe(false);
    expect(within(list).queryAllByLabelText('Has a comment')).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(within(list).queryAllByLabelText('Comment')).toEqual([]);
    expect(screen.queryByLabelText('Reservation comment')).toBeNull();
    expect(internalReservationStore(root).items.every((i) => i.Detail.ReservationComment === null)).toBe(
      true,
    );
  });
});
