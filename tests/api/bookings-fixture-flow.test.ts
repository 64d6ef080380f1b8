/**
 * A flow file alone makes a booking type (docs/flows.md): the fixture "Port Bay Express", which no
 * code names, is served at its own submit url, refuses what its rules refuse, and books through the
 * daily lease booker. A flow naming a booker the server lacks stops the start.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerFlows } from '../../src/server/flows';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  availableAt,
  bookingCodePattern,
  clearThresholds,
  type Equipment,
  submit,
  unitsPayload,
} from './bookings-helpers';

const FIXTURE_DIR = resolve(import.meta.dirname, '../fixtures/flows');
const FIXTURE_FILE = join(FIXTURE_DIR, 'port-bay-express.flow.json');
const EXPRESS_URL = '/api/portbayexpress/create';
const LAX_20: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.20', EquipmentClass: 'STD' };

describe.each(databaseKinds)('a fixture flow on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  /** A port bay of its own: a depot that takes daily lease, with 3 units. */
  let bay: number;
  const express = (units: number, acknowledged: string[] = ['daily-lease.charges-acknowledged']) =>
    unitsPayload('dailyLease', LAX_20, [{ LocationId: bay, units, Available: 3 }], acknowledged);

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { extraFlowDirs: [FIXTURE_DIR] });
    customer = (await customerWithToken(t)).token;
    await clearThresholds(t);
    bay = (await stockedLocation(t, LAX_20, 3, { daily_lease_allowed: true })).LocationId;
  });
  afterAll(() => t.close());

  it('is routed and documented at its own submit url', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths[EXPRESS_URL]?.post?.summary).toMatch(/Port Bay Express/);
    expect((await submit(t, EXPRESS_URL, null, express(1))).statusCode).toBe(401);
  });

  it('refuses what its rules refuse, with their messages', async () => {
    const badMail = await submit(t, EXPRESS_URL, customer, {
      ...express(1),
      Contact: { ContactName: 'Pat', EmailAddresses: 'pat at example' },
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json()).toMatchObject({
      code: 'contact.email-list',
      message: 'Invalid email address: pat at example',
    });
    const unacknowledged = await submit(t, EXPRESS_URL, customer, express(1, []));
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json()).toMatchObject({
      code: 'daily-lease.charges-acknowledged',
      unanswered: [{ ruleId: 'daily-lease.charges-acknowledged', kind: 'acknowledge' }],
    });
    const nothing = await submit(t, EXPRESS_URL, customer, express(0));
    expect(nothing.json()).toMatchObject({ code: 'customer-booking.at-least-one-unit' });
  });

  it('books a valid submit through the daily lease booker', async () => {
    const res = await submit(t, EXPRESS_URL, customer, express(2));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'DL', StatusCode: 'OP' });
    expect(order.Bookings[0]).toMatchObject({ LocationId: bay, UnitsRequestedCount: 2 });
    expect(order.Bookings[0].BookingCode).toMatch(bookingCodePattern('DL'));
    expect(await availableAt(t, customer, 'dailyLease', LAX_20, bay)).toBe(1);
  });
});

describe('a flow naming a booker the server does not have', () => {
  it('stops the start with the file, the field and the bookers there are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brr-flows-'));
    const flow = JSON.parse(readFileSync(FIXTURE_FILE, 'utf8'));
    Object.assign(flow, {
      id: 'no-booker',
      route: '/pool_booking/no_booker',
      submit: { ...flow.submit, url: '/api/nobooker/create', booker: 'teleportBooking' },
    });
    writeFileSync(join(dir, 'no-booker.flow.json'), JSON.stringify(flow));
    expect(() => loadServerFlows([dir])).toThrow(
      /no-booker\.flow\.json \$\.submit\.booker: Daily Lease Booking \(DL\) books through "dailyLeaseBooking", not "teleportBooking"\n {4}fix: write "booker": "dailyLeaseBooking"/,
    );
  });
});
