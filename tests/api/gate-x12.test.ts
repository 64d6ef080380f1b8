/**
 * Issue 31: gate events as an X12 322 interchange (text/plain), read with node-x12. The sample file
 * (tests/fixtures/gate-322, whose README lists each set's expected effect) is filled with the IDs of
 * a customer, location, booking and chassis of the test's own, sent, and its effects checked; sent
 * again it changes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { makeLocation, onHireChassis } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  bookingRow,
  chassisRow,
  GATE_EQUIPMENT,
  makeGateKey,
  openPoolBooking,
  sendX12,
} from './gate-helpers';

const SAMPLE = readFileSync(new URL('../fixtures/gate-322/sample-322.x12', import.meta.url), 'utf8');

describe.each(databaseKinds)('gate events in X12 322 on %s', (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('applies the sample interchange set by set as its README says, and changes nothing the second time', async () => {
    // Two units: set 0002's SCAC match falls on the booking set 0001 named, the customer's only one.
    const { booking, chassis } = await openPoolBooking(t, 2);
    // A pool unit out with the customer, on no booking: set 0003 brings it back.
    const [returning] = (await onHireChassis(t, booking.customer_id, GATE_EQUIPMENT, 1)) as [string];
    const [p1, p2] = chassis as [string, string];
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const text = SAMPLE.replaceAll('{DAY}', yesterday)
      .replaceAll('{LOCATION}', String(booking.location_id))
      .replaceAll('{BOOKING}', booking.booking_code)
      .replaceAll('{SCAC}', booking.scac)
      .replaceAll('{PICKUP_1_INITIAL}', p1.slice(0, 4))
      .replaceAll('{PICKUP_1_NUMBER}', p1.slice(4))
      .replaceAll('{PICKUP_2_INITIAL}', p2.slice(0, 4))
      .replaceAll('{PICKUP_2_NUMBER}', p2.slice(4))
      .replaceAll('{RETURN_INITIAL}', returning.slice(0, 4))
      .replaceAll('{RETURN_NUMBER}', returning.slice(4));
    const key = await makeGateKey(t, staff, [booking.location_id], 'Ramp 322');

    const res = await sendX12(t, key, text);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().Results as Array<{
      Outcome: string;
      Message: string | null;
      ChassisId: string;
    }>;
    expect(results.map((r) => r.Outcome)).toEqual([
      'Applied',
      'Applied',
      'Applied',
      'Exception',
      'Rejected',
      'Duplicate',
    ]);
    expect(results[3]?.Message).toBe('ZZZZ000001 is not one of our chassis.');
    expect(results[4]?.Message).toBe(
      'Transaction set 0005: Q501 AE is neither OA (out-gate) nor I (in-gate).',
    );

    // 0001: on hire against the booking named, at 08:15 Central = 14:15 UTC.
    const first = await chassisRow(t, p1);
    expect(first).toMatchObject({
      status: 'ON_HIRE',
      on_hire_booking_id: booking.booking_id,
      on_hire_customer_id: booking.customer_id,
    });
    const day = `${yesterday.slice(0, 4)}-${yesterday.slice(4, 6)}-${yesterday.slice(6, 8)}`;
    expect(new Date(first.on_hire_since as Date).toISOString()).toBe(`${day}T14:15:00.000Z`);
    // 0002: matched by SCAC to the customer's open booking of that size at the location.
    expect(await chassisRow(t, p2)).toMatchObject({
      status: 'ON_HIRE',
      on_hire_booking_id: booking.booking_id,
      on_hire_customer_id: booking.customer_id,
    });
    // 0003: back at the location at 10:00 Eastern = 15:00 UTC.
    const back = await chassisRow(t, returning);
    expect(back).toMatchObject({
      status: 'AVAILABLE',
      location_id: booking.location_id,
      on_hire_customer_id: null,
    });
    expect(new Date(back.last_gate_at as Date).toISOString()).toBe(`${day}T15:00:00.000Z`);

    const done = { units_fulfilled_count: 2, status_code: 'FF', order_status: 'FF' };
    expect(await bookingRow(t, booking.booking_id)).toMatchObject(done);
    const again = await sendX12(t, key, text);
    expect(again.json()).toMatchObject({ Applied: 0, Duplicates: 5, Rejected: 1 });
    expect(await bookingRow(t, booking.booking_id)).toMatchObject(done);
  });

  it('answers a body that is not X12 with a 400 that says so', async () => {
    const key = await makeGateKey(t, staff, [(await makeLocation(t)).LocationId], 'Ramp garbage');
    const res = await sendX12(t, key, 'Hello, these are our gate moves for today: PLCZ123456 out at 9.');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The body is not an X12 interchange/);
  });
});
