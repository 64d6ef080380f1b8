// @vitest-environment jsdom
/** The weekly threshold page in jsdom against the real server: staff add, change and remove a cap; read-only staff only read. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import { weeklyThresholdStore } from '../../src/app/weekly-threshold/WeeklyThresholdStore';
import { MessageType } from '../../src/domain/messages';
import type { ThresholdSearchResponse } from '../../src/schemas/weekly-threshold';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

async function thresholdsOf(scac: string) {
  const res = await real.server.call('POST', '/api/weeklythreshold/search', {
    token: await real.server.token('demo.staff'),
    body: { CustomerName: `(${scac})` },
  });
  return res.json<ThresholdSearchResponse>().ResultSet;
}

async function openPage(r: RootStore) {
  r.lookups.loadAll(r.session.permissions);
  renderAppAt('/weekly_threshold/request', r);
  await screen.findByRole('heading', { level: 1, name: 'Weekly Threshold' }, { timeout: 15_000 });
  const table = await screen.findByRole('table', { name: 'Weekly thresholds' }, { timeout: 15_000 });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), {
    timeout: 15_000,
  });
  return table;
}

describe('the weekly threshold page', { timeout: 90_000 }, () => {
  it('lets staff add a cap for a customer, change it and remove it', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    await openPage(root);
    const before = await thresholdsOf('DMCR');
    const market = before.some((t) => t.MarketCode === 'SEA') ? 'ATL' : 'SEA';

    await u.click(screen.getByRole('button', { name: 'Add threshold' }));
    const form = screen.getByRole('form', { name: 'Add threshold' });
    await u.type(within(form).getByLabelText('Find customer'), 'DMCR');
    const option = await within(form).findByRole('option', { name: /\(DMCR\)/ }, { timeout: 5000 });
    await u.selectOptions(within(form).getByLabelText('Customer'), option);
    await u.selectOptions(
      within(form).getByLabelText('Market'),
      await within(form).findByRole('option', { name: new RegExp(`^${market} –`) }),
    );
    await u.type(within(form).getByLabelText('Units a week'), '25');
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add threshold' })).toBeNull());

    const added = (await thresholdsOf('DMCR')).find(
      (t) => t.MarketCode === market && t.EquipmentSize === null,
    );
    expect(added).toMatchObject({ WeeklyLimit: 25, ModifiedBy: 'Dana Staff' });
    const id = added?.ThresholdId as number;

    await u.click(screen.getByRole('button', { name: `Change threshold ${id}` }));
    const change = screen.getByRole('form', { name: 'Change threshold' });
    await u.clear(within(change).getByLabelText('Units a week'));
    await u.type(within(change).getByLabelText('Units a week'), '30');
    await u.click(within(change).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change threshold' })).toBeNull());
    expect((await thresholdsOf('DMCR')).find((t) => t.ThresholdId === id)?.WeeklyLimit).toBe(30);
    // Issue 25: the row says what changed, and a toast says it too.
    expect(
      await screen.findByText(/^Weekly threshold for .*\(DMCR\) changed: 30 units a week\.$/),
    ).toBeTruthy();

    await u.click(screen.getByRole('button', { name: `Remove threshold ${id}` }));
    await waitFor(() => expect(screen.queryByRole('button', { name: `Remove threshold ${id}` })).toBeNull());
    expect((await thresholdsOf('DMCR')).find((t) => t.ThresholdId === id)).toBeUndefined();
    expect(await screen.findByText(/^Weekly threshold for .*\(DMCR\) removed\.$/)).toBeTruthy();
  });

  it('shows the server’s refusal of a second cap for the same scope, centrally and on the form', async () => {
    const root = await real.signIn('demo.staff');
    const store = weeklyThresholdStore(root);
    await store.open();
    const existing = store.rows[0];
    if (!existing) throw new Error('the demo data has no threshold');
    store.startAdd();
    store.customerOptions = [
      {
        CustomerId: existing.CustomerId,
        CustomerNameWithSCAC: existing.CustomerNameWithSCAC,
      } as (typeof store.customerOptions)[number],
    ];
    store.chooseCustomer(existing.CustomerId);
    store.setDraft('MarketCode', existing.MarketCode ?? '');
    store.setDraft('EquipmentSize', existing.EquipmentSize ?? '');
    store.setDraft('WeeklyLimit', '5');
    const result = await store.save();
    expect(result.ok).toBe(false);
    expect(store.draftError).toMatch(/already has a weekly threshold for .*: change that one instead\./);
    const shown = root.messages.messages.filter((m) => m.Type === MessageType.Error);
    expect(shown.map((m) => m.Data)).toEqual([store.draftError]);
    expect(shown[0]?.requestId).toMatch(/.+/);
  });

  it('checks the units before asking the server', async () => {
    const root = await real.signIn('demo.staff');
    const store = weeklyThresholdStore(root);
    store.startAdd();
    expect((await store.save()).ok).toBe(false);
    expect(store.draftError).toBe('Choose the customer from the list.');
  });

  it('shows demo.readonly the caps without add, change or remove', async () => {
    const root = await real.signIn('demo.readonly');
    await openPage(root);
    expect(screen.queryByRole('button', { name: 'Add threshold' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change threshold/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove threshold/ })).toBeNull();
  });
});
