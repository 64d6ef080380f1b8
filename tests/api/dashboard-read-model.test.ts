/**
 * Issue 15: the dashboard's read model (migrations 0016, 0022) holds, after every kind of write,
 * exactly one row per booking of a dashboard order (never IR, MI or RD) for staff (party 0) and
 * for each party of its order, with the values the orders and bookings hold — booked, pending
 * then accepted or rejected, withdrawn, re-partied, a booking moved or deleted — and a search
 * reads it. The orders it changes are those of a customer of its own, booked at locations of its
 * own (tests/helpers/factories.ts).
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_HIDDEN_ORDER_TYPES } from '../../src/domain/status-codes';
import { DASHBOARD_COUNT_CAP } from '../../src/schemas/dashboard';
import { seedScale } from '../../src/server/db/seed';
import type { Database } from '../../src/server/db/types';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeCustomer, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { clearThresholds, type Equipment, POOL_URL, submit, unitsPayload } from './bookings-helpers';
import { search } from './dashboard-helpers';
import { post, queueOverThreshold } from './pending-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

/** Rows the read model lacks or holds wrongly, against what the orders and bookings say. */
async function mismatches(db: Kysely<Database>): Promise<{ missing: number; extra: number; rows: number }> {
  const r = await sql<{ missing: number; extra: number; rows: number }>`
    with expected as (
      select p.party_id, b.booking_id, o.booking_order_id, o.booking_order_type_code,
        case when o.status_code is null then null else b.status_code end as status_code,
        o.customer_id, l.market_code, b.location_id, b.equipment_category_code, b.created_at, o.updated_at,
        b.booking_code, b.units_requested_count, o.status_code as order_status_code,
        array(select s.status_code from bookings s where s.booking_order_id = o.booking_order_id
              order by s.booking_id) as booking_statuses
      from booking_orders o
      join bookings b on b.booking_order_id = o.booking_order_id
      join locations l on l.location_id = b.location_id
      join lateral (
        select 0 as party_id union select o.customer_id union select o.responsible_party_id
        union select o.motor_carrier_id
      ) p on p.party_id is not null
      where o.booking_order_type_code not in (${sql.join([...DASHBOARD_HIDDEN_ORDER_TYPES])})
    ),
    actual as (
      select party_id, booking_id, booking_order_id, booking_order_type_code, status_code, customer_id,
        market_code, location_id, equipment_category_code, created_at, updated_at,
        booking_code, units_requested_count, order_status_code, booking_statuses
      from dashboard_rows
    )
    select
      (select count(*) from (select * from expected except all select * from actual) m)::int as missing,
      (select count(*) from (select * from actual except all select * from expected) e)::int as extra,
      (select count(*) from actual)::int as rows`.execute(db);
  return r.rows[0] as { missing: number; extra: number; rows: number };
}

