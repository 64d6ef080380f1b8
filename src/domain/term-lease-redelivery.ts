/**
 * Term lease redelivery (SPEC §3 redelivery model, §4 transitions; issue 17): the chassis a
 * customer returns under its term lease contracts, grouped into one group line item per contract
 * line, with one line item detail per chassis. Every transition of SPEC §4 is a pure function
 * here, named for it, returning a new line (the client's store and the server's check both run
 * them; the server re-evaluates what a client sends before it writes).
 */
import { sizeName } from './redelivery';

export interface LineItemDetail {
  ChassisId: string;
  ChassisMasterId: number;
  LocationId: number | null;
  MarketCode: string | null;
  LocationList: number[];
  MarketList: string[];
  LongTermRedeliveryCode: string | null;
  RedeliveryAllowed: boolean;
  Expanded: boolean;
  IsDeleted: boolean;
  HasInvalidLocationApplied: boolean;
  IsRedelivered: boolean;
  RedeliveryErrorMessage: string | null;
  PurchaseOptionOverridePending: boolean;
  NeedsMinQuantityOverride: boolean;
  NeedsMinRentalPeriodOverride: boolean;
  MinQuantityOverrideApplied: boolean;
  MinRentalPeriodOverrideApplied: boolean;
}

export interface GroupLineItem {
  ContractId: number;
  ContractNumber: string;
  EquipmentLineId: number;
  EquipmentSize: string;
  EquipmentClass: string;
  SwapsAllowed: boolean;
  EffectiveDate: string;
  EffectiveTo: string;
  LineItemDetails: LineItemDetail[];
  MarketList: string[];
  LocationList: number[];
  IsCancelled: boolean;
  PurchaseOptionOverrideApplied: boolean;
  IsSwapRedelivery: boolean;
  ShowDirectFinanceLeaseWarning: boolean;
  DirectFinanceLeaseWarningChecked: boolean;
  NeedsPurchaseOptionOverride: boolean;
  SelectedMarketCode: string | null;
  SelectedLocationId: number | null;
  IsBookingValid: boolean;
}

/** RedeliveryErrorMessage texts: what stops one chassis, and what the customer can do about it. */
export const TERM_REDELIVERY_MESSAGES = {
  purchaseOptionPending: (id: string, contract: string) =>
    `${id}: contract ${contract} has a purchase option: apply the purchase option override to return it, or keep it.`,
  minQuantity: (id: string, contract: string) =>
    `${id}: returning it takes contract ${contract} below its minimum quantity: apply the minimum quantity override (fees may apply), or return fewer.`,
  minRentalPeriod: (id: string, contract: string) =>
    `${id} has not completed contract ${contract}'s minimum rental period: apply the minimum rental period override (fees may apply), or return it later.`,
  invalidLocation: (id: string) =>
    `${id} cannot be returned to the location chosen for its line: choose one of the contract line's locations.`,
  noLocation: (id: string) => `Choose where ${id} will be returned: apply a market and location to its line.`,
  swapNotAllowed: (contract: string) =>
    `Contract ${contract} does not allow swaps: return the units without a swap.`,
  notOfSizes: (id: string, size: string, sizes: readonly string[]) =>
    `${id} is a ${sizeName(size)}: this redelivery lists ${sizes.map(sizeName).join(', ')} only — add its size to Equipment sizes, or leave it out.`,
  sizeUnknown: (size: string) => `${size} is not an equipment size: choose the sizes from the list.`,
  inventoryOrgUnknown: (org: string) =>
    `${org} is not an inventory org chassis can be returned into: choose one from the list.`,
  notThisOrder: 'This is another redelivery than the one opened: open the order again from the dashboard.',
  customerFixed:
    'The customer of a booked redelivery cannot change: cancel it and list the chassis for the other customer.',
} as const;

/** SPEC §4: allowed only with the needed overrides applied and no purchase-option override pending. */
export function evaluateDetail(detail: LineItemDetail, contract: string): LineItemDetail {
  const reason = detail.PurchaseOptionOverridePending
    ? TERM_REDELIVERY_MESSAGES.purchaseOptionPending(detail.ChassisId, contract)
    : detail.NeedsMinQuantityOverride && !detail.MinQuantityOverrideApplied
      ? TERM_REDELIVERY_MESSAGES.minQuantity(detail.ChassisId, contract)
      : detail.NeedsMinRentalPeriodOverride && !detail.MinRentalPeriodOverrideApplied
        ? TERM_REDELIVERY_MESSAGES.minRentalPeriod(detail.ChassisId, contract)
        : detail.HasInvalidLocationApplied
          ? TERM_REDELIVERY_MESSAGES.invalidLocation(detail.ChassisId)
          : null;
  const allowed =
    (!detail.NeedsMinQuantityOverride || detail.MinQuantityOverrideApplied) &&
    (!detail.NeedsMinRentalPeriodOverride || detail.MinRentalPeriodOverrideApplied) &&
    !detail.PurchaseOptionOverridePending;
  return { ...detail, RedeliveryAllowed: allowed, RedeliveryErrorMessage: reason };
}

const mapDetails = (line: GroupLineItem, f: (d: LineItemDetail) => LineItemDetail): GroupLineItem => ({
  ...line,
  LineItemDetails: line.LineItemDetails.map((d) => evaluateDetail(f(d), line.ContractNumber)),
});

