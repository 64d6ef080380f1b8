/**
 * Issue 27: every order has a market from its locations, so the dashboard's Market filter, the
 * export and the detail find term lease redelivery and reuse orders; migration 0030 mends the
 * orders stored without one (or with one none of their locations is in).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeDirectFinanceLease,
  applyMarketAndLocation,
  applyMinRentalPeriodOverride,
  type GroupLineItem,
} from '../../src/domain/term-lease-redelivery';
import { statements as orderMarkets } from '../../src/server/db/migrations/0030-order-markets';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, REUSE_URL, submit } from './bookings-helpers';
import { search } from './dashboard-helpers';

const BASE = '/api/longtermredelivery';

describe.each(databaseKinds)('order markets on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await t.tokenFor('demo.customer');
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  /** A term lease redelivery of two of the customer's direct finance lease chassis, through the API. */
  async function termRedelivery(skip = 0) {
    const { rows } = await sql<{ chassis_id: string }>`
      select c.chassis_id from chassis c
      where c.on_hire_customer_id = 1 and c.contract_id = 2 and c.status = 'ON_HIRE'
      order by c.chassis_id limit 2 offset ${skip}`.execute(t.handle.db);
    const ids = rows.map((r) => r.chassis_id);
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/contractForChassis`,
      headers: bearer(customer),
      payload: { ChassisIds: ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ack = new Set<string>();
    const lines = (res.json().GroupLineItems as GroupLineItem[]).map((l) => {
      let line = applyMarketAndLocation(l, l.MarketList[0] as string, l.LocationList[0] as number);
      line = applyMinRentalPeriodOverride(line);
      if (l.LineItemDetails.some((d) => d.NeedsMinRentalPeriodOverride))
        ack.add('term-redelivery.min-rental-period-override');
      if (l.ShowDirectFinanceLeaseWarning) {
        line = acknowledgeDirectFinanceLease(line, true);
        ack.add('term-redelivery.direct-finance-lease');
      }
      return line;
    });
    const created = await submit(t, `${BASE}/createlongtermredeliverybooking`, customer, {
      Search: { ChassisIds: ids },
      Redelivery: { GroupLineItems: lines },
      Contact: CONTACT,
      ...(ack.size ? { Acknowledged: [...ack] } : {}),
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json() as {
      BookingOrderId: number;
      Bookings: Array<{ BookingCode: string; LocationId: number }>;
    };
  }

  const marketOfLocation = async (locationId: number) =>
    (
      await t.handle.db
        .selectFrom('locations')
        .select('market_code')
        .where('location_id', '=', locationId)
        .executeTakeFirstOrThrow()
    ).market_code;

  const marketsOf = async (orderId: number) =>
    (
      await t.handle.db
        .selectFrom('bookings as b')
        .innerJoin('locations as l', 'l.location_id', 'b.location_id')
        .select('l.market_code')
        .where('b.booking_order_id', '=', orderId)
        .execute()
    ).map((r) => r.market_code);

  const firstBookingMarket = async (orderId: number) =>
    (
      await t.handle.db
        .selectFrom('bookings as b')
        .innerJoin('locations as l', 'l.location_id', 'b.location_id')
        .select('l.market_code')
        .where('b.booking_order_id', '=', orderId)
        .orderBy('b.booking_id')
        .executeTakeFirstOrThrow()
    ).market_code;

  const foundUnder = async (bookingCode: string, market: string) => {
    const res = await search(t, staff, { BookingCode: bookingCode, MarketCode: market });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .ResultSet.map((r: { BookingCode: string; MarketCode: string }) => [r.BookingCode, r.MarketCode]);
  };

  it('gives a term lease redelivery the market of its location: found by the Market filter, shown in the detail', async () => {
    const order = await termRedelivery();
    const booking = order.Bookings[0] as { BookingCode: string; LocationId: number };
    const market = await marketOfLocation(booking.LocationId);
    expect(await foundUnder(booking.BookingCode, market)).toEqual([[booking.BookingCode, market]]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/details/${order.BookingOrderId}`,
      headers: bearer(customer),
    });
    expect(detail.json().MarketCode).toBe(market);
  });

  it('files each booking of a reuse order under its own location market', async () => {
    const { rows } = await sql<{ chassis_id: string }>`
      select c.chassis_id from chassis c
      where c.on_hire_customer_id = 1 and c.contract_id is null
        and not exists (select 1 from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
          where bc.chassis_master_id = c.chassis_master_id and b.status_code in ('OP', 'PN'))
      order by c.chassis_id limit 6`.execute(t.handle.db);
    const res = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: rows.map((r) => r.chassis_id) },
      Contact: CONTACT,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    const stored = await t.handle.db
      .selectFrom('booking_orders')
      .select('market_code')
      .where('booking_order_id', '=', order.BookingOrderId)
      .executeTakeFirstOrThrow();
    expect(stored.market_code).toBe(await marketOfLocation(order.Bookings[0].LocationId));
    for (const b of order.Bookings) {
      const market = await marketOfLocation(b.LocationId);
      expect(await foundUnder(b.BookingCode, market)).toEqual([[b.BookingCode, market]]);
    }
  });

  it('migration 0030 mends orders stored without a market, or with one their locations are not in', async () => {
    const order = await termRedelivery(2);
    const other = (await search(t, staff, { BookingOrderTypeCode: 'RU', PageSize: 1 })).json().ResultSet[0];
    await t.handle.db
      .updateTable('booking_orders')
      .set({ market_code: null })
      .where('booking_order_id', '=', order.BookingOrderId)
      .execute();
    const elsewhere = await t.handle.db
      .selectFrom('markets')
      .select('market_code')
      .where('market_code', 'not in', await marketsOf(other.BookingOrderId))
      .executeTakeFirstOrThrow();
    await t.handle.db
      .updateTable('booking_orders')
      .set({ market_code: elsewhere.market_code })
      .where('booking_order_id', '=', other.BookingOrderId)
      .execute();

    await t.handle.db.transaction().execute(async (trx) => {
      for (const statement of orderMarkets) await sql.raw(statement).execute(trx);
    });

    const mended = await t.handle.db
      .selectFrom('booking_orders')
      .select(['booking_order_id', 'market_code'])
      .where('booking_order_id', 'in', [order.BookingOrderId, other.BookingOrderId])
      .orderBy('booking_order_id')
      .execute();
    const expected = [
      {
        booking_order_id: order.BookingOrderId,
        market_code: await marketOfLocation(order.Bookings[0]?.LocationId as number),
      },
      { booking_order_id: other.BookingOrderId, market_code: await firstBookingMarket(other.BookingOrderId) },
    ].sort((a, b) => a.booking_order_id - b.booking_order_id);
    expect(mended).toEqual(expected);
  });
});
