/**
 * Term lease booking, edit and cancel (SPEC §4 Term lease booking, §7, §9; issue 16): the form's
 * contract action brings the order's bookings per line; an update cancels, un-cancels, swaps and
 * adds bookings in one transaction; SPEC §4's fee transitions each by name; a stale Version is a
 * 409; cancel order (with the "term close of fulfilled booking" flag on and off), then the order
 * reopened for OP,CN,CL,FF,PN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { submit } from './bookings-helpers';
import {
  addTermChassis,
  OVER_AVAILABLE,
  setLineRoom,
  submitTerm,
  type TermStage,
  TL_UPDATE_URL,
  termBody,
  termStage,
} from './term-lease-helpers';

interface FormItem {
  BookingId?: number;
  LocationId: number;
  UnitsRequestedCount: number;
  OriginalLocationId?: number;
  CancelBooking?: boolean;
  IsSwapBooking?: boolean;
  BookingStatusCode?: string;
}
interface FormLine {
  EquipmentLineID: number;
  BookedItems: FormItem[];
}
interface Form {
  LineItems: FormLine[];
  BookingFees: Array<{ longTermOrderFeeId: number; feeLocation: number; cancelled: boolean }>;
}

describe.each(databaseKinds)('term lease booking, edit and cancel, on %s', (kind) => {
  for (const closeFulfilled of [true, false]) {
    describe(`with term close of fulfilled booking ${closeFulfilled ? 'on' : 'off'}`, () => {
      let t: TestApp;
      let customer: string;
      let s: TermStage;
      beforeAll(async () => {
        t = await startTestApp(kind, { FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING: String(closeFulfilled) });
        s = await termStage(t);
        customer = s.token;
        await setLineRoom(t, customer, s, 200);
        for (const l of s.locations.slice(0, 4)) await addTermChassis(t, s, l, 10);
      });
      afterAll(() => t.close());

      const loc = (i: number) => s.locations[i] as number;

      async function book(): Promise<{ id: number; version: number }> {
        const res = await submitTerm(
          t,
          customer,
          termBody(
            s.contractId,
            [
              {
                EquipmentLineID: s.line.EquipmentLineID,
                items: [
                  { LocationId: loc(0), UnitsRequestedCount: 2 },
                  { LocationId: loc(1), UnitsRequestedCount: 1 },
                ],
              },
            ],
            [OVER_AVAILABLE],
          ),
        );
        expect(res.statusCode, res.body).toBe(200);
        return { id: res.json().BookingOrderId, version: res.json().Version };
      }

      async function form(orderId: number): Promise<Form> {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/longtermbooking/getContractInfo',
          headers: bearer(customer),
          payload: { ContractId: s.contractId, BookingOrderId: orderId },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      }

      const lineOf = (f: Form) =>
        f.LineItems.find((l) => l.EquipmentLineID === s.line.EquipmentLineID) as FormLine;

      function update(orderId: number, version: number, f: Form, items: FormItem[], extra: object = {}) {
        return submit(t, TL_UPDATE_URL, customer, {
          ...termBody(s.contractId, [{ EquipmentLineID: s.line.EquipmentLineID, items }], [OVER_AVAILABLE]),
          Contract: { ContractId: s.contractId, BookingFees: f.BookingFees, ...extra },
          BookingOrderId: orderId,
          Version: version,
        });
      }

      const feesAt = async (orderId: number, location: number) =>
        t.handle.db
          .selectFrom('booking_order_fees')
          .select(['fee_id', 'cancelled'])
          .where('booking_order_id', '=', orderId)
          .where('location_id', '=', location)
          .execute();

      it('the flag is configuration, served in the public configuration', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/public/config?dt=1' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().FeatureFlags.TermCloseOfFulfilledBooking).toBe(closeFulfilled);
      });

      it('the form action brings the order’s bookings on the line and its saved fees', async () => {
        const { id } = await book();
        const f = await form(id);
        const items = lineOf(f).BookedItems;
        expect(items.map((i) => [i.LocationId, i.UnitsRequestedCount, i.BookingStatusCode])).toEqual([
          [loc(0), 2, 'OP'],
          [loc(1), 1, 'OP'],
        ]);
        expect(items.every((i) => i.OriginalLocationId === i.LocationId && i.BookingId)).toBe(true);
        expect(f.BookingFees.length).toBeGreaterThan(0);
        const doc = await t.app.inject({
          method: 'GET',
          url: `/api/bookingorder/${id}/document`,
          headers: bearer(customer),
        });
        expect(doc.json()).toMatchObject({ CanEdit: true, Details: { ContractId: s.contractId } });
      });

      it('fee transition "fees per booked location": a location booked in an edit gets its fees', async () => {
        const { id, version } = await book();
        const f = await form(id);
        const res = await update(id, version, f, [
          ...lineOf(f).BookedItems,
          { LocationId: loc(2), UnitsRequestedCount: 1 },
        ]);
        expect(res.statusCode, res.body).toBe(200);
        expect((await feesAt(id, loc(2))).length).toBeGreaterThan(0);
        expect((await feesAt(id, loc(2))).every((x) => !x.cancelled)).toBe(true);
      });

      it('fee transition "cancelling the last active existing booking at a location marks its saved fees cancelled", and "un-cancelling reverses it"', async () => {
        const { id, version } = await book();
        const f = await form(id);
        const [a, b] = lineOf(f).BookedItems as [FormItem, FormItem];
        const cancelled = await update(id, version, f, [a, { ...b, CancelBooking: true }]);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect((await feesAt(id, loc(1))).every((x) => x.cancelled)).toBe(true);
        expect((await feesAt(id, loc(0))).every((x) => !x.cancelled)).toBe(true);
        const status = await t.handle.db
          .selectFrom('bookings')
          .select('status_code')
          .where('booking_id', '=', b.BookingId as number)
          .executeTakeFirstOrThrow();
        expect(status.status_code).toBe('CN');

        const f2 = await form(id);
        const [a2, b2] = lineOf(f2).BookedItems as [FormItem, FormItem];
        expect(b2.CancelBooking).toBe(true);
        const restored = await update(id, cancelled.json().Version, f2, [
          a2,
          { ...b2, CancelBooking: false },
        ]);
        expect(restored.statusCode, restored.body).toBe(200);
        expect((await feesAt(id, loc(1))).every((x) => !x.cancelled)).toBe(true);
      });

      it('fee transition "removing a booked item drops new fees for locations no longer booked": a swap moves the units and the fees with them', async () => {
        const { id, version } = await book();
        const f = await form(id);
        const [a, b] = lineOf(f).BookedItems as [FormItem, FormItem];
        const wrongCount = await update(id, version, f, [
          a,
          { ...b, IsSwapBooking: true, LocationId: loc(3), UnitsRequestedCount: 5 },
        ]);
        expect(wrongCount.statusCode).toBe(400);
        expect(wrongCount.json().error).toMatch(/A swap moves the same number of units/);
        const res = await update(id, version, f, [a, { ...b, IsSwapBooking: true, LocationId: loc(3) }]);
        expect(res.statusCode, res.body).toBe(200);
        const rows = await t.handle.db
          .selectFrom('bookings')
          .select(['location_id', 'status_code', 'units_requested_count'])
          .where('booking_order_id', '=', id)
          .orderBy('booking_id')
          .execute();
        expect(rows).toEqual([
          { location_id: loc(0), status_code: 'OP', units_requested_count: 2 },
          { location_id: loc(1), status_code: 'CN', units_requested_count: 1 },
          { location_id: loc(3), status_code: 'OP', units_requested_count: 1 },
        ]);
        expect((await feesAt(id, loc(1))).every((x) => x.cancelled)).toBe(true);
        expect((await feesAt(id, loc(3))).length).toBeGreaterThan(0);
      });

      it('refuses what an edit may not do, and changes nothing', async () => {
        const { id, version } = await book();
        const f = await form(id);
        const [a, b] = lineOf(f).BookedItems as [FormItem, FormItem];
        const removed = await update(id, version, f, [a]);
        expect(removed.statusCode).toBe(400);
        expect(removed.json().error).toMatch(
          /cannot be removed from a booked order: tick Cancel booking instead/,
        );
        const stranger = await update(id, version, f, [a, { ...b, BookingId: 1 }]);
        expect(stranger.statusCode).toBe(400);
        expect(stranger.json().error).toMatch(/Booking 1 is not a booking of this order/);
        const fee = await update(
          id,
          version,
          { ...f, BookingFees: [{ longTermOrderFeeId: 1, feeLocation: loc(0), cancelled: false }] },
          [a, b],
          {
            BookingFees: [{ feeId: 1, longTermOrderFeeId: 1 }],
          },
        );
        expect(fee.statusCode).toBe(400);
        expect(fee.json().error).toMatch(/Fee 1 is not a fee of this order/);
        const moved = await update(id, version, f, [a, { ...b, LocationId: loc(3) }]);
        expect(moved.statusCode).toBe(400);
        expect(moved.json().error).toMatch(/tick Swap/);
        const nothing = await update(id, version, f, [a, b]);
        expect(nothing.statusCode).toBe(400);
        expect(nothing.json().error).toMatch(/Nothing has changed/);
        const doc = await t.app.inject({
          method: 'GET',
          url: `/api/bookingorder/${id}/document`,
          headers: bearer(customer),
        });
        expect(doc.json().Version).toBe(version);
      });

      it('two edits of the same order at once: one wins, the other gets a 409 that says so', async () => {
        const { id, version } = await book();
        const f = await form(id);
        const [a, b] = lineOf(f).BookedItems as [FormItem, FormItem];
        const [one, two] = await Promise.all([
          update(id, version, f, [{ ...a, UnitsRequestedCount: 3 }, b]),
          update(id, version, f, [a, { ...b, UnitsRequestedCount: 2 }]),
        ]);
        expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
        const lost = one.statusCode === 409 ? one : two;
        expect(lost.json()).toMatchObject({ code: 'ORDER_CHANGED' });
        expect(lost.json().error).toMatch(/was changed by .* after you opened it/);
      });

      it(`cancel order, then reopen for OP,CN,CL,FF,PN: fees cancelled; a fulfilled booking is ${closeFulfilled ? 'closed' : 'a 409'}`, async () => {
        const { id } = await book();
        const first = await t.handle.db
          .selectFrom('bookings')
          .select('booking_id')
          .where('booking_order_id', '=', id)
          .orderBy('booking_id')
          .executeTakeFirstOrThrow();
        await t.handle.db
          .updateTable('bookings')
          .set({ status_code: 'FF', units_fulfilled_count: 2 })
          .where('booking_id', '=', first.booking_id)
          .execute();
        const cancel = (body: object) =>
          t.app.inject({
            method: 'POST',
            url: '/api/longtermbooking/cancelLongTermOrder',
            headers: bearer(customer),
            payload: body,
          });
        expect((await cancel({ BookingOrderId: id, AdditionalEmails: 'not-an-email' })).statusCode).toBe(400);
        const res = await cancel({ BookingOrderId: id });
        if (!closeFulfilled) {
          expect(res.statusCode).toBe(409);
          expect(res.json().error).toMatch(/fulfilled bookings cannot be closed from here/);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        const reopened = await t.app.inject({
          method: 'GET',
          url: `/api/longtermbooking/open/${id}/OP,CN,CL,FF,PN`,
          headers: bearer(customer),
        });
        expect(reopened.statusCode, reopened.body).toBe(200);
        const order = reopened.json();
        expect(order).toMatchObject({ BookingOrderId: id, StatusCode: 'CL', ContractId: s.contractId });
        expect(
          order.Bookings.map((b: { LocationId: number; BookingStatusCode: string }) => [
            b.LocationId,
            b.BookingStatusCode,
          ]),
        ).toEqual([
          [loc(0), 'CL'],
          [loc(1), 'CN'],
        ]);
        const fees = order.Fees as Array<{ feeLocation: number; cancelled: boolean; LockedForEdit: boolean }>;
        expect(fees.filter((x) => x.feeLocation === loc(1)).every((x) => x.cancelled)).toBe(true);
        expect(
          fees.filter((x) => x.feeLocation === loc(0)).every((x) => x.LockedForEdit && !x.cancelled),
        ).toBe(true);
        expect((await cancel({ BookingOrderId: id })).statusCode).toBe(409);
        const open = await t.app.inject({
          method: 'GET',
          url: `/api/longtermbooking/open/${id}/CN`,
          headers: bearer(customer),
        });
        expect(open.json().Bookings).toHaveLength(1);
        const other = await t.tokenFor('demo.ssl');
        expect(
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/longtermbooking/open/${id}/OP`,
              headers: bearer(other),
            })
          ).statusCode,
        ).toBe(404);
      });
    });
  }
});
