/** SPEC §4 Term lease redelivery: every transition of the group lines and details, by name. */
import { describe, expect, it } from 'vitest';
import {
  acknowledgeDirectFinanceLease,
  applyMarketAndLocation,
  applyMinQuantityOverride,
  applyMinRentalPeriodOverride,
  applyPurchaseOptionOverride,
  cancelLine,
  deleteDetail,
  evaluateLine,
  flagSwapRedelivery,
  type GroupLineItem,
  type LineItemDetail,
  lineReturnable,
  rejectPurchaseOptionOverride,
  removeLine,
  TERM_REDELIVERY_MESSAGES,
  undoCancelLine,
} from '../../src/domain/term-lease-redelivery';

const detail = (id: string, over: Partial<LineItemDetail> = {}): LineItemDetail => ({
  ChassisId: id,
  ChassisMasterId: Number(id.slice(4)),
  LocationId: null,
  MarketCode: null,
  LocationList: [11, 12],
  MarketList: ['CHI'],
  LongTermRedeliveryCode: null,
  RedeliveryAllowed: false,
  Expanded: false,
  IsDeleted: false,
  HasInvalidLocationApplied: false,
  IsRedelivered: false,
  RedeliveryErrorMessage: null,
  PurchaseOptionOverridePending: false,
  NeedsMinQuantityOverride: false,
  NeedsMinRentalPeriodOverride: false,
  MinQuantityOverrideApplied: false,
  MinRentalPeriodOverrideApplied: false,
  ...over,
});

const line = (details: LineItemDetail[], over: Partial<GroupLineItem> = {}): GroupLineItem =>
  evaluateLine({
    ContractId: 1,
    ContractNumber: 'TL-2025-0001',
    EquipmentLineId: 7,
    EquipmentSize: 'Chassis.40',
    EquipmentClass: 'STD',
    SwapsAllowed: false,
    EffectiveDate: '2025-01-01',
    EffectiveTo: '2027-12-31',
    LineItemDetails: details,
    MarketList: ['CHI'],
    LocationList: [11, 12],
    IsCancelled: false,
    PurchaseOptionOverrideApplied: false,
    IsSwapRedelivery: false,
    ShowDirectFinanceLeaseWarning: false,
    DirectFinanceLeaseWarningChecked: false,
    NeedsPurchaseOptionOverride: false,
    SelectedMarketCode: null,
    SelectedLocationId: null,
    IsBookingValid: false,
    ...over,
  });

