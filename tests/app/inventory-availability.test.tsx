// @vitest-environment jsdom
/**
 * The inventory availability page in jsdom against the real server (a child process): the table,
 * the freshness stamp, a reservation made elsewhere showing up when the hub says something changed
 * (the store's hub handler driven with the message the server sends; the hub's own delivery is
 * tested on the API and in Chromium), and each chart's table view holding the same numbers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stampOf } from '../../src/app/components/freshness';
import { formatShortDay } from '../../src/app/dashboard/format';
import { inventoryAvailabilityStore } from '../../src/app/inventory-availability/InventoryAvailabilityStore';
import { lookupNames } from '../../src/app/stores/lookup-names';
import type { MarketRow } from '../../src/domain/lookups';
import type { AvailabilityResponse, AvailabilityRow } from '../../src/schemas/inventory-availability';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

const FILTER = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

async function rowsNow(): Promise<AvailabilityRow[]> {
  const res = await real.server.call('POST', '/api/inventoryavailability/search', {
    token: await real.server.token('demo.staff'),
    body: FILTER,
  });
  return res.json<AvailabilityResponse>().Rows;
}

/** Reserves one unit at a LAX location with room, as another staff session would; answers the location. */
async function reserveElsewhere(): Promise<AvailabilityRow> {
  const reasons = await real.server.call('GET', '/api/lookup/internalReservationReasons', {
    token: await real.server.token('demo.staff'),
  });
  const [reason] = reasons.json<{ ReasonCode: string }[]>();
  for (const row of (await rowsNow()).filter((r) => r.Available >= 2)) {
    const res = await real.server.call('POST', '/api/internalreservation', {
      token: await real.server.token('demo.staff'),
      body: {
        InventoryOrgCode: 'IDL',
        LocationId: row.LocationId,
        EquipmentSize: 'Chassis.40',
        EquipmentClass: 'STD',
        Extendable: false,
        ReservedQuantity: 1,
        CustomerBookingsAllowed: false,
        ReasonCode: reason?.ReasonCode,
      },
    });
    if (res.status === 200) return row;
  }
  throw new Error('no LAX location with room for a reservation');
}