/** Every chassis left on an evaluated line can go back as chosen: allowed, with a valid location. */
const detailsReturnable = (line: GroupLineItem): boolean => {
  const live = line.LineItemDetails.filter((d) => !d.IsDeleted);
  return (
    live.length > 0 &&
    live.every((d) => d.RedeliveryAllowed && !d.HasInvalidLocationApplied && d.LocationId !== null)
  );
};

/** Re-evaluates every detail and whether the line can be booked. */
export function evaluateLine(line: GroupLineItem): GroupLineItem {
  const evaluated = mapDetails(line, (d) => d);
  return {
    ...evaluated,
    IsBookingValid:
      evaluated.IsCancelled ||
      (detailsReturnable(evaluated) &&
        (!evaluated.ShowDirectFinanceLeaseWarning || evaluated.DirectFinanceLeaseWarningChecked)),
  };
}

/**
 * Whether the line's own chassis can all be returned as the line now stands (SPEC §4 allowance,
 * re-evaluated here rather than read from flags that may predate the last change). The direct
 * finance lease warning is not part of it: the form asks for it as an acknowledgement of its own.
 */
export const lineReturnable = (line: GroupLineItem): boolean =>
  !line.IsCancelled && detailsReturnable(evaluateLine(line));

/** SPEC §4: applying it clears the pending flag and re-evaluates allowance. */
export const applyPurchaseOptionOverride = (line: GroupLineItem): GroupLineItem =>
  evaluateLine(
    mapDetails({ ...line, PurchaseOptionOverrideApplied: true }, (d) => ({
      ...d,
      PurchaseOptionOverridePending: false,
    })),
  );

/** SPEC §4: rejecting it marks all details pending and not allowed. */
export const rejectPurchaseOptionOverride = (line: GroupLineItem): GroupLineItem =>
  evaluateLine(
    mapDetails({ ...line, PurchaseOptionOverrideApplied: false }, (d) => ({
      ...d,
      PurchaseOptionOverridePending: true,
    })),
  );

/** The minimum quantity override, on every detail that needs it. */
export const applyMinQuantityOverride = (line: GroupLineItem): GroupLineItem =>
  evaluateLine(mapDetails(line, (d) => ({ ...d, MinQuantityOverrideApplied: d.NeedsMinQuantityOverride })));

/** The minimum rental period override, on every detail that needs it. */
export const applyMinRentalPeriodOverride = (line: GroupLineItem): GroupLineItem =>
  evaluateLine(
    mapDetails(line, (d) => ({ ...d, MinRentalPeriodOverrideApplied: d.NeedsMinRentalPeriodOverride })),
  );

/**
 * SPEC §4: a market and location applied to a line set the location on details that have none; a
 * detail whose location list lacks it is flagged HasInvalidLocationApplied.
 */
export const applyMarketAndLocation = (
  line: GroupLineItem,
  market: string,
  locationId: number,
): GroupLineItem =>
  evaluateLine(
    mapDetails({ ...line, SelectedMarketCode: market, SelectedLocationId: locationId }, (d) => {
      const location = d.LocationId ?? locationId;
      return {
        ...d,
        LocationId: location,
        MarketCode: d.LocationId === null ? market : d.MarketCode,
        HasInvalidLocationApplied: d.LocationList.length > 0 && !d.LocationList.includes(location),
      };
    }),
  );

/** SPEC §4: a group line is cancelled when all its details are deleted. */
export function deleteDetail(line: GroupLineItem, chassisId: string): GroupLineItem {
  const details = line.LineItemDetails.map((d) =>
    d.ChassisId === chassisId ? { ...d, IsDeleted: true } : d,
  );
  return evaluateLine({
    ...line,
    LineItemDetails: details,
    IsCancelled: line.IsCancelled || details.every((d) => d.IsDeleted),
  });
}

export const cancelLine = (line: GroupLineItem): GroupLineItem =>
  evaluateLine({ ...line, IsCancelled: true });

/** Undo a cancel: the line and its details are back. */
export const undoCancelLine = (line: GroupLineItem): GroupLineItem =>
  evaluateLine({
    ...line,
    IsCancelled: false,
    LineItemDetails: line.LineItemDetails.map((d) => ({ ...d, IsDeleted: false })),
  });

/** Remove: the line leaves the redelivery (its chassis are not returned). */
export const removeLine = (lines: readonly GroupLineItem[], equipmentLineId: number): GroupLineItem[] =>
  lines.filter((l) => l.EquipmentLineId !== equipmentLineId);

/** Swap redelivery: only on contracts that allow swaps. */
export function flagSwapRedelivery(line: GroupLineItem, on: boolean): GroupLineItem {
  if (on && !line.SwapsAllowed) throw new Error(TERM_REDELIVERY_MESSAGES.swapNotAllowed(line.ContractNumber));
  return evaluateLine({ ...line, IsSwapRedelivery: on });
}

export const acknowledgeDirectFinanceLease = (line: GroupLineItem, checked: boolean): GroupLineItem =>
  evaluateLine({ ...line, DirectFinanceLeaseWarningChecked: checked });

/** The chassis a redelivery returns: live details of lines not cancelled. */
export const returnedDetails = (lines: readonly GroupLineItem[]) =>
  lines.flatMap((l) =>
    l.IsCancelled ? [] : l.LineItemDetails.filter((d) => !d.IsDeleted).map((d) => ({ line: l, detail: d })),
  );
