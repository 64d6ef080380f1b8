/**
 * Two staff deciding one request at once: exactly one decision wins, the other gets a 409 naming
 * who decided and how. PostgreSQL runs the calls truly in parallel (the order and request row
 * locks do the work); PGlite runs them one after another. The requests are a customer of its own's,
 * at locations of its own with a known stock (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { availableAt, bookingCodePattern, type Equipment } from './bookings-helpers';
import { orderState, post, queueOverThreshold } from './pending-helpers';

const LAX_45: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.45', EquipmentClass: 'STD' };

describe.each(databaseKinds)('concurrent decisions on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let customerId: number;
  let staff: string;
  /** A request of the customer's for `units`, queued at a location of its own with `stock` units. */
  const queue = async (units: number, stock: number) =>
    queueOverThreshold(t, customer, LAX_45, units, await stockedLocation(t, LAX_45, stock), customerId);

  beforeAll(async () => {
    t = await startTestApp(kind);
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  it('accepts a request once when four accepts arrive together', async () => {
    const q = await queue(2, 5);
    expect(await availableAt(t, customer, 'pool', LAX_45, q.locationId)).toBe(5);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409))
      expect(lost.json().error).toMatch(
        /already accepted by Dana Staff on .* UTC\. It cannot be decided again\./,
      );
    const state = await orderState(t, q.orderId);
    expect(state.order.status_code).toBe('OP');
    expect(state.bookings.every((b) => bookingCodePattern('PB').test(b.booking_code ?? ''))).toBe(true);
    // Taken once, not four times.
    expect(await availableAt(t, customer, 'pool', LAX_45, q.locationId)).toBe(3);
  });

  it('lets one of an accept and a reject racing each other win, and tells the other how it went', async () => {
    const q = await queue(1, 5);
    const [accept, reject] = await Promise.all([
      post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] }),
      post(t, '/execute/reject', staff, { PendingRequestIds: [q.requestId], Reason: 'Duplicate request' }),
    ]);
    expect([accept.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const state = await orderState(t, q.orderId);
    if (accept.statusCode === 200) {
      expect(state.order.status_code).toBe('OP');
      expect(reject.json().error).toMatch(/already accepted by Dana Staff/);
    } else {
      expect(state.order.status_code).toBe('CN');
      expect(accept.json().error).toMatch(/already rejected by Dana Staff/);
    }
  });

  it('never books more than exists when two requests for the last units are accepted together', async () => {
    const place = await stockedLocation(t, LAX_45, 2);
    const first = await queueOverThreshold(t, customer, LAX_45, 2, place, customerId);
    const second = await queueOverThreshold(t, customer, LAX_45, 2, place, customerId);
    // Exactly two units stand there: only one of the two requests can have them.
    expect(await availableAt(t, customer, 'pool', LAX_45, first.locationId)).toBe(2);
    const answers = await Promise.all(
      [first, second].map((q) => post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409);
    expect(lost?.json().code).toBe('UNITS_GONE');
    expect(await availableAt(t, customer, 'pool', LAX_45, first.locationId)).toBe(0);
  });
});
