/**
 * The line-items widget's own arithmetic (src/domain/term-lease.ts): SPEC §4's sums, free
 * locations, and the four fee transitions by name, as the form shows them before submit.
 */
import { describe, expect, it } from 'vitest';
import {
  availableLocations,
  feesFor,
  feesTotal,
  recalcLine,
  type ScheduleFee,
  type TermFee,
  type TermLineItem,
} from '../../src/domain/term-lease';

const schedule: ScheduleFee[] = [
  { FeeId: 11, FeeAmount: '75.00', LocationId: null, BookingOrderTypeCode: 'TL' },
  { FeeId: 12, FeeAmount: 40.5, LocationId: 2, BookingOrderTypeCode: 'TL' },
  { FeeId: 13, FeeAmount: 15, LocationId: 3, BookingOrderTypeCode: null },
  { FeeId: 14, FeeAmount: 99, LocationId: null, BookingOrderTypeCode: 'PB' },
];
const saved: TermFee[] = [
  { longTermOrderFeeId: 501, feeId: 11, feeAmount: 75, feeLocation: 1, cancelled: false },
];
const line = (items: TermLineItem['BookedItems']): TermLineItem => ({
  EquipmentLineID: 7,
  Locations: [1, 2, 3, 4],
  BookedItems: items,
});
const existing = {
  BookingId: 90,
  LocationId: 1,
  OriginalLocationId: 1,
  UnitsRequestedCount: 2,
  OriginalUnitsRequestedCount: 2,
  BookingStatusCode: 'OP',
};

describe('term lease line items', () => {
  it('SelectedQuantity is the sum of the counts not cancelled; free locations leave out the booked ones', () => {
    const l = recalcLine(
      line([
        existing,
        { LocationId: 2, UnitsRequestedCount: 3 },
        { ...existing, BookingId: 91, LocationId: 3, OriginalLocationId: 3, CancelBooking: true },
      ]),
      new Map(),
    );
    expect(l.SelectedQuantity).toBe(5);
    expect(l.AvailableLocations).toEqual([3, 4]);
    expect(availableLocations(line([]))).toEqual([1, 2, 3, 4]);
    expect(
      recalcLine(line([{ LocationId: 2, UnitsRequestedCount: 9 }]), new Map([['7/2', 4]])).OverAvailable,
    ).toBe(true);
  });

  it('fee transition "fees per booked location": a new location brings the schedule’s fees for it', () => {
    const fees = feesFor([line([existing, { LocationId: 2, UnitsRequestedCount: 1 }])], saved, schedule);
    expect(fees.filter((f) => f.feeLocation === 2).map((f) => [f.feeId, f.isNew])).toEqual([
      [11, true],
      [12, true],
    ]);
    expect(feesTotal(fees)).toBe(75 + 75 + 40.5);
  });

  it('fee transition "cancelling the last active existing booking at a location" cancels its saved fees', () => {
    const fees = feesFor([line([{ ...existing, CancelBooking: true }])], saved, schedule);
    expect(fees).toEqual([expect.objectContaining({ longTermOrderFeeId: 501, cancelled: true })]);
    expect(feesTotal(fees)).toBe(0);
  });

  it('fee transition "un-cancelling reverses this"', () => {
    const wasCancelled = [{ ...saved[0], cancelled: true }] as TermFee[];
    const fees = feesFor(
      [line([{ ...existing, BookingStatusCode: 'CN', CancelBooking: false }])],
      wasCancelled,
      schedule,
    );
    expect(fees).toEqual([expect.objectContaining({ longTermOrderFeeId: 501, cancelled: false })]);
  });

  it('fee transition "removing a booked item drops new fees for locations no longer booked"', () => {
    const withNew = feesFor([line([existing, { LocationId: 3, UnitsRequestedCount: 1 }])], saved, schedule);
    expect(withNew.some((f) => f.feeLocation === 3)).toBe(true);
    const removed = feesFor([line([existing])], saved, schedule);
    expect(removed.some((f) => f.feeLocation === 3)).toBe(false);
    expect(removed).toHaveLength(1);
  });

  it('fees locked for edit never change', () => {
    const locked = [{ ...saved[0], LockedForEdit: true }] as TermFee[];
    expect(feesFor([line([{ ...existing, CancelBooking: true }])], locked, schedule)[0]?.cancelled).toBe(
      false,
    );
  });
});
