/**
 * The order events' NOTIFY payload as PostgreSQL instances read it (pg-order-events.ts): anyone with
 * database access can NOTIFY, so a payload is checked; a gate batch's returns are announced as an
 * inventory change of no order (BookingOrderId 0) and must reach the availability screens there too.
 */
import { describe, expect, it } from 'vitest';
import { parseOrderEvent } from '../../src/server/events/pg-order-events';

describe('order event payloads', () => {
  it("reads an order's change and an inventory change of no order (a gate's returns)", () => {
    expect(parseOrderEvent('{"BookingOrderId":42,"Change":"edited"}')).toEqual({
      BookingOrderId: 42,
      Change: 'edited',
    });
    expect(parseOrderEvent('{"BookingOrderId":0,"Change":"inventory"}')).toEqual({
      BookingOrderId: 0,
      Change: 'inventory',
    });
  });

  it('refuses an order change without an order, an unknown change and what is not JSON', () => {
    expect(parseOrderEvent('{"BookingOrderId":0,"Change":"edited"}')).toBeNull();
    expect(parseOrderEvent('{"BookingOrderId":-1,"Change":"inventory"}')).toBeNull();
    expect(parseOrderEvent('{"BookingOrderId":7,"Change":"deleted"}')).toBeNull();
    expect(parseOrderEvent('{"BookingOrderId":"7","Change":"edited"}')).toBeNull();
    expect(parseOrderEvent('not json')).toBeNull();
    expect(parseOrderEvent(undefined)).toBeNull();
  });
});