describe('term lease redelivery transitions (SPEC §4)', () => {
  it('redelivery allowed only with the needed overrides applied and no purchase option pending', () => {
    const l = line([
      detail('PLCZ000001'),
      detail('PLCZ000002', { NeedsMinQuantityOverride: true }),
      detail('PLCZ000003', { NeedsMinRentalPeriodOverride: true }),
      detail('PLCZ000004', { PurchaseOptionOverridePending: true }),
    ]);
    expect(l.LineItemDetails.map((d) => d.RedeliveryAllowed)).toEqual([true, false, false, false]);
    expect(l.LineItemDetails.map((d) => d.RedeliveryErrorMessage)).toEqual([
      null,
      TERM_REDELIVERY_MESSAGES.minQuantity('PLCZ000002', 'TL-2025-0001'),
      TERM_REDELIVERY_MESSAGES.minRentalPeriod('PLCZ000003', 'TL-2025-0001'),
      TERM_REDELIVERY_MESSAGES.purchaseOptionPending('PLCZ000004', 'TL-2025-0001'),
    ]);
    const overridden = applyMinRentalPeriodOverride(applyMinQuantityOverride(l));
    expect(overridden.LineItemDetails.map((d) => d.RedeliveryAllowed)).toEqual([true, true, true, false]);
    expect(overridden.LineItemDetails[0]?.MinQuantityOverrideApplied).toBe(false);
  });

  it('applying the purchase option override clears the pending flag and re-evaluates allowance', () => {
    const l = line(
      [
        detail('PLCZ000001', { PurchaseOptionOverridePending: true }),
        detail('PLCZ000002', { PurchaseOptionOverridePending: true, NeedsMinQuantityOverride: true }),
      ],
      { NeedsPurchaseOptionOverride: true },
    );
    const applied = applyPurchaseOptionOverride(l);
    expect(applied.PurchaseOptionOverrideApplied).toBe(true);
    expect(applied.LineItemDetails.map((d) => d.PurchaseOptionOverridePending)).toEqual([false, false]);
    expect(applied.LineItemDetails.map((d) => d.RedeliveryAllowed)).toEqual([true, false]);
  });

  it('rejecting the purchase option override marks all details pending and not allowed', () => {
    const l = applyPurchaseOptionOverride(line([detail('PLCZ000001'), detail('PLCZ000002')]));
    const rejected = rejectPurchaseOptionOverride(l);
    expect(rejected.PurchaseOptionOverrideApplied).toBe(false);
    expect(
      rejected.LineItemDetails.every((d) => d.PurchaseOptionOverridePending && !d.RedeliveryAllowed),
    ).toBe(true);
  });

  it('a market and location applied to a line fill details without a location; a list without it flags the detail', () => {
    const l = line([
      detail('PLCZ000001'),
      detail('PLCZ000002', { LocationId: 12, MarketCode: 'CHI' }),
      detail('PLCZ000003', { LocationList: [12] }),
    ]);
    const applied = applyMarketAndLocation(l, 'CHI', 11);
    expect(applied.SelectedLocationId).toBe(11);
    expect(applied.LineItemDetails.map((d) => d.LocationId)).toEqual([11, 12, 11]);
    expect(applied.LineItemDetails.map((d) => d.HasInvalidLocationApplied)).toEqual([false, false, true]);
    expect(applied.LineItemDetails[2]?.RedeliveryErrorMessage).toBe(
      TERM_REDELIVERY_MESSAGES.invalidLocation('PLCZ000003'),
    );
    expect(applied.IsBookingValid).toBe(false);
    expect(deleteDetail(applied, 'PLCZ000003').IsBookingValid).toBe(true);
  });

  it('a group line is cancelled when all its details are deleted; undo brings it back', () => {
    const l = line([detail('PLCZ000001'), detail('PLCZ000002')]);
    const one = deleteDetail(l, 'PLCZ000001');
    expect(one.IsCancelled).toBe(false);
    const both = deleteDetail(one, 'PLCZ000002');
    expect(both.IsCancelled).toBe(true);
    const undone = undoCancelLine(both);
    expect(undone.IsCancelled).toBe(false);
    expect(undone.LineItemDetails.every((d) => !d.IsDeleted)).toBe(true);
  });

  it('lines can be cancelled, removed and flagged as swap redelivery (swap contracts only)', () => {
    const l = line([detail('PLCZ000001')]);
    expect(cancelLine(l).IsCancelled).toBe(true);
    expect(removeLine([l, { ...l, EquipmentLineId: 8 }], 7).map((x) => x.EquipmentLineId)).toEqual([8]);
    expect(() => flagSwapRedelivery(l, true)).toThrow(
      TERM_REDELIVERY_MESSAGES.swapNotAllowed('TL-2025-0001'),
    );
    expect(flagSwapRedelivery({ ...l, SwapsAllowed: true }, true).IsSwapRedelivery).toBe(true);
  });

  it('a direct finance lease line is not valid until its warning is acknowledged', () => {
    const l = applyMarketAndLocation(
      line([detail('PLCZ000001')], { ShowDirectFinanceLeaseWarning: true }),
      'CHI',
      11,
    );
    expect(l.IsBookingValid).toBe(false);
    expect(acknowledgeDirectFinanceLease(l, true).IsBookingValid).toBe(true);
  });

  // Issue 25: the form's Ready badge. The direct finance lease warning is the form's own
  // acknowledgement box, so it is not the line's to wait for; and flags older than the last change
  // do not decide it.
  it('a line is returnable once every chassis left can go back, whatever flags it was sent with', () => {
    const refused = applyMarketAndLocation(
      line([detail('PLCZ000001'), detail('PLCZ000002', { NeedsMinRentalPeriodOverride: true })], {
        ShowDirectFinanceLeaseWarning: true,
      }),
      'CHI',
      11,
    );
    expect(lineReturnable(refused)).toBe(false);
    const fixed = deleteDetail(refused, 'PLCZ000002');
    expect(fixed.IsBookingValid).toBe(false); // the warning is not ticked on the line
    expect(lineReturnable(fixed)).toBe(true);
    const stale = {
      ...fixed,
      LineItemDetails: fixed.LineItemDetails.map((d) => ({ ...d, RedeliveryAllowed: false })),
    };
    expect(lineReturnable(stale)).toBe(true);
    expect(lineReturnable(cancelLine(fixed))).toBe(false);
  });
});
