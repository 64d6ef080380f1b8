/**
 * Reposition booking, edit mode (SPEC §4; ARCHITECTURE §3 "Flows open existing orders"): the
 * order document is mapped to flow data by the flow file's own edit.load (as the client does), changed
 * and sent to the update route. Quantities up and down, a destination cancelled, a redelivery
 * dropped, a destination added; an unchanged edit, a stale Version, two edits at once, an increase
 * past the origin's availability, a moved origin and an ended order each refused as they should be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyObject } from '../../src/engine/core/data-template';
import repositionFlow from '../../src/flows/reposition-booking.flow.json';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  destination,
  OVER_AVAILABLE,
  orderDocument,
  type RepositionStage,
  repositionAvailable,
  repositionBody,
  repositionStage,
  setRepositionAvailable,
  submitReposition,
  updateReposition,
} from './reposition-helpers';

type Data = {
  Header: Record<string, unknown>;
  Orders: Array<Record<string, unknown>>;
  Contact: Record<string, unknown>;
};
type Doc = {
  BookingOrderId: number;
  Version: number;
  CanEdit: boolean;
  Bookings: Array<Record<string, unknown>>;
};

describe.each(databaseKinds)('editing a reposition on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let s: RepositionStage;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await t.tokenFor('demo.customer');
    s = await repositionStage(t);
  });
  afterAll(() => t.close());

  /** Books a reposition and opens it as the client would: the document through the flow's edit.load. */
  async function bookAndOpen(units: number[], extra: Partial<Record<string, unknown>>[] = []) {
    const body = repositionBody(s, units);
    body.Orders = body.Orders.map((o, i) => ({ ...o, ...(extra[i] ?? {}) }));
    const booked = await submitReposition(t, customer, body);
    expect(booked.statusCode, booked.body).toBe(200);
    return open(booked.json().BookingOrderId);
  }
  async function open(id: number) {
    const res = await orderDocument(t, customer, id);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as Doc;
    const data = applyObject(repositionFlow.edit.load, doc, { edit: true, order: doc }) as Data;
    return { doc, data };
  }
  const send = (doc: Doc, data: Data, acknowledged: string[] = [], version = doc.Version) =>
    updateReposition(t, customer, {
      ...data,
      BookingOrderId: doc.BookingOrderId,
      Version: version,
      Acknowledged: acknowledged,
    });

  it('changes quantities up and down, cancels a destination and a redelivery, adds a destination', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen(
      [3, 2, 4],
      [{}, { WithRedelivery: true, RedeliveryRequestedCount: 2 }],
    );
    expect(doc).toMatchObject({ Version: 1, CanEdit: true });
    expect(data.Orders[0]).toMatchObject({
      IsEditMode: true,
      OriginalUnitsRequestedCount: 3,
      ToLocationId: s.destinations[0],
    });
    const [first, second, third] = data.Orders as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    const edited: Data = {
      ...data,
      Orders: [
        { ...first, UnitsRequestedCount: 6 },
        { ...second, UnitsRequestedCount: 1, CancelRedelivery: true },
        { ...third, CancelBooking: true },
        destination(s, 3, 2),
      ],
    };
    const res = await send(doc, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Version: 2, StatusCode: 'OP' });
    const { doc: after } = await open(doc.BookingOrderId);
    expect(after.Version).toBe(2);
    expect(
      after.Bookings.map((b) => [
        b.ToLocationId,
        b.UnitsRequestedCount,
        b.BookingStatusCode,
        b.WithRedelivery,
      ]),
    ).toEqual([
      [s.destinations[0], 6, 'OP', false],
      [s.destinations[1], 1, 'OP', false],
      [s.destinations[2], 4, 'CN', false],
      [s.destinations[3], 2, 'OP', false],
    ]);
    expect(after.Bookings[3]?.BookingCode).toMatch(/^RP\d{8}$/);
    // 20 − (6 + 1 + 2) left at the origin: the cancelled 4 came back.
    expect(await repositionAvailable(t, customer, s)).toBe(11);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', String(doc.BookingOrderId))
      .where('action', '=', 'edited')
      .executeTakeFirstOrThrow();
    const details = typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details;
    expect(details.version).toEqual({ from: 1, to: 2 });
    // The order's trail names each booking by its number (order-audit.ts), old → new.
    const [b0, b1, b2] = doc.Bookings.map((b) => b.BookingCode);
    expect(details.changes).toMatchObject({
      [`Booking ${b0}.units_requested_count`]: { old: 3, new: 6 },
      [`Booking ${b1}.with_redelivery`]: { old: true, new: false },
      [`Booking ${b2}.BookingStatusCode`]: { old: 'OP', new: 'CN' },
    });
  });

  it('refuses an unchanged edit, a stale Version, and a moved origin; nothing is applied', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen([2]);
    const unchanged = await send(doc, data);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({
      code: 'NOTHING_CHANGED',
      message: 'Nothing has changed: change something, or go back to the dashboard.',
    });
    const moved = await send(doc, { ...data, Header: { ...data.Header, FromLocationId: s.destinations[4] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('REPOSITION_HEADER_FIXED');
    const first = data.Orders[0] as Record<string, unknown>;
    expect((await send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 3 }] })).statusCode).toBe(
      200,
    );
    const stale = await send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ORDER_CHANGED' });
    expect(stale.json().message).toMatch(/changed by .* ago, after you opened it\. Reload the order/);
    expect((await open(doc.BookingOrderId)).doc.Bookings[0]).toMatchObject({ UnitsRequestedCount: 3 });
  });

  it('checks the destinations and carriers an edit changes or adds, not the ones it keeps', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen([2, 3]);
    const [first, second] = data.Orders as [Record<string, unknown>, Record<string, unknown>];
    // Row 1's destination and a third one close after the order was booked.
    const closed = [s.destinations[1], s.destinations[2]] as number[];
    const setOpen = (active: boolean) =>
      t.handle.db.updateTable('locations').set({ active }).where('location_id', 'in', closed).execute();
    await setOpen(false);
    try {
      const refused: Array<[string, Data, string, string]> = [
        [
          'a destination moved to no location',
          { ...data, Orders: [{ ...first, ToLocationId: 999_999 }, second] },
          'UNKNOWN_LOCATION',
          'Orders.0.ToLocationId',
        ],
        [
          'a carrier changed to a customer that is not a motor carrier',
          { ...data, Orders: [{ ...first, MotorCarrierId: s.notCarrier }, second] },
          'NOT_A_MOTOR_CARRIER',
          'Orders.0.MotorCarrierId',
        ],
        [
          'a destination added at a closed location',
          { ...data, Orders: [first, second, destination(s, 2, 1)] },
          'UNKNOWN_LOCATION',
          'Orders.2.ToLocationId',
        ],
      ];
      for (const [what, body, code, field] of refused) {
        const res = await send(doc, body);
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toMatchObject({ code, errors: [{ field }] });
      }
      expect((await open(doc.BookingOrderId)).doc.Version).toBe(1);
      // Row 1's destination, closed since it was booked, is kept as it is; row 0 changes.
      const kept = await send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 4 }, second] });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ Version: 2 });
    } finally {
      await setOpen(true);
    }
  });

  it('lets exactly one of two edits with the same Version through', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen([2]);
    const first = data.Orders[0] as Record<string, unknown>;
    const answers = await Promise.all([
      send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 4 }] }),
      send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 5 }] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)?.json().Bookings[0].UnitsRequestedCount;
    const { doc: after } = await open(doc.BookingOrderId);
    expect(after).toMatchObject({ Version: 2, Bookings: [{ UnitsRequestedCount: won }] });
  });

  it('asks before an increase past the origin, never for a decrease', async () => {
    await setRepositionAvailable(t, customer, s, 5);
    const { doc, data } = await bookAndOpen([3]);
    const first = data.Orders[0] as Record<string, unknown>;
    // 2 left at the origin: 3 → 6 asks (the order's own 3 count as available to it again).
    const asked = await send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 6 }] });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      code: OVER_AVAILABLE,
      message: expect.stringContaining('You selected 6 units but only 5 are available'),
    });
    const down = await send(doc, { ...data, Orders: [{ ...first, UnitsRequestedCount: 1 }] });
    expect(down.statusCode, down.body).toBe(200);
    const { doc: now, data: again } = await open(doc.BookingOrderId);
    const agreed = await send(
      now,
      { ...again, Orders: [{ ...(again.Orders[0] as object), UnitsRequestedCount: 9 }] },
      [OVER_AVAILABLE],
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    // Issue 25: the booking it already had keeps its number; the answer does not promise one.
    expect(agreed.json()).toMatchObject({
      StatusCode: 'PN',
      PendingReview: true,
      Message: expect.stringContaining('Bookings that already have a number stay open as they are'),
      Bookings: [{ BookingCode: expect.any(String) }],
    });
  });

  it('refuses to edit an order whose bookings all ended, and another customer’s order is not found', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen([2]);
    await t.handle.db
      .updateTable('bookings')
      .set({ status_code: 'FF' })
      .where('booking_order_id', '=', doc.BookingOrderId)
      .execute();
    const opened = await open(doc.BookingOrderId);
    expect(opened.doc).toMatchObject({ CanEdit: false, EditRoute: null });
    const ended = await send(doc, { ...data, Contact: { ...data.Contact, ContactName: 'Someone Else' } });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ code: 'NOT_EDITABLE' });

    const other = await t.tokenFor('demo.ssl');
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/bookingorder/${doc.BookingOrderId}/document`,
      headers: bearer(other),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/bookingorder/99999999/document',
      headers: bearer(other),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(unknown.json().message);
  });

  it('says CanEdit on the dashboard rows and detail: yes for the booking customer, no for staff read-only', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc } = await bookAndOpen([1]);
    const code = doc.Bookings[0]?.BookingCode as string;
    const search = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/dashboard/search',
          headers: bearer(token),
          payload: { BookingCode: code },
        })
      ).json().ResultSet;
    const detail = async (token: string, id = doc.BookingOrderId) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/dashboard/details/${id}`,
          headers: bearer(token),
        })
      ).json();
    const readonly = await t.tokenFor('demo.readonly');
    expect(await search(customer)).toEqual([
      expect.objectContaining({ BookingOrderId: doc.BookingOrderId, CanEdit: true }),
    ]);
    expect(await search(readonly)).toEqual([
      expect.objectContaining({ BookingOrderId: doc.BookingOrderId, CanEdit: false }),
    ]);
    expect(await detail(customer)).toMatchObject({ CanEdit: true });
    expect(await detail(readonly)).toMatchObject({ CanEdit: false });
    const pool = await t.handle.db
      .selectFrom('booking_orders')
      .select('booking_order_id')
      .where('booking_order_type_code', '=', 'PB')
      .where('customer_id', '=', 1)
      .executeTakeFirstOrThrow();
    // A pool order is not editable in this issue (Load Booking only).
    expect(await detail(customer, pool.booking_order_id)).toMatchObject({ CanEdit: false });
  });

  it('opens a seeded reposition in edit mode and saves a change to it', async () => {
    const seeded = await t.handle.db
      .selectFrom('booking_orders as o')
      .select('o.booking_order_id')
      .where('o.booking_order_type_code', '=', 'RP')
      .where('o.customer_id', '=', 1)
      .where('o.status_code', 'in', ['OP', 'PN'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.booking_id')
            .whereRef('b.booking_order_id', '=', 'o.booking_order_id')
            .where('b.status_code', '=', 'OP'),
        ),
      )
      .orderBy('o.booking_order_id')
      .executeTakeFirstOrThrow();
    const { doc, data } = await open(seeded.booking_order_id);
    expect(doc.CanEdit).toBe(true);
    expect(data.Header).toMatchObject({
      InventoryOrgCode: expect.any(String),
      FromLocationId: expect.any(Number),
    });
    const res = await send(doc, { ...data, Contact: { ...data.Contact, ContactName: 'Edited Contact' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a bad update body with a 400 that says what to send, and changes nothing', async () => {
    await setRepositionAvailable(t, customer, s, 20);
    const { doc, data } = await bookAndOpen([2]);
    const other = await bookAndOpen([1]);
    const first = data.Orders[0] as Record<string, unknown>;
    const cases: Array<[string, object, number, string]> = [
      ['no BookingOrderId', { ...data, Version: doc.Version }, 400, 'VALIDATION'],
      [
        'a Version that is not a number',
        { ...data, BookingOrderId: doc.BookingOrderId, Version: '1' },
        400,
        'VALIDATION',
      ],
      [
        'another order’s booking',
        {
          ...data,
          Orders: [{ ...first, RepositionBookingId: other.doc.Bookings[0]?.BookingId }],
          BookingOrderId: doc.BookingOrderId,
          Version: doc.Version,
        },
        400,
        'UNKNOWN_BOOKING',
      ],
      [
        'an open booking left out',
        { ...data, Orders: [destination(s, 3, 1)], BookingOrderId: doc.BookingOrderId, Version: doc.Version },
        400,
        'MISSING_BOOKING',
      ],
      [
        'a field no form has',
        { ...data, Discount: 5, BookingOrderId: doc.BookingOrderId, Version: doc.Version },
        400,
        'VALIDATION',
      ],
      ['an unknown order', { ...data, BookingOrderId: 99_999_999, Version: 1 }, 404, 'NOT_FOUND'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await updateReposition(t, customer, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().message, what).not.toMatch(/undefined|Internal/);
    }
    const pool = await t.handle.db
      .selectFrom('booking_orders')
      .select('booking_order_id')
      .where('booking_order_type_code', '=', 'PB')
      .where('customer_id', '=', 1)
      .executeTakeFirstOrThrow();
    const wrongType = await updateReposition(t, customer, {
      ...data,
      BookingOrderId: pool.booking_order_id,
      Version: 1,
    });
    expect(wrongType.statusCode).toBe(409);
    expect(wrongType.json().code).toBe('WRONG_ORDER_TYPE');
    expect((await open(doc.BookingOrderId)).doc).toMatchObject({
      Version: 1,
      Bookings: [{ UnitsRequestedCount: 2 }],
    });
  });
});
