/**
 * Issue 31: the staff's gate event exceptions: listed and searched, an unmatched pick-up resolved
 * by choosing its booking (the pick-up is then applied), another dismissed with a reason; staff
 * only. The booking, its customer, location and chassis are the test's own (gate-helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { bookingRow, chassisRow, makeGateKey, minutesAgo, openPoolBooking, sendGate } from './gate-helpers';

describe.each(databaseKinds)('gate event exceptions on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let readonly: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const list = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/gateevents/exceptions${query}`, headers: bearer(token) });
  const act = (token: string, id: number, what: 'resolve' | 'dismiss', payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/gateevents/exceptions/${id}/${what}`,
      headers: bearer(token),
      payload,
    });

  it('lists exceptions for staff, resolves an unmatched pick-up with its booking and dismisses another with a reason', async () => {
    const { booking, chassis, customer } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate exceptions');
    const [unmatched] = chassis as [string];
    const sent = await sendGate(t, key, [
      { ChassisId: unmatched, Kind: 'OutGate', LocationId: booking.location_id, EventTime: minutesAgo(20) },
      { ChassisId: 'PLCZ999998', Kind: 'InGate', LocationId: booking.location_id, EventTime: minutesAgo(20) },
    ]);
    expect(sent.json().Exceptions, sent.body).toBe(2);

    const res = await list(readonly, `?Search=${unmatched}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().TotalCount).toBe(1);
    const row = res.json().ResultSet[0];
    expect(row).toMatchObject({
      ChassisId: unmatched,
      Kind: 'OutGate',
      Status: 'Open',
      CanResolve: true,
      Sender: 'API key Gate exceptions',
      Reason: 'Neither a booking number nor the SCAC of the company it was released to was sent.',
    });
    expect(row.LocationName).toEqual(expect.any(String));
    expect((await list(customer.token)).statusCode).toBe(403);
    expect((await act(readonly, row.GateEventId, 'dismiss', { Reason: 'x' })).statusCode).toBe(403);

    const wrong = await act(staff, row.GateEventId, 'resolve', { BookingCode: 'PB00NOSUCH' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Booking PB00NOSUCH was not found.');
    const resolved = await act(staff, row.GateEventId, 'resolve', { BookingCode: booking.booking_code });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      Status: 'Resolved',
      ReviewedBy: 'demo.staff',
      CanResolve: false,
    });
    expect(await chassisRow(t, unmatched)).toMatchObject({
      status: 'ON_HIRE',
      on_hire_booking_id: booking.booking_id,
    });
    expect((await bookingRow(t, booking.booking_id)).units_fulfilled_count).toBe(1);
    const twice = await act(staff, row.GateEventId, 'resolve', { BookingCode: booking.booking_code });
    expect(twice.statusCode).toBe(409);

    const unknown = (await list(staff, '?Search=PLCZ999998')).json().ResultSet[0];
    expect(unknown).toMatchObject({ CanResolve: false, Reason: 'PLCZ999998 is not one of our chassis.' });
    const notResolvable = await act(staff, unknown.GateEventId, 'resolve', {
      BookingCode: booking.booking_code,
    });
    expect(notResolvable.statusCode).toBe(409);
    const blank = await act(staff, unknown.GateEventId, 'dismiss', { Reason: '   ' });
    expect(blank.statusCode).toBe(400);
    const dismissed = await act(staff, unknown.GateEventId, 'dismiss', {
      Reason: 'A DCLI chassis the ramp keyed wrongly.',
    });
    expect(dismissed.json()).toMatchObject({
      Status: 'Dismissed',
      ReviewNote: 'A DCLI chassis the ramp keyed wrongly.',
    });
    const open = (await list(staff, '?Search=PLCZ99999')).json();
    expect(open.TotalCount).toBe(0);
    const all = (await list(staff, '?Search=PLCZ999998&Status=All')).json();
    expect(all.ResultSet.map((r: { Status: string }) => r.Status)).toEqual(['Dismissed']);
  });
});