const cellsOf = (table: HTMLElement, locationName: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.querySelector('td')?.textContent === locationName);
  return [...(row?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
};

describe('the inventory availability page', { timeout: 90_000 }, () => {
  it('shows the table with its freshness stamp and follows a change the hub announces', async () => {
    const root = await real.signIn('demo.staff');
    // The page opens again when its first market becomes known. With the markets loaded before it
    // renders it opens once, so the only read after the reservation below is the hub's.
    root.lookups.loadAll(root.session.permissions);
    await waitFor(() => expect(root.lookups.rows<MarketRow>('locationmarkets').length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    // The real connection is exercised in Chromium; here the store hears what the server would send.
    for (const [k, v] of Object.entries(FILTER))
      inventoryAvailabilityStore(root).setFilter(k as 'MarketCode', v);
    renderAppAt('/inventory_availability/request', root);
    await screen.findByRole('heading', { level: 1, name: 'Inventory Availability' }, { timeout: 15_000 });
    await root.hub.stop();
    const table = await screen.findByRole(
      'table',
      { name: 'Availability by location and size' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2), {
      timeout: 15_000,
    });
    const store = inventoryAvailabilityStore(root);
    const firstAsOf = store.asOf as string;
    expect(screen.getByRole('status', { name: 'Freshness' }).textContent).toBe(`as of ${stampOf(firstAsOf)}`);
    expect(screen.getByRole('status', { name: 'Freshness' }).textContent).toMatch(
      /^as of \d{2}:\d{2}:\d{2}$/,
    );

    const place = await reserveElsewhere();
    const before = cellsOf(table, place.LocationName);
    expect(before.slice(5, 8)).toEqual([
      String(place.Reserved),
      String(place.Pending),
      String(place.Available),
    ]);
    root.hub.receive({
      Change: 'inventory',
      BookingOrderId: 0,
      StatusCode: null,
      ChangedAt: new Date().toISOString(),
      Rows: [],
    });
    await waitFor(() => expect(cellsOf(table, place.LocationName)[7]).toBe(String(place.Available - 1)), {
      timeout: 5_000,
    });
    expect(cellsOf(table, place.LocationName)[5]).toBe(String(place.Reserved + 1));
    expect(store.asOf && Date.parse(store.asOf)).toBeGreaterThan(Date.parse(firstAsOf));
    expect(screen.getByRole('status', { name: 'Freshness' }).textContent).toBe(
      `as of ${stampOf(store.asOf as string)}`,
    );
    expect(store.liveReads).toBe(1);
  });

  it("books from a row: the inventory booking opens with the row's market, size and class, and its availability is stamped", async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    for (const [k, v] of Object.entries(FILTER))
      inventoryAvailabilityStore(root).setFilter(k as 'MarketCode', v);
    renderAppAt('/inventory_availability/request', root);
    await root.hub.stop();
    await waitFor(() => expect(inventoryAvailabilityStore(root).rows.length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    const row = inventoryAvailabilityStore(root).rows[0] as AvailabilityRow;
    await u.click(
      screen.getByRole('link', {
        name: `Book ${lookupNames(root.lookups).size(row.EquipmentSize)} at ${row.LocationName}`,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Inventory Booking' }, { timeout: 15_000 });
    expect(window.location.hash).toBe(
      `#/inventory_booking/request?market=${row.MarketCode}&size=${encodeURIComponent(row.EquipmentSize)}&class=STD`,
    );
    // The units table asks the server only once market, size and class are all set: the link set them.
    await screen.findByRole(
      'spinbutton',
      { name: `Units requested at ${row.LocationName}` },
      { timeout: 15_000 },
    );
    const stamp = screen.getByRole('status', { name: 'Availability freshness' });
    expect(stamp.textContent).toMatch(/^Availability as of \d{2}:\d{2}:\d{2}$/);
    const firstAsOf = stamp.getAttribute('data-as-of') as string;
    await u.click(screen.getByRole('button', { name: 'Refresh availability' }));
    await waitFor(
      () =>
        expect(
          Date.parse(
            screen
              .getByRole('status', { name: 'Availability freshness' })
              .getAttribute('data-as-of') as string,
          ),
        ).toBeGreaterThan(Date.parse(firstAsOf)),
      { timeout: 5_000 },
    );
  });

  it('gives each chart a table view with the same numbers', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.readonly');
    for (const [k, v] of Object.entries(FILTER))
      inventoryAvailabilityStore(root).setFilter(k as 'MarketCode', v);
    renderAppAt('/inventory_availability/request', root);
    await root.hub.stop();
    const bars = await screen.findByRole(
      'region',
      { name: 'Available, held and reserved by location' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(inventoryAvailabilityStore(root).rows.length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    expect(within(bars).getByRole('img', { name: /bar chart/ })).toBeTruthy();
    // Read-only staff do not book: the table has no Book column.
    expect(screen.queryByRole('link', { name: /^Book / })).toBeNull();
    await u.click(within(bars).getByRole('button', { name: 'Table' }));
    const barTable = within(bars).getByRole('table', { name: /\(table\)$/ });
    const rows = inventoryAvailabilityStore(root).rows;
    const first = rows[0] as AvailabilityRow;
    expect(cellsOf(barTable, first.LocationName)).toEqual([
      first.LocationName,
      String(first.Available),
      String(first.Held),
      String(first.Reserved),
    ]);
    const trend = screen.getByRole('region', {
      name: 'Units booked per week against available now, by market',
    });
    await u.click(within(trend).getByRole('button', { name: 'Table' }));
    const trendTable = within(trend).getByRole('table');
    const lax = inventoryAvailabilityStore(root).trend?.Markets.find((m) => m.MarketCode === 'LAX');
    if (!lax) throw new Error('no LAX market in the trend');
    // A person reads the market's name and each week's Monday as a day ("Oct 5"), never a code or an ISO date.
    expect(lax.MarketName).not.toBe('LAX');
    expect(cellsOf(trendTable, lax.MarketName)).toEqual([
      lax.MarketName,
      ...lax.BookedUnits.map(String),
      String(lax.AvailableNow),
    ]);
    const weeks = within(trendTable)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .slice(1, -1);
    expect(weeks).toHaveLength(lax.BookedUnits.length);
    for (const week of weeks) expect(week).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    // The Monday itself, in any time zone (a date alone read as UTC midnight would be Sunday in the US).
    expect(formatShortDay('2026-10-05')).toBe('Oct 5');
    expect(lax.AvailableNow).toBe(rows.reduce((sum, r) => sum + r.Available, 0));
  });
});