describe.each(databaseKinds)('dashboard read model on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let customerId: number;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    await clearThresholds(t);
  });
  afterAll(() => t.close());

  const expectInStep = async () => {
    const m = await mismatches(t.handle.db);
    expect(m.rows).toBeGreaterThan(0);
    expect({ missing: m.missing, extra: m.extra }).toEqual({ missing: 0, extra: 0 });
  };

  it('matches the seeded orders', async () => {
    await expectInStep();
  });

  /** A confirmed pool booking of the customer's, at a location of its own. */
  const book = async () => {
    const place = await stockedLocation(t, LAX_40, 2);
    const res = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', LAX_40, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** A booking of the customer's queued over its threshold, at a location of its own. */
  const queue = async () =>
    queueOverThreshold(t, customer, LAX_40, 1, await stockedLocation(t, LAX_40, 1), customerId);

  it('follows a confirmed booking, and the search finds it for the customer and for staff', async () => {
    const res = await book();
    await expectInStep();
    const code = res.json().Bookings[0].BookingCode as string;
    for (const token of [customer, staff]) {
      const found = (await search(t, token, { BookingCode: code })).json();
      expect(found.ResultSet.map((r: { BookingCode: string }) => r.BookingCode)).toEqual([code]);
    }
  });

  it('follows a pending booking, its acceptance, a rejection and a withdrawal', async () => {
    const accepted = await queue();
    await expectInStep();
    const accept = await post(t, '/execute/accept', staff, { PendingRequestIds: [accepted.requestId] });
    expect(accept.statusCode, accept.body).toBe(200);
    await expectInStep();

    const rejected = await queue();
    const reject = await post(t, '/execute/reject', staff, {
      PendingRequestIds: [rejected.requestId],
      Reason: 'No units this week',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await expectInStep();

    const withdrawn = await queue();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers: bearer(customer),
      payload: { BookingOrderId: withdrawn.orderId },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectInStep();
    const rows = await t.handle.db
      .selectFrom('dashboard_rows')
      .select(['party_id', 'status_code'])
      .where('booking_order_id', '=', withdrawn.orderId)
      .execute();
    expect(rows.map((r) => r.status_code)).toEqual(rows.map(() => 'CN'));
  });

  it('follows an order given other parties, and bookings moved between orders or deleted', async () => {
    const ssl = (await makeCustomer(t, { customerClass: 'SSL' })).customerId;
    const first = (await book()).json().BookingOrderId as number;
    const second = (await book()).json().BookingOrderId as number;
    await t.handle.db
      .updateTable('booking_orders')
      .set({ responsible_party_id: ssl, updated_at: sql`now()` })
      .where('booking_order_id', '=', first)
      .execute();
    await expectInStep();
    const parties = await t.handle.db
      .selectFrom('dashboard_rows')
      .select('party_id')
      .distinct()
      .where('booking_order_id', '=', first)
      .orderBy('party_id')
      .execute();
    expect(parties.map((p) => p.party_id)).toEqual([0, customerId, ssl].sort((a, b) => a - b));

    const moved = await t.handle.db
      .selectFrom('bookings')
      .select('booking_id')
      .where('booking_order_id', '=', first)
      .executeTakeFirstOrThrow();
    await t.handle.db
      .updateTable('bookings')
      .set({ booking_order_id: second })
      .where('booking_id', '=', moved.booking_id)
      .execute();
    await expectInStep();
    await t.handle.db.deleteFrom('booking_chassis').where('booking_id', '=', moved.booking_id).execute();
    await t.handle.db.deleteFrom('bookings').where('booking_id', '=', moved.booking_id).execute();
    await expectInStep();
  });

  it('counts up to the cap and says there are more; the cap’s last page still answers', async () => {
    await seedScale(t.handle.db, { bookingOrders: 8_000, chunk: 4_000 });
    await expectInStep();
    const everything = { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31' };
    const exact = await t.handle.db
      .selectFrom('dashboard_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('party_id', '=', 0)
      .where('booking_order_type_code', 'not in', [...DASHBOARD_HIDDEN_ORDER_TYPES])
      .executeTakeFirstOrThrow();
    expect(Number(exact.n)).toBeGreaterThan(DASHBOARD_COUNT_CAP);
    const first = (await search(t, staff, everything)).json();
    expect(first).toMatchObject({ TotalCount: DASHBOARD_COUNT_CAP, TotalCountCapped: true });
    const last = (
      await search(t, staff, { ...everything, StartRecordNumber: DASHBOARD_COUNT_CAP - 19, PageSize: 20 })
    ).json();
    expect(last.ResultSet).toHaveLength(20);
    expect(last.TotalCountCapped).toBe(true);
    // Under the cap the count is exact and nothing more is said.
    const mine = (await search(t, customer, everything)).json();
    expect(mine.TotalCount).toBeLessThan(DASHBOARD_COUNT_CAP);
    expect(mine).not.toHaveProperty('TotalCountCapped');
  }, 120_000); // a bulk load of 8,000 orders first
});
