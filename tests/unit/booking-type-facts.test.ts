/**
 * The shared facts of each booking order type (src/domain/booking-type-facts.ts): the lists derived
 * from them say what the hand-typed lists said, and they agree with the flow files that book them.
 */
import { describe, expect, it } from 'vitest';
import { BOOKING_TYPE_FACTS, factsOf } from '../../src/domain/booking-type-facts';
import { bookingOrderTypes, dashboardOrderTypes, LOOKUP_DATASET_ACCESS } from '../../src/domain/lookups';
import { AreaAccess, BOOKING_AREAS } from '../../src/domain/permissions';
import { REDELIVERY_ORDER_TYPES } from '../../src/domain/redelivery';
import {
  BOOKING_ORDER_TYPE_CODES,
  BookingOrderType,
  DASHBOARD_HIDDEN_ORDER_TYPES,
  DASHBOARD_ORDER_TYPES,
} from '../../src/domain/status-codes';
import { PRODUCT_BOOKING_TYPES } from '../../src/server/bookings/product-types';
import { REUSE_ORDER_TYPES } from '../../src/server/domain/chassis-holds';
import { CONTRACT_PICK_UP_TYPES, PICK_UP_ORDER_TYPES } from '../../src/server/domain/gate-moves';
import { CONTRACT_ORDER_TYPES } from '../../src/server/domain/pending-validation';
import { loadServerFlows } from '../../src/server/flows';

describe('the booking-type facts', () => {
  it('give the codes and names of SPEC §3 in the filters’ order', () => {
    expect(BOOKING_ORDER_TYPE_CODES).toEqual(['PB', 'RU', 'TL', 'RP', 'DL', 'TR', 'PR', 'IR', 'MI', 'RD']);
    expect(BookingOrderType).toMatchObject({
      PB: 'Pool Booking',
      TR: 'Term Lease Redelivery',
      RD: 'Redelivery',
    });
    expect(DASHBOARD_HIDDEN_ORDER_TYPES).toEqual(['IR', 'MI', 'RD']);
    expect(DASHBOARD_ORDER_TYPES).toEqual(['PB', 'RU', 'TL', 'RP', 'DL', 'TR', 'PR']);
  });

  it('derive every per-type list', () => {
    expect(REDELIVERY_ORDER_TYPES).toEqual(['TR', 'PR']);
    expect(CONTRACT_ORDER_TYPES).toEqual(['TL', 'TR']);
    expect(PICK_UP_ORDER_TYPES).toEqual(['PB', 'TL', 'DL']);
    expect(CONTRACT_PICK_UP_TYPES).toEqual(['TL']);
    expect(REUSE_ORDER_TYPES).toEqual(['RU']);
    expect(BOOKING_AREAS).toEqual([
      'poolBooking',
      'reuseBooking',
      'termLeaseBooking',
      'repositionBooking',
      'dailyLeaseBooking',
    ]);
    expect(LOOKUP_DATASET_ACCESS.filteredMarket).toEqual([
      ...AreaAccess.termLeaseBooking,
      ...AreaAccess.termLeaseRedelivery,
    ]);
    const rows = ['PB', 'RU', 'IR', 'MI', 'RD', 'YX'].map((c) => ({ BookingOrderTypeCode: c }));
    // A type the facts do not know (a fixture's) stays listed, as it did before.
    expect(bookingOrderTypes(rows).map((r) => r.BookingOrderTypeCode)).toEqual([
      'PB',
      'RU',
      'IR',
      'MI',
      'YX',
    ]);
    expect(dashboardOrderTypes(rows).map((r) => r.BookingOrderTypeCode)).toEqual(['PB', 'RU', 'YX']);
  });

  it('are what the server registry’s entries are built on', () => {
    for (const type of PRODUCT_BOOKING_TYPES) {
      // What the server adds to the facts: bookers, updaters, who may cancel and edit, a per-chassis
      // check, its own routes.
      const {
        booker: _b,
        updater: _u,
        cancel: _c,
        editable: _e,
        chassisCheck: _k,
        routes: _r,
        ...facts
      } = type;
      expect(facts).toEqual(factsOf(type.orderType));
    }
  });

  it('agree with the flow files: each flow’s type lists it, and asks for good standing as the type does', () => {
    const { catalog } = loadServerFlows();
    for (const flow of catalog.flows) {
      const facts = factsOf(flow.orderType);
      expect(facts?.flows, `${flow.id} books ${flow.orderType}`).toContain(flow.id);
      expect(flow.requiresGoodStanding ?? false, flow.id).toBe(facts?.requiresGoodStanding);
    }
    const flowIds = catalog.flows.map((f) => f.id);
    for (const f of BOOKING_TYPE_FACTS) for (const id of f.flows) expect(flowIds, f.orderType).toContain(id);
  });
});
