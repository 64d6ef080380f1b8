/**
 * Term lease booking, create (SPEC §3, §4, §5 Term lease booking; issue 16): one numbered booking
 * per booked location of a contract line, the fees per booked location saved with the order, over
 * availability only once answered (then pending review), the line's quantity (and its additional
 * on-hire allowance) never passed — not even by 10 submits at once — and every bad input a 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import limits from '../../src/rules/limits.json';
import { databaseKinds } from '../helpers/database';
import { makeLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern } from './bookings-helpers';
import {
  addTermChassis,
  contractInfo,
  OVER_AVAILABLE,
  setLineRoom,
  submitTerm,
  type TermStage,
  termBody,
  termStage,
} from './term-lease-helpers';

describe.each(databaseKinds)('term lease booking, create, on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let s: TermStage;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    s = await termStage(t);
    customer = s.token;
  });
  afterAll(() => t.close());

  const [a, b, c] = [0, 1, 2];
  const loc = (i: number) => s.locations[i] as number;

  it('books two locations of a line: numbered bookings on the line, the contract on the order, fees per location', async () => {
    await setLineRoom(t, customer, s, 50);
    await addTermChassis(t, s, loc(a), 5);
    await addTermChassis(t, s, loc(b), 5);
    const res = await submitTerm(
      t,
      customer,
      termBody(s.contractId, [
        {
          EquipmentLineID: s.line.EquipmentLineID,
          items: [
            { LocationId: loc(a), UnitsRequestedCount: 2 },
            { LocationId: loc(b), UnitsRequestedCount: 1 },
          ],
        },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ BookingOrderTypeCode: 'TL', StatusCode: 'OP', PendingReview: false });
    expect(order.Bookings).toHaveLength(2);
    for (const booking of order.Bookings) {
      expect(booking.BookingCode).toMatch(bookingCodePattern('TL'));
      expect(booking).toMatchObject({ EquipmentSize: s.line.EquipmentSize, BookingStatusCode: 'OP' });
    }
    const db = t.handle.db;
    const row = await db
      .selectFrom('booking_orders')
      .select(['contract_id', 'details'])
      .where('booking_order_id', '=', order.BookingOrderId)
      .executeTakeFirstOrThrow();
    expect(row.contract_id).toBe(s.contractId);
    const lines = await db
      .selectFrom('bookings')
      .select(['equipment_line_id', 'location_id', 'units_requested_count'])
      .where('booking_order_id', '=', order.BookingOrderId)
      .orderBy('booking_id')
      .execute();
    expect(lines).toEqual([
      { equipment_line_id: s.line.EquipmentLineID, location_id: loc(a), units_requested_count: 2 },
      { equipment_line_id: s.line.EquipmentLineID, location_id: loc(b), units_requested_count: 1 },
    ]);
    // Fees: the TL fees for everywhere at each booked location, plus each location's own.
    const schedule = await db.selectFrom('fees').selectAll().execute();
    const expected = (l: number) =>
      schedule
        .filter(
          (f) =>
            (f.booking_order_type_code === 'TL' && f.location_id === null) ||
            (f.location_id === l &&
              (f.booking_order_type_code === 'TL' || f.booking_order_type_code === null)),
        )
        .map((f) => f.fee_id)
        .sort((x, y) => x - y);
    const saved = await db
      .selectFrom('booking_order_fees')
      .select(['fee_id', 'location_id', 'cancelled'])
      .where('booking_order_id', '=', order.BookingOrderId)
      .execute();
    for (const l of [loc(a), loc(b)]) {
      expect(
        saved
          .filter((f) => f.location_id === l)
          .map((f) => f.fee_id)
          .sort((x, y) => x - y),
      ).toEqual(expected(l));
    }
    expect(saved.every((f) => !f.cancelled)).toBe(true);
    expect(expected(loc(a)).length).toBeGreaterThan(0);
    // The line, the stage's own and booked for the first time, now has those 3 units booked.
    const info = await contractInfo(t, customer, s.contractId);
    const line = info.Lines.find((l) => l.EquipmentLineID === s.line.EquipmentLineID);
    expect(line?.BookedQuantity).toBe(3);
  });

  it('over availability: asks first, then books for Customer Support’s review', async () => {
    await setLineRoom(t, customer, s, 450);
    const body = termBody(s.contractId, [
      { EquipmentLineID: s.line.EquipmentLineID, items: [{ LocationId: loc(c), UnitsRequestedCount: 400 }] },
    ]);
    const asked = await submitTerm(t, customer, body);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().unanswered.map((u: { ruleId: string }) => u.ruleId)).toEqual([OVER_AVAILABLE]);
    const res = await submitTerm(t, customer, { ...body, Acknowledged: [OVER_AVAILABLE] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ StatusCode: 'PN', PendingReview: true });
    expect(res.json().Bookings[0].BookingCode).toBeNull();
  });

  it('refuses more than the line allows, with the rule’s message; additional on-hire allows the limit’s percent more', async () => {
    const { booked, quantity } = await setLineRoom(t, customer, s, 2);
    const body = (units: number) =>
      termBody(
        s.contractId,
        [
          {
            EquipmentLineID: s.line.EquipmentLineID,
            items: [{ LocationId: loc(a), UnitsRequestedCount: units }],
          },
        ],
        [OVER_AVAILABLE],
      );
    const res = await submitTerm(t, customer, body(3));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'term-lease.over-quantity',
      error: `Contract line ${s.line.EquipmentLineID} (${s.line.EquipmentSize}) allows ${quantity} units and ${booked} are booked on other orders: book at most 2 here.`,
    });
    // The server runs the rule on its own figures: a body that claims a larger, empty line gets
    // the same refusal.
    const forged = body(3);
    Object.assign(forged.LineItems[0] as object, {
      Quantity: 10_000,
      BookedQuantity: 0,
      OrigSelectedQuantity: 3,
    });
    const refused = await submitTerm(t, customer, forged);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toBe(res.json().error);
    // With additional on-hire: quantity × (100 + percent) / 100, rounded down.
    await setLineRoom(t, customer, s, 2, true);
    const allowance = Math.floor((quantity * (100 + limits.termLeaseAdditionalOnHirePercent)) / 100);
    const room = allowance - booked;
    expect(room).toBeGreaterThan(2);
    expect((await submitTerm(t, customer, body(room + 1))).statusCode).toBe(400);
    const ok = await submitTerm(t, customer, body(room));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('10 concurrent submits against a line with 3 units left book exactly 3', async () => {
    const { booked } = await setLineRoom(t, customer, s, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submitTerm(
          t,
          i % 2 ? staff : customer,
          termBody(
            s.contractId,
            [
              {
                EquipmentLineID: s.line.EquipmentLineID,
                items: [{ LocationId: loc(i % 3), UnitsRequestedCount: 1 }],
              },
            ],
            [OVER_AVAILABLE],
          ),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json().code).toBe('term-lease.over-quantity');
    const info = await contractInfo(t, customer, s.contractId);
    expect(info.Lines.find((l) => l.EquipmentLineID === s.line.EquipmentLineID)?.BookedQuantity).toBe(
      booked + 3,
    );
  });

  it('answers a replayed Idempotency-Key with the order it booked', async () => {
    await setLineRoom(t, customer, s, 10);
    const body = termBody(
      s.contractId,
      [{ EquipmentLineID: s.line.EquipmentLineID, items: [{ LocationId: loc(a), UnitsRequestedCount: 1 }] }],
      [OVER_AVAILABLE],
    );
    const first = await submitTerm(t, customer, body, 'tl-replay-key-0001');
    const again = await submitTerm(t, customer, body, 'tl-replay-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().BookingOrderId).toBe(first.json().BookingOrderId);
  });

  it('every bad input is a 4xx that says what to fix', async () => {
    await setLineRoom(t, customer, s, 20);
    const line = s.line.EquipmentLineID;
    const one = (items: object[], contractId = s.contractId, lineId = line, extra = {}) =>
      submitTerm(
        t,
        customer,
        termBody(contractId, [{ EquipmentLineID: lineId, items: items as never }], [OVER_AVAILABLE], extra),
      );
    // A location of the test's own, so on no contract line.
    const notOnLine = { location_id: (await makeLocation(t)).LocationId };
    const cases: Array<
      [string, Promise<{ statusCode: number; json(): { error: string; code: string } }>, number, RegExp]
    > = [
      [
        'location not on the line',
        one([{ LocationId: notOnLine.location_id, UnitsRequestedCount: 1 }]),
        400,
        /is not a location of contract line/,
      ],
      ['zero count', one([{ LocationId: loc(a), UnitsRequestedCount: 0 }]), 400, /1 or more/],
      ['negative count', one([{ LocationId: loc(a), UnitsRequestedCount: -2 }]), 400, /1 or more/],
      [
        'repeated location',
        one([
          { LocationId: loc(a), UnitsRequestedCount: 1 },
          { LocationId: loc(a), UnitsRequestedCount: 1 },
        ]),
        400,
        /booked more than once/,
      ],
      ['nothing booked', one([]), 400, /Book at least one location/],
      [
        'another customer’s contract',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1 }], s.foreignContract),
        404,
        /no term lease contract/,
      ],
      [
        'a line of another customer’s contract',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1 }], s.contractId, s.foreignLine),
        404,
        /no contract line/,
      ],
      [
        'an expired contract',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1 }], s.expired),
        400,
        /expired on \d{4}-\d{2}-\d{2}: nothing can be booked/,
      ],
      [
        // As the form sends it after its contract action: the API refuses it by the same rule.
        'a contract the form was told cannot be booked (term-lease.contract-bookable)',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1 }], s.contractId, line, {
          Bookable: false,
          NotBookableReason: 'Contract C-1 expired on 2026-01-31: nothing can be booked against it.',
        }),
        400,
        /^Contract C-1 expired on 2026-01-31: nothing can be booked against it\.$/,
      ],
      [
        'a fee id that is not the order’s',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1 }], s.contractId, line, {
          BookingFees: [{ feeId: 1, longTermOrderFeeId: 1 }],
        }),
        400,
        /Fee 1 is not a fee of this order/,
      ],
      [
        'an existing booking in a new order',
        one([{ LocationId: loc(a), UnitsRequestedCount: 1, BookingId: 1 }]),
        400,
        /open the order with Edit/,
      ],
      [
        'a count over the per-location limit',
        one([{ LocationId: loc(a), UnitsRequestedCount: limits.maxUnitsPerLocation + 1 }]),
        400,
        /at most \d+ units at one location/,
      ],
    ];
    for (const [what, pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode, what).toBe(status);
      expect(res.json().error, what).toMatch(message);
    }
    // Nothing half-written: no order holds a booking at the location that is not on the line.
    const stray = await t.handle.db
      .selectFrom('bookings')
      .select('booking_id')
      .where('location_id', '=', notOnLine.location_id)
      .where('equipment_line_id', '=', line)
      .execute();
    expect(stray).toEqual([]);
  });
});
