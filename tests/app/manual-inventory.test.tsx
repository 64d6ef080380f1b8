// @vitest-environment jsdom
/**
 * Manual inventory in jsdom against the real server (a child process): staff type a count, see the
 * difference from the system's count before anything is saved, save it as an MI order and find it
 * at the top of the latest counts; demo.readonly sees the difference but no Save.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RootStore } from '../../src/app/stores/RootStore';
import type { CountDifference } from '../../src/schemas/manual-inventory';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

/** An IDL location with some 40' standard chassis, and what the system holds there (asked of the server). */
async function stage(): Promise<{ LocationId: number; LocationName: string; SystemCount: number }> {
  const token = await real.server.token('demo.staff');
  const rows = await real.server.call('POST', '/api/inventoryavailability/search', {
    token,
    body: { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD', InventoryOrgCode: 'IDL' },
  });
  for (const row of rows.json<{ Rows: { LocationId: number; LocationName: string; InYard: number }[] }>()
    .Rows) {
    if (row.InYard < 2) continue;
    const res = await real.server.call('POST', '/api/manualinventory/difference', {
      token,
      body: {
        InventoryOrgCode: 'IDL',
        LocationId: row.LocationId,
        EquipmentSize: 'Chassis.40',
        EquipmentClass: 'STD',
        CountedQuantity: 0,
      },
    });
    const d = res.json<CountDifference>();
    if (d.SystemCount >= 2)
      return { LocationId: row.LocationId, LocationName: row.LocationName, SystemCount: d.SystemCount };
  }
  throw new Error('no LAX location holds IDL 40-foot standard chassis');
}

async function openPage(r: RootStore, place: { LocationId: number }) {
  renderAppAt('/manual_inventory/request', r);
  await screen.findByRole('heading', { level: 1, name: 'Manual Inventory' }, { timeout: 15_000 });
  // The locations arrive with the lookups.
  await waitFor(
    () =>
      expect(
        screen.getByLabelText('Location').querySelector(`option[value="${place.LocationId}"]`),
      ).not.toBeNull(),
    { timeout: 15_000 },
  );
}

async function fillCount(
  u: ReturnType<typeof userEvent.setup>,
  place: { LocationId: number },
  counted: number,
) {
  await u.selectOptions(screen.getByLabelText('Location'), String(place.LocationId));
  await u.selectOptions(screen.getByLabelText('Size'), 'Chassis.40');
  await u.selectOptions(screen.getByLabelText('Class'), 'STD');
  await u.type(screen.getByLabelText('Units counted'), String(counted));
  await u.click(screen.getByRole('button', { name: 'Show difference' }));
  return screen.findByRole('region', { name: 'Difference' }, { timeout: 10_000 });
}

describe('the manual inventory page', { timeout: 90_000 }, () => {
  it('shows the difference before saving, saves the count as an MI order and lists it first', async () => {
    const u = userEvent.setup();
    const place = await stage();
    const root = await real.signIn('demo.staff');
    await openPage(root, place);
    const region = await fillCount(u, place, place.SystemCount - 1);
    expect(region.textContent).toContain(
      `The system holds ${place.SystemCount} 40' Chassis Standard at ${place.LocationName}`,
    );
    expect(region.textContent).toContain('difference -1');
    expect(region.textContent).toContain('Saving marks 1 unit out of service.');
    await u.selectOptions(screen.getByLabelText('Reason'), 'DAMAGED');
    await u.click(within(region).getByRole('button', { name: 'Save count' }));
    const notice = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(
      new RegExp(
        `^MI\\d{6} saved: the system now holds ${place.SystemCount - 1} at ${place.LocationName}\\.$`,
      ),
    );
    const latest = screen.getByRole('table', { name: 'Latest counts' });
    const [, first] = within(latest).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(
      expect.arrayContaining([
        "40' Chassis Standard",
        String(place.SystemCount),
        String(place.SystemCount - 1),
        '-1',
        'Units damaged, out of service',
        'Dana Staff',
      ]),
    );
  });

  it('shows demo.readonly the difference without a Save', async () => {
    const u = userEvent.setup();
    const place = await stage();
    const root = await real.signIn('demo.readonly');
    await openPage(root, place);
    const region = await fillCount(u, place, place.SystemCount + 2);
    expect(region.textContent).toContain('difference +2');
    expect(within(region).queryByRole('button', { name: 'Save count' })).toBeNull();
    expect(region.textContent).toContain('saving one needs the manual inventory');
  });
});
