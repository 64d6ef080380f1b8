/**
 * Inventory availability through the API: who may read it; the arithmetic against an independent
 * SQL count (zero rows included); the filters and their refusals; reservations, counts and
 * bookings moving the numbers; the hub telling staff (not customers) of an availability change;
 * the weekly trend; the workbook export holding the table's numbers.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { addChassis, customerWithToken, stockedLocation } from '../helpers/factories';
import { type RealServerHere, startRealServer } from '../helpers/real-server';
import { bearer, type TestApp } from '../helpers/test-app';
import { clearThresholds, type Equipment, POOL_URL, submit, unitsPayload } from './bookings-helpers';
import { eventually, hubClient, type RecordingClient } from './hub-helpers';
import { reasonCode, reservationBody } from './internal-reservation-helpers';

const BASE = '/api/inventoryavailability';
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

interface Row {
  LocationId: number;
  EquipmentSize: string;
  InYard: number;
  Held: number;
  Reserved: number;
  Pending: number;
  Available: number;
}

/**
 * The same numbers written out plainly, per location, size and class, then summed per location and
 * size: pool chassis available, open holds of PB/DL/RP bookings, reservations closed to customers.
 */
async function independentCount(t: TestApp, market: string) {
  const { rows } = await sql<{
    location_id: number;
    size: string;
    in_yard: string | number;
    held: string | number;
    reserved: string | number;
    pending: string | number;
    available: string | number;
  }>`
    with kinds as (
      select l.location_id, e.equipment_category_code as size, k.code as cls
      from locations l cross join equipment_categories e cross join equipment_classes k
      where l.market_code = ${market} and l.active and e.equipment_type = 'Chassis'),
    per_class as (
      select kinds.location_id, kinds.size,
        (select count(*) from chassis c join inventory_orgs g on g.inventory_org_code = c.inventory_org_code
          where c.location_id = kinds.location_id and c.equipment_category_code = kinds.size
            and c.equipment_class_code = kinds.cls and c.status = 'AVAILABLE'
            and g.org_type in ('Pool', 'Co-op Pool')) as stock,
        (select coalesce(sum(greatest(b.units_requested_count - b.units_fulfilled_count, 0)), 0)
          from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
          where b.location_id = kinds.location_id and b.equipment_category_code = kinds.size
            and b.equipment_class_code = kinds.cls and b.status_code = 'OP'
            and o.booking_order_type_code in ('PB', 'DL', 'RP')) as held,
        (select coalesce(sum(b.units_requested_count), 0)
          from bookings b join booking_orders o on o.booking_order_id = b.booking_order_id
          where b.location_id = kinds.location_id and b.equipment_category_code = kinds.size
            and b.equipment_class_code = kinds.cls and b.status_code = 'PN'
            and o.booking_order_type_code in ('PB', 'DL', 'RP')) as pending,
        (select coalesce(sum(r.reserved_quantity), 0)
          from internal_reservations r join inventory_orgs g on g.inventory_org_code = r.inventory_org_code
          where r.location_id = kinds.location_id and r.equipment_category_code = kinds.size
            and r.equipment_class_code = kinds.cls and not r.customer_bookings_allowed
            and g.org_type in ('Pool', 'Co-op Pool')) as reserved
      from kinds)
    select location_id, size, sum(stock) as in_yard, sum(held) as held, sum(reserved) as reserved,
      sum(pending) as pending, sum(greatest(stock - held - reserved, 0)) as available
    from per_class group by location_id, size`.execute(t.handle.db);
  return new Map(
    rows.map((r) => [
      `${r.location_id}|${r.size}`,
      {
        InYard: Number(r.in_yard),
        Held: Number(r.held),
        Reserved: Number(r.reserved),
        Pending: Number(r.pending),
        Available: Number(r.available),
      },
    ]),
  );
}

