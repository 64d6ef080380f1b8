/**
 * The booking-type registry (src/server/bookings/registry.ts, product-types.ts): what it lists for flows:check,
 * the lists derived from it, the check of flow files against it, and who may edit and cancel.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Entity, Permission } from '../../src/domain/permissions';
import { bookingTypeRegistry, PRODUCT_BOOKING_TYPES } from '../../src/server/bookings/product-types';
import {
  cancelVerdict,
  describeBookingTypes,
  editVerdict,
  type OrderFacts,
} from '../../src/server/bookings/registry';
import type { Viewer } from '../../src/server/domain/viewer';
import { THRESHOLD_ORDER_TYPES } from '../../src/server/domain/weekly-threshold';
import { loadServerFlows } from '../../src/server/flows';
import { YARD_EXPRESS, YARD_EXPRESS_FLOWS } from '../fixtures/booking-types/yard-express';

const viewer = (over: Partial<Viewer>): Viewer =>
  ({
    userId: 1,
    userName: 'u',
    customerId: 7,
    isInternal: false,
    permissions: {},
    claims: {},
    token: '',
    ...over,
  }) as Viewer;
const rp = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  orderType: 'RP',
  customerId: 7,
  orderStatus: 'OP',
  bookingStatuses: ['OP', 'CN'],
  ...over,
});
const types = bookingTypeRegistry();

describe('the booking-type registry', () => {
  it('lists each type with its booker and, where editable, its updater', () => {
    expect(describeBookingTypes(PRODUCT_BOOKING_TYPES)).toEqual([
      { orderType: 'PB', name: 'Pool Booking', booker: 'poolBooking' },
      { orderType: 'DL', name: 'Daily Lease Booking', booker: 'dailyLeaseBooking' },
      { orderType: 'RU', name: 'Reuse Booking', booker: 'reuseBooking' },
      {
        orderType: 'RP',
        name: 'Reposition Booking',
        booker: 'repositionBooking',
        updater: 'repositionBooking',
      },
      {
        orderType: 'TL',
        name: 'Term Lease Booking',
        booker: 'termLeaseBooking',
        updater: 'termLeaseBooking',
      },
      { orderType: 'PR', name: 'Pool Redelivery', booker: 'poolRedelivery' },
      {
        orderType: 'TR',
        name: 'Term Lease Redelivery',
        booker: 'termLeaseRedelivery',
        updater: 'termLeaseRedelivery',
      },
    ]);
  });

  it('derives the per-type lists from the facts of its entries', () => {
    expect(THRESHOLD_ORDER_TYPES).toEqual(['PB', 'DL']);
  });

  it('takes fixture types beside the product’s, but one entry per order type', () => {
    expect(bookingTypeRegistry([YARD_EXPRESS]).of('YX')?.name).toBe('Yard Express');
    expect(() => bookingTypeRegistry([{ ...YARD_EXPRESS, orderType: 'RP' }])).toThrow(
      /RP is registered twice/,
    );
  });

  it('stops the server on a flow whose order type or updater the registry lacks, naming file, path and fix', () => {
    expect(() => loadServerFlows([YARD_EXPRESS_FLOWS])).toThrow(
      /yard-express\.flow\.json \$\.orderType: no booking type is registered for order type YX\n {4}fix: use one of PB, DL, RU, RP/,
    );
    expect(() => loadServerFlows([YARD_EXPRESS_FLOWS], bookingTypeRegistry([YARD_EXPRESS]))).not.toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'brr-types-'));
    const flow = JSON.parse(readFileSync(join(YARD_EXPRESS_FLOWS, 'yard-express.flow.json'), 'utf8'));
    writeFileSync(join(dir, 'yard-express.flow.json'), JSON.stringify(flow));
    const { updater: _updater, ...readOnly } = YARD_EXPRESS;
    expect(() => loadServerFlows([dir], bookingTypeRegistry([readOnly]))).toThrow(
      /\$\.edit\.update\.updater: Yard Express \(YX\) has no updater: its orders are not editable\n {4}fix: drop edit\.update/,
    );
  });
});

describe('who may edit and cancel', () => {
  const customerRp = viewer({ permissions: { [Entity.RepositionBooking]: Permission.Create } });
  it('lets the booking customer’s users with Update or Create on reposition edit an open order', () => {
    expect(editVerdict(types, customerRp, rp())).toEqual({ ok: true });
    expect(
      editVerdict(types, viewer({ customerId: 8, permissions: customerRp.permissions }), rp()),
    ).toMatchObject({ ok: false, status: 403 });
    expect(editVerdict(types, viewer({}), rp())).toMatchObject({ ok: false, status: 403 });
  });
  it('lets staff with Update edit any, not staff who only read', () => {
    const staff = (bits: number) =>
      viewer({ isInternal: true, customerId: null, permissions: { [Entity.RepositionBooking]: bits } });
    expect(editVerdict(types, staff(Permission.Update), rp())).toEqual({ ok: true });
    expect(editVerdict(types, staff(Permission.Read), rp())).toMatchObject({ ok: false, status: 403 });
  });
  it('refuses an order with no open or pending booking, a cancelled order, and a type with no updater', () => {
    expect(editVerdict(types, customerRp, rp({ bookingStatuses: ['FF', 'CN'] }))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(editVerdict(types, customerRp, rp({ orderStatus: 'CN' }))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(editVerdict(types, customerRp, rp({ orderType: 'PB' }))).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringContaining('Book again'),
    });
  });
  it('cancels by the type’s own rule: pool bits for pool orders, reposition bits for repositions', () => {
    const pool = viewer({ permissions: { [Entity.CustomerPoolBooking]: Permission.Update } });
    expect(cancelVerdict(types, pool, rp({ orderType: 'PB', bookingStatuses: ['OP'] }))).toEqual({
      ok: true,
    });
    expect(cancelVerdict(types, pool, rp({ bookingStatuses: ['OP'] }))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(cancelVerdict(types, pool, rp({ orderType: 'PB', bookingStatuses: ['OP', 'FF'] }))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(cancelVerdict(types, pool, rp({ orderType: 'TL' }))).toMatchObject({ ok: false, status: 409 });
  });
});
