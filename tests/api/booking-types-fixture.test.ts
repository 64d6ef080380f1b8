/**
 * The proof of issue 10 on the server: a booking type added from test fixtures only (the registry
 * entry in tests/fixtures/booking-types, the flow file in tests/fixtures/flows-edit) is served,
 * enforced, shown on the dashboard with its type name, opened as an order document and edited —
 * with a stale Version refused — and no product file names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TYPE_FACTS, type BookingTypeFacts } from '../../src/domain/booking-type-facts';
import {
  YARD_EXPRESS,
  YARD_EXPRESS_FLOWS,
  YARD_EXPRESS_UPDATE_URL,
  YARD_EXPRESS_URL,
} from '../fixtures/booking-types/yard-express';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { addChassis, availableAt, CONTACT, submit } from './bookings-helpers';
import { orderDocument } from './reposition-helpers';

describe.each(databaseKinds)('a fixture booking type on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let yard: number;
  let market: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { bookingTypes: [YARD_EXPRESS], extraFlowDirs: [YARD_EXPRESS_FLOWS] });
    customer = await t.tokenFor('demo.customer');
    const location = await t.handle.db
      .selectFrom('locations')
      .select(['location_id', 'market_code'])
      .where('active', '=', true)
      .where('pool_booking_allowed', '=', true)
      .orderBy('location_id')
      .executeTakeFirstOrThrow();
    yard = location.location_id;
    market = location.market_code;
  });
  afterAll(() => t.close());

  const body = (units: number) => ({
    Request: {
      LocationId: yard,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      UnitsRequestedCount: units,
    },
    Contact: CONTACT,
  });

  it('writes every type’s traits into booking_order_types, where the webhook trigger reads them (migration 0072)', async () => {
    const rows = await t.handle.db
      .selectFrom('booking_order_types')
      .select(['code', 'name', 'redelivery', 'on_dashboard', 'pool_yards'])
      .orderBy('code')
      .execute();
    const known: readonly BookingTypeFacts[] = [...BOOKING_TYPE_FACTS, YARD_EXPRESS];
    expect(rows).toEqual(
      known
        .map((f) => ({
          code: f.orderType,
          name: f.name,
          redelivery: f.redelivery,
          on_dashboard: f.onDashboard,
          pool_yards: f.pool?.yards ?? null,
        }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    );
    expect(rows.filter((r) => r.redelivery).map((r) => r.code)).toEqual(['PR', 'TR']);
    expect(rows.filter((r) => r.pool_yards !== null).map((r) => r.code)).toEqual(['DL', 'PB', 'RP', 'YX']);
  });

  it('books, shows on the dashboard by name, opens, edits, and refuses a stale Version', async () => {
    const refused = await submit(t, YARD_EXPRESS_URL, customer, {
      ...body(1),
      Contact: { ...CONTACT, EmailAddresses: 'nope' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact.email-list',
      message: 'Invalid email address: nope',
    });

    const booked = await submit(t, YARD_EXPRESS_URL, customer, body(3));
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'YX', StatusCode: 'OP', Version: 1 });
    expect(order.Bookings[0].BookingCode).toMatch(/^YX\d{8}$/);

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: bearer(customer),
      payload: { BookingCode: order.Bookings[0].BookingCode },
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().ResultSet).toEqual([
      expect.objectContaining({
        BookingOrderId: order.BookingOrderId,
        BookingOrderTypeName: 'Yard Express',
        Quantity: 3,
        CanEdit: true,
      }),
    ]);

    const opened = await orderDocument(t, customer, order.BookingOrderId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      BookingOrderTypeCode: 'YX',
      Version: 1,
      CanEdit: true,
      EditRoute: `/yard_express/request?edit=${order.BookingOrderId}`,
      Bookings: [{ LocationId: yard, UnitsRequestedCount: 3, EquipmentSize: 'Chassis.40' }],
    });

    const update = (units: number, version: number) =>
      t.app.inject({
        method: 'POST',
        url: YARD_EXPRESS_UPDATE_URL,
        headers: bearer(customer),
        payload: { ...body(units), BookingOrderId: order.BookingOrderId, Version: version },
      });
    const unchanged = await update(3, 1);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({
      code: 'NOTHING_CHANGED',
      message: 'Nothing has changed: change something, or go back to the dashboard.',
    });
    const edited = await update(5, 1);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ Version: 2, Bookings: [{ UnitsRequestedCount: 5 }] });
    const stale = await update(7, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ORDER_CHANGED');
    expect(stale.json().message).toMatch(
      /^This booking order was changed by \S+ \S+ (moments|\d+ minutes?) ago, after you opened it\. Reload the order/,
    );
    const reopened = await orderDocument(t, customer, order.BookingOrderId);
    expect(reopened.json()).toMatchObject({ Version: 2, Bookings: [{ UnitsRequestedCount: 5 }] });
  });

  it('is offered and searched by the dashboard and the pending queue, with no list naming it (issue 26)', async () => {
    const staff = await t.tokenFor('demo.staff');
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/dashboardOrderTypes',
      headers: bearer(customer),
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toContainEqual({
      BookingOrderTypeCode: 'YX',
      BookingOrderTypeName: 'Yard Express',
    });

    const booked = await submit(t, YARD_EXPRESS_URL, customer, body(2));
    expect(booked.statusCode, booked.body).toBe(200);
    const search = (url: string, token: string, criteria: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: criteria });
    const byType = await search('/api/dashboard/search', customer, { BookingOrderTypeCode: 'YX' });
    expect(byType.statusCode, byType.body).toBe(200);
    const rows: { BookingOrderId: number; BookingOrderTypeName: string }[] = byType.json().ResultSet;
    expect(rows.map((r) => r.BookingOrderId)).toContain(booked.json().BookingOrderId);
    expect(new Set(rows.map((r) => r.BookingOrderTypeName))).toEqual(new Set(['Yard Express']));
    const pending = await search('/api/bookingpending/search', staff, {
      BookingOrderTypeCode: 'YX',
      BookingPendingStatus: 'FF',
    });
    expect(pending.statusCode, pending.body).toBe(200);
    // A code no registered type has is still refused, naming the field.
    const unknown = await search('/api/dashboard/search', customer, { BookingOrderTypeCode: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('BookingOrderTypeCode');
  });

  it('holds the units it books out of its pool yard’s availability, with no list naming it (issue 26)', async () => {
    const equipment = { MarketCode: market, EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
    await addChassis(t, yard, equipment, 4);
    const before = await availableAt(t, customer, 'pool', equipment, yard);
    expect(before).toBeGreaterThanOrEqual(4);
    const booked = await submit(t, YARD_EXPRESS_URL, customer, body(3));
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await availableAt(t, customer, 'pool', equipment, yard)).toBe(before - 3);
  });
});