describe.each(databaseKinds)('inventory availability on %s', (kind) => {
  let t: RealServerHere;
  let url: string;
  let staff: string;
  let readonly: string;
  let customer: string;
  let place: { id: number; name: string };
  const clients: RecordingClient[] = [];

  const call = (path: string, token: string | null, payload: object) =>
    t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: token ? bearer(token) : {}, payload });
  const rowAt = async (locationId: number, extra: object = {}): Promise<Row> => {
    const res = await call('/search', staff, {
      LocationId: locationId,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Rows[0];
  };

  beforeAll(async () => {
    t = await startRealServer({ here: kind });
    url = t.url;
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    customer = (await customerWithToken(t)).token;
    await clearThresholds(t);
    // A location of its own with 6 units, 2 of them extendable, and no reservation or booking.
    const own = await stockedLocation(t, LAX_40, 4);
    await addChassis(t, own.LocationId, { ...LAX_40, Extendable: true }, 2);
    place = { id: own.LocationId, name: own.LocationName };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(() => t.close());

  it('lets staff and demo.readonly read it; customers get 403, no token 401', async () => {
    const filter = { MarketCode: 'LAX' };
    expect((await call('/search', readonly, filter)).statusCode).toBe(200);
    expect((await call('/trend', readonly, {})).statusCode).toBe(200);
    expect((await call('/downloadExcel', readonly, filter)).statusCode).toBe(200);
    for (const path of ['/search', '/trend', '/downloadExcel']) {
      expect((await call(path, customer, filter)).statusCode).toBe(403);
      expect((await call(path, null, filter)).statusCode).toBe(401);
    }
  });

  it('gives every open location and chassis size of the market, zero rows included, with the numbers an independent count gives', async () => {
    const res = await call('/search', staff, { MarketCode: 'lax' });
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = res.json().Rows;
    const expected = await independentCount(t, 'LAX');
    expect(rows).toHaveLength(expected.size);
    expect(rows.some((r) => r.Available === 0 && r.InYard === 0)).toBe(true);
    for (const r of rows)
      expect({ key: `${r.LocationId}|${r.EquipmentSize}`, ...pick(r) }).toEqual({
        key: `${r.LocationId}|${r.EquipmentSize}`,
        ...expected.get(`${r.LocationId}|${r.EquipmentSize}`),
      });
    expect(Date.now() - Date.parse(res.json().AsOf)).toBeLessThan(60_000);
  });

  it('narrows by org, location, size, class and extendable, and refuses what it cannot show', async () => {
    const all = await rowAt(place.id);
    const yes = await rowAt(place.id, { Extendable: 'Yes' });
    const no = await rowAt(place.id, { Extendable: 'No' });
    expect([yes.InYard, no.InYard, all.InYard]).toEqual([2, 4, 6]);
    const idl = await call('/search', staff, { MarketCode: 'LAX', InventoryOrgCode: 'IDL' });
    expect(idl.statusCode, idl.body).toBe(200);
    const refusals: [object, string][] = [
      [{}, 'Choose a market or a location to see its availability.'],
      [{ MarketCode: '  ' }, 'Choose a market or a location to see its availability.'],
      [{ MarketCode: 'ZZZ' }, 'There is no market ZZZ: choose one from the list.'],
      [
        { MarketCode: 'LAX', InventoryOrgCode: 'COOP' },
        'COOP is not provider-managed: choose a provider-managed org.',
      ],
      [
        { MarketCode: 'LAX', EquipmentSize: 'Axle.Round' },
        'Axle.Round is not an equipment size the pool books: choose one from the list.',
      ],
      [
        { MarketCode: 'LAX', EquipmentClass: 'QQ' },
        'There is no equipment class QQ: choose one from the list.',
      ],
      [{ LocationId: 99999999 }, 'Location 99999999 is not an open location.'],
    ];
    for (const [filter, message] of refusals) {
      const res = await call('/search', staff, filter);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('/search', staff, { MarketCode: 'LAX', Extendable: 'Maybe' })).statusCode).toBe(400);
    expect((await call('/trend', staff, { Weeks: 0 })).statusCode).toBe(400);
  });

  it('moves with a reservation, a count and a pending booking, and the hub tells staff, not customers', async () => {
    const staffHub = hubClient(url, () => staff);
    const customerHub = hubClient(url, () => customer);
    clients.push(staffHub, customerHub);
    await Promise.all([staffHub.connection.start(), customerHub.connection.start()]);
    const before = await rowAt(place.id);
    expect(before.Available).toBe(6);

    const reserved = await t.app.inject({
      method: 'POST',
      url: '/api/internalreservation',
      headers: bearer(staff),
      payload: reservationBody(place.id, 2, { ReasonCode: await reasonCode(t) }),
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    await eventually('the inventory change at the staff client', () =>
      staffHub.messages.find((m) => m.Change === 'inventory'),
    );
    expect(await rowAt(place.id)).toMatchObject({ Reserved: before.Reserved + 2, Available: 4 });

    const booked = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload(
        'pool',
        LAX_40,
        [{ LocationId: place.id, units: 5, Available: 4 }],
        ['customer-booking.over-available'],
      ),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().StatusCode).toBe('PN');
    const orderId = booked.json().BookingOrderId;
    await eventually('the booking at the staff client', () =>
      staffHub.messages.find((m) => m.BookingOrderId === orderId),
    );
    expect(await rowAt(place.id)).toMatchObject({ Pending: before.Pending + 5, Available: 4 });

    const difference = await t.app.inject({
      method: 'POST',
      url: '/api/manualinventory/difference',
      headers: bearer(staff),
      payload: {
        InventoryOrgCode: 'IDL',
        LocationId: place.id,
        EquipmentSize: 'Chassis.40',
        EquipmentClass: 'STD',
        CountedQuantity: 0,
      },
    });
    const system = difference.json().SystemCount as number;
    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/manualinventory',
      headers: bearer(staff),
      payload: {
        InventoryOrgCode: 'IDL',
        LocationId: place.id,
        EquipmentSize: 'Chassis.40',
        EquipmentClass: 'STD',
        CountedQuantity: system - 1,
        SystemCount: system,
        ReasonCode: 'DAMAGED',
      },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    await eventually('the second inventory change at the staff client', () =>
      staffHub.messages.filter((m) => m.Change === 'inventory').length >= 2 ? true : undefined,
    );
    expect(await rowAt(place.id)).toMatchObject({ InYard: before.InYard - 1, Available: 3 });
    const inventoryMessage = staffHub.messages.find((m) => m.Change === 'inventory');
    expect(inventoryMessage).toMatchObject({ BookingOrderId: 0, Rows: [] });
    // The customer heard its own booking, and nothing of staff's inventory work.
    await eventually('the booking at the customer client', () =>
      customerHub.messages.find((m) => m.BookingOrderId === orderId),
    );
    expect(customerHub.messages.filter((m) => m.Change === 'inventory')).toEqual([]);
  });

  it('draws each market’s weekly bookings against what is available now', async () => {
    const read = async () => {
      const res = await call('/trend', staff, { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', Weeks: 4 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await read();
    expect(before.Weeks).toHaveLength(4);
    expect(new Date(`${before.Weeks[3]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(before.Markets).toHaveLength(1);
    const [lax] = before.Markets;
    expect(lax.BookedUnits).toHaveLength(4);
    const rows: Row[] = (
      await call('/search', staff, { MarketCode: 'LAX', EquipmentSize: 'Chassis.40' })
    ).json().Rows;
    expect(lax.AvailableNow).toBe(rows.reduce((sum, r) => sum + r.Available, 0));
    const booked = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', LAX_40, [{ LocationId: place.id, units: 1, Available: 3 }]),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const after = await read();
    expect(after.Markets[0].BookedUnits[3]).toBe(lax.BookedUnits[3] + 1);
    const all = await call('/trend', staff, {});
    expect(all.json().Markets.length).toBeGreaterThan(1);
  });

  it('exports the table as the dashboard’s spreadsheet format, with the same numbers', async () => {
    const filter = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40' };
    const res = await call('/downloadExcel', staff, filter);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="availability-\d{8}-\d{4}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Availability');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Location',
      'Location ID',
      'Market',
      'Size',
      'In Yard',
      'Held',
      'Reserved',
      'Pending',
      'Available',
    ]);
    const rows: Row[] = (await call('/search', staff, filter)).json().Rows;
    const fileRow = sheet?.getRow(2).values as unknown[];
    expect(fileRow.slice(2, 10)).toEqual([
      rows[0]?.LocationId,
      expect.stringMatching(/^LAX – \S/),
      "40' Chassis",
      rows[0]?.InYard,
      rows[0]?.Held,
      rows[0]?.Reserved,
      rows[0]?.Pending,
      rows[0]?.Available,
    ]);
    // Issue 25: names, not codes, and the time as a date cell people read in their own format.
    const stamp = sheet?.getRow(rows.length + 3);
    expect(stamp?.getCell(1).value).toBe('As of');
    expect(stamp?.getCell(2).value).toBeInstanceOf(Date);
  });
});

const pick = (r: Row) => ({
  InYard: r.InYard,
  Held: r.Held,
  Reserved: r.Reserved,
  Pending: r.Pending,
  Available: r.Available,
});
