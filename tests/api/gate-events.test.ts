/**
 * Issue 31: gate events close bookings by themselves. An out-gate picks a chassis up against an
 * open booking (named, or the customer's oldest matching one), an in-gate brings it back and
 * fulfils its redelivery; a batch is one transaction applied in event-time order per chassis,
 * idempotent, with stale events recorded and unmatched ones on the staff's exceptions list. Every
 * test moves customers, locations, chassis and bookings of its own (tests/helpers/factories.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import {
  customerWithToken,
  makeContract,
  makeLocation,
  onHireChassis,
  stockedLocation,
} from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, POOL_URL, submit, unitsPayload } from './bookings-helpers';
import {
  bookingRow,
  chassisRow,
  GATE_EQUIPMENT,
  type GateEvent,
  makeGateKey,
  minutesAgo,
  openPoolBooking,
  sendGate,
} from './gate-helpers';

describe.each(databaseKinds)('gate events on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let own: Awaited<ReturnType<typeof customerWithToken>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    own = await customerWithToken(t);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('picks chassis up against the named booking until it and its order are Fulfilled; the same batch again changes nothing', async () => {
    const { booking, chassis } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate pick-up');
    const left = booking.units_requested_count - booking.units_fulfilled_count;
    const events: GateEvent[] = chassis.slice(0, left).map((id, i) => ({
      ChassisId: id,
      Kind: 'OutGate',
      LocationId: booking.location_id,
      EventTime: minutesAgo(30 - i),
      BookingCode: booking.booking_code,
    }));
    const res = await sendGate(t, key, events);
    expect(res.statusCode, res.body).toBe(200);
    expect(left).toBe(2);
    expect(res.json()).toMatchObject({ Received: 2, Applied: 2, Exceptions: 0 });
    expect(res.json().Results[0]).toMatchObject({ Outcome: 'Applied', BookingCode: booking.booking_code });
    const after = await bookingRow(t, booking.booking_id);
    expect(after).toMatchObject({
      units_fulfilled_count: 2,
      status_code: 'FF',
      order_status: 'FF',
    });
    const held = await chassisRow(t, chassis[0] as string);
    expect(held).toMatchObject({
      status: 'ON_HIRE',
      on_hire_customer_id: booking.customer_id,
      on_hire_booking_id: booking.booking_id,
      on_hire_location_id: booking.location_id,
      location_id: null,
    });

    // The audit trail of the order names the gate key that sent the events.
    const trail = await t.handle.db
      .selectFrom('audit_log as a')
      .innerJoin('api_keys as k', 'k.api_key_id', 'a.api_key_id')
      .select(['a.action', 'k.name'])
      .where('a.entity_type', '=', 'booking_order')
      .where('a.entity_id', '=', String(booking.booking_order_id))
      .where('a.action', '=', 'picked_up')
      .execute();
    expect(trail).toHaveLength(left);
    expect(trail[0]?.name).toBe('Gate pick-up');

    const again = await sendGate(t, key, events);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Applied: 0, Duplicates: left });
    expect(await bookingRow(t, booking.booking_id)).toEqual(after);
  });

  it('applies a batch in event-time order per chassis, and records an older event without moving the chassis back', async () => {
    const { booking, chassis } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate order');
    const id = chassis[0] as string;
    // Sent newest first: the in-gate at 10 minutes ago must follow the out-gate at 20.
    const res = await sendGate(t, key, [
      { ChassisId: id, Kind: 'InGate', LocationId: booking.location_id, EventTime: minutesAgo(10) },
      {
        ChassisId: id,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: minutesAgo(20),
        BookingCode: booking.booking_code,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Results.map((r: { Outcome: string }) => r.Outcome)).toEqual(['Applied', 'Applied']);
    const back = await chassisRow(t, id);
    expect(back).toMatchObject({
      status: 'AVAILABLE',
      location_id: booking.location_id,
      on_hire_customer_id: null,
    });
    expect((await bookingRow(t, booking.booking_id)).units_fulfilled_count).toBe(1);

    const late = await sendGate(t, key, [
      {
        ChassisId: id,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: minutesAgo(15),
        BookingCode: booking.booking_code,
      },
    ]);
    expect(late.json().Results[0]).toMatchObject({ Outcome: 'Stale' });
    expect(late.json().Results[0].Message).toMatch(/Older than the chassis' last gate event/);
    expect(await chassisRow(t, id)).toMatchObject({ status: 'AVAILABLE', location_id: booking.location_id });
    const stored = await t.handle.db
      .selectFrom('gate_events')
      .select(['outcome', 'review_status'])
      .where('chassis_id', '=', id)
      .where('kind', '=', 'OUT')
      .orderBy('event_time')
      .execute();
    expect(stored).toEqual([
      { outcome: 'APPLIED', review_status: null },
      { outcome: 'STALE', review_status: null },
    ]);
  });

  it('applies the good events of a batch beside a bad one, an unknown chassis and an unmatched pick-up', async () => {
    const { booking, chassis } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate mixed');
    const at = minutesAgo(40);
    const res = await sendGate(t, key, [
      {
        ChassisId: chassis[0] as string,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: at,
        BookingCode: booking.booking_code,
      },
      { ChassisId: 'not-a-chassis', Kind: 'OutGate', LocationId: booking.location_id, EventTime: at },
      { ChassisId: 'PLCZ999999', Kind: 'InGate', LocationId: booking.location_id, EventTime: at },
      { ChassisId: chassis[1] as string, Kind: 'OutGate', LocationId: booking.location_id, EventTime: at },
      { ChassisId: chassis[2] as string, Kind: 'OutGate', LocationId: 2147483000, EventTime: at },
      {
        ChassisId: chassis[2] as string,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: 'yesterday',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().Results as Array<{ Outcome: string; Message: string | null }>;
    expect(r.map((x) => x.Outcome)).toEqual([
      'Applied',
      'Rejected',
      'Exception',
      'Exception',
      'Rejected',
      'Rejected',
    ]);
    expect(r[1]?.Message).toMatch(/not-a-chassis is not a chassis ID/);
    expect(r[2]?.Message).toBe('PLCZ999999 is not one of our chassis.');
    expect(r[3]?.Message).toMatch(/Neither a booking number nor the SCAC/);
    expect(r[4]?.Message).toMatch(/There is no location 2147483000/);
    expect(r[5]?.Message).toMatch(/is not a date-time/);
    expect(res.json()).toMatchObject({ Applied: 1, Exceptions: 2, Rejected: 3 });
    expect((await bookingRow(t, booking.booking_id)).units_fulfilled_count).toBe(1);
    const open = await t.handle.db
      .selectFrom('gate_events')
      .select(['chassis_id', 'reason'])
      .where('review_status', '=', 'OPEN')
      .where('chassis_id', 'in', ['PLCZ999999', chassis[1] as string])
      .execute();
    expect(open).toHaveLength(2);
  });

  it("matches a pick-up with no booking number to the customer's oldest matching open booking by SCAC", async () => {
    const { booking, chassis } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate SCAC');
    // The customer's only open booking at the location, so its oldest matching one.
    const oldest = booking.booking_id;
    const before = await bookingRow(t, oldest);
    const res = await sendGate(t, key, [
      {
        ChassisId: chassis[3] as string,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: minutesAgo(5),
        Scac: booking.scac.toLowerCase(),
      },
    ]);
    expect(res.json().Results[0], res.body).toMatchObject({ Outcome: 'Applied' });
    expect(before.units_fulfilled_count).toBe(0);
    expect((await bookingRow(t, oldest)).units_fulfilled_count).toBe(1);
    expect((await chassisRow(t, chassis[3] as string)).on_hire_booking_id).toBe(oldest);
  });

  it('applies what earlier events of the same batch did: pick-ups by SCAC fill the oldest booking and move on, a chassis goes out, back and out again', async () => {
    // Two fresh orders of a customer of its own at a location of its own holding 6 frames: the first
    // of 1 unit, the second (younger) of 2.
    const equipment = GATE_EQUIPMENT;
    const me = await customerWithToken(t);
    const place = (await stockedLocation(t, equipment, 6)).LocationId;
    let shown = 6;
    const book = async (units: number) => {
      const res = await submit(
        t,
        POOL_URL,
        me.token,
        unitsPayload('pool', equipment, [{ LocationId: place, units, Available: shown }]),
      );
      shown -= units;
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json();
      expect(order.StatusCode, res.body).toBe('OP');
      return { orderId: order.BookingOrderId as number, bookingId: order.Bookings[0].BookingId as number };
    };
    const older = await book(1);
    const younger = await book(2);
    const version = async (orderId: number) =>
      (
        await t.handle.db
          .selectFrom('booking_orders')
          .select(['version', 'status_code'])
          .where('booking_order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).version;
    const versions = [await version(older.orderId), await version(younger.orderId)];
    const { rows: ids } = await sql<{ chassis_id: string }>`
      select chassis_id from chassis where location_id = ${place} and status = 'AVAILABLE'
        and equipment_category_code = 'Chassis.40' and equipment_class_code = 'STD' and contract_id is null
        and last_gate_at is null
      order by chassis_master_id desc limit 3`.execute(t.handle.db);
    const [a, b, c] = ids.map((r) => r.chassis_id) as [string, string, string];
    const key = await makeGateKey(t, staff, [place], 'Gate same batch');
    const out = (id: string, minutes: number): GateEvent => ({
      ChassisId: id,
      Kind: 'OutGate',
      LocationId: place,
      EventTime: minutesAgo(minutes),
      Scac: me.scac,
    });
    // Sent newest first; applied in time order: a out, b out, a back, c out, a out again.
    // The in-gate's time is kept, not computed again: a slow run may cross a minute boundary.
    const aBack = minutesAgo(40);
    const res = await sendGate(t, key, [
      out(a, 30),
      out(c, 35),
      { ChassisId: a, Kind: 'InGate', LocationId: place, EventTime: aBack },
      out(b, 45),
      out(a, 50),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().Results as Array<{ Outcome: string; Message: string | null }>;
    expect(results.map((r) => r.Outcome)).toEqual(['Exception', 'Applied', 'Applied', 'Applied', 'Applied']);
    expect(results[0]?.Message).toBe(`${me.scac} has no open booking of Chassis.40 STD at this location.`);

    // a took the older booking's one unit, b and c the younger's two: both Fulfilled, and so their orders.
    expect(await bookingRow(t, older.bookingId)).toMatchObject({
      units_fulfilled_count: 1,
      status_code: 'FF',
      order_status: 'FF',
    });
    expect(await bookingRow(t, younger.bookingId)).toMatchObject({
      units_fulfilled_count: 2,
      status_code: 'FF',
      order_status: 'FF',
    });
    expect(await chassisRow(t, b)).toMatchObject({
      status: 'ON_HIRE',
      on_hire_booking_id: younger.bookingId,
    });
    expect(await chassisRow(t, c)).toMatchObject({
      status: 'ON_HIRE',
      on_hire_booking_id: younger.bookingId,
    });
    // a came back and its second pick-up found nothing: it stands at the location since its in-gate.
    const back = await chassisRow(t, a);
    expect(back).toMatchObject({ status: 'AVAILABLE', location_id: place, on_hire_booking_id: null });
    expect(new Date(back.last_gate_at as Date).toISOString()).toBe(aBack);

    // One trail entry and one new version per unit, the last one carrying the order's status.
    const trail = async (orderId: number) =>
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select(['details', 'api_key_id'])
          .where('entity_type', '=', 'booking_order')
          .where('entity_id', '=', String(orderId))
          .where('action', '=', 'picked_up')
          .orderBy('audit_id')
          .execute()
      ).map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details));
    const youngerTrail = await trail(younger.orderId);
    expect(youngerTrail.map((d) => [d.ChassisId, Object.keys(d.changes).length])).toEqual([
      [b, 1],
      [c, 3],
    ]);
    expect(youngerTrail[1].changes.Status).toEqual({ old: 'OP', new: 'FF' });
    expect(await trail(older.orderId)).toHaveLength(1);
    expect([await version(older.orderId), await version(younger.orderId)]).toEqual([
      (versions[0] as number) + 1,
      (versions[1] as number) + 2,
    ]);
  });

  it('refuses a batch of 1,001 events with a message, and a gate key reporting for another location', async () => {
    const { booking, chassis } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate limits');
    const many = Array.from({ length: 1001 }, (_, i) => ({
      ChassisId: chassis[0] as string,
      Kind: 'InGate' as const,
      LocationId: booking.location_id,
      EventTime: minutesAgo(2000 + i),
    }));
    const res = await sendGate(t, key, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A batch holds at most 1,000 events; this one has 1,001. Send the rest in another batch.',
    );
    expect(
      await t.handle.db
        .selectFrom('gate_events')
        .select('gate_event_id')
        .where('event_time', '<', new Date(minutesAgo(1999)))
        .execute(),
    ).toEqual([]);

    const other = await makeLocation(t);
    const elsewhere = await sendGate(t, key, [
      {
        ChassisId: chassis[0] as string,
        Kind: 'InGate',
        LocationId: other.LocationId,
        EventTime: minutesAgo(1),
      },
    ]);
    expect(elsewhere.json().Results[0].Message).toMatch(/This gate key does not report for location/);
  });

  it('brings a chassis back: the open pool redelivery naming it is fulfilled, and the chassis stands available', async () => {
    const [id] = await onHireChassis(t, own.customerId, GATE_EQUIPMENT, 1);
    const location = { location_id: (await makeLocation(t)).LocationId };
    const reason = await t.handle.db
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'POOL_REDELIVERY')
      .executeTakeFirstOrThrow();
    const booked = await submit(t, '/api/poolredelivery', own.token, {
      Redelivery: {
        LocationId: location.location_id,
        RedeliveryDate: new Date().toISOString().slice(0, 10),
        ReasonCode: reason.reason_code,
      },
      Chassis: { ChassisIds: [id] },
      Contact: CONTACT,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const key = await makeGateKey(t, staff, [location.location_id], 'Gate return');
    const res = await sendGate(t, key, [
      { ChassisId: id as string, Kind: 'InGate', LocationId: location.location_id, EventTime: minutesAgo(1) },
    ]);
    expect(res.json().Results[0], res.body).toMatchObject({ Outcome: 'Applied' });
    expect(res.json().Results[0].BookingCode).toEqual(expect.any(String));
    const orderId = booked.json().BookingOrderId as number;
    const order = await t.handle.db
      .selectFrom('booking_orders')
      .select('status_code')
      .where('booking_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status_code).toBe('FF');
    expect(await chassisRow(t, id as string)).toMatchObject({
      status: 'AVAILABLE',
      location_id: location.location_id,
    });
  });

  it('flags for staff a term lease chassis returned to a location its contract does not allow, and still takes it back', async () => {
    // A contract with no lines allows returns nowhere: any location of its own is off it.
    const contract = await makeContract(t, own.customerId);
    const [chassisId] = await onHireChassis(t, own.customerId, GATE_EQUIPMENT, 1, {
      org: contract.org,
      contractId: contract.contractId,
    });
    const unit = { chassis_id: chassisId as string, location_id: (await makeLocation(t)).LocationId };
    const key = await makeGateKey(t, staff, [unit.location_id], 'Gate term');
    const res = await sendGate(t, key, [
      { ChassisId: unit.chassis_id, Kind: 'InGate', LocationId: unit.location_id, EventTime: minutesAgo(1) },
    ]);
    expect(res.json().Results[0], res.body).toMatchObject({ Outcome: 'Applied' });
    expect(res.json().Results[0].Message).toMatch(/contract does not allow returns to this location/);
    const stored = await t.handle.db
      .selectFrom('gate_events')
      .select(['outcome', 'review_status'])
      .where('chassis_id', '=', unit.chassis_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ outcome: 'APPLIED', review_status: 'OPEN' });
  });

  it('takes gate events from a gate key only: a customer, staff and a book key are refused', async () => {
    const body = { Events: [] };
    for (const token of [own.token, staff]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gateevents',
        headers: bearer(token),
        payload: body,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/gate API key/);
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/account/apikeys',
      headers: bearer(staff),
      payload: {
        Name: 'Book key',
        Abilities: ['book', 'read'],
        ExpiresAt: new Date(Date.now() + 86_400_000 * 5).toISOString(),
        CustomerId: own.customerId,
      },
    });
    const bookKey = made.json().Key as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gateevents',
      headers: { authorization: `ApiKey ${bookKey}` },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    // A gate key is staff's to make, holds the gate ability alone and names its locations.
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/account/apikeys',
      headers: bearer(staff),
      payload: {
        Name: 'Mixed',
        Abilities: ['gate', 'read'],
        LocationIds: [18478],
        ExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        CustomerId: own.customerId,
      },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/a gate key sends gate events only/);
  });
});
