/**
 * The lines a term lease redelivery submit or edit may book: the server's lines (contractForChassis)
 * with only the user's choices taken from the submit (overrides applied, the location per chassis,
 * swap, cancelled lines, deleted details), re-evaluated with the SPEC §4 functions
 * (src/domain/term-lease-redelivery.ts) and the flow's acknowledge rules; the bookings they make,
 * and what the order keeps of them.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_INVENTORY_ORG } from '../../../domain/constants';
import { asCustomer } from '../../../domain/policies';
import { REDELIVERY_MESSAGES } from '../../../domain/redelivery';
import {
  evaluateLine,
  type GroupLineItem,
  TERM_REDELIVERY_MESSAGES,
} from '../../../domain/term-lease-redelivery';
import type { FieldError } from '../../../engine/core/types';
import type { TermLeaseRedeliveryData } from '../../../flows/flow-data.generated';
import type { Database } from '../../db/types';
import type { Viewer } from '../../domain/viewer';
import type { NewBooking } from '../booking-orders';
import { type BookingRequest, SubmissionRefused } from '../submission';
import { contractForChassis } from './contract-for-chassis';
import { type SavedLine, searchProblems } from './search';

type Db = Kysely<Database>;

/**
 * The server's lines with the user's choices applied, re-evaluated (SPEC §4): of each line sent
 * only what a user may choose is read; everything else comes from the database.
 */
export function mergeChoices(
  server: readonly GroupLineItem[],
  sent: TermRedeliveryData['Redelivery']['GroupLineItems'],
): GroupLineItem[] {
  const sentByLine = new Map(sent.map((l) => [l.EquipmentLineId, l]));
  return server.flatMap((line) => {
    const choice = sentByLine.get(line.EquipmentLineId);
    if (!choice) return [];
    const details = new Map(choice.LineItemDetails.map((d) => [d.ChassisId, d]));
    return [
      evaluateLine({
        ...line,
        IsCancelled: choice.IsCancelled === true,
        PurchaseOptionOverrideApplied:
          line.NeedsPurchaseOptionOverride && choice.PurchaseOptionOverrideApplied === true,
        IsSwapRedelivery: line.SwapsAllowed && choice.IsSwapRedelivery === true,
        DirectFinanceLeaseWarningChecked: choice.DirectFinanceLeaseWarningChecked === true,
        SelectedMarketCode: choice.SelectedMarketCode ?? null,
        SelectedLocationId: choice.SelectedLocationId ?? null,
        LineItemDetails: line.LineItemDetails.flatMap((d) => {
          const c = details.get(d.ChassisId);
          if (!c) return [];
          const location = c.LocationId ?? null;
          return [
            {
              ...d,
              LocationId: location,
              MarketCode: c.MarketCode ?? null,
              IsDeleted: c.IsDeleted === true,
              Expanded: c.Expanded === true,
              HasInvalidLocationApplied: location !== null && !d.LocationList.includes(location),
              PurchaseOptionOverridePending:
                d.PurchaseOptionOverridePending &&
                !(line.NeedsPurchaseOptionOverride && choice.PurchaseOptionOverrideApplied === true),
              MinQuantityOverrideApplied: d.NeedsMinQuantityOverride && c.MinQuantityOverrideApplied === true,
              MinRentalPeriodOverrideApplied:
                d.NeedsMinRentalPeriodOverride && c.MinRentalPeriodOverrideApplied === true,
            },
          ];
        }),
      }),
    ];
  });
}

/** Each live detail that cannot be returned, with its reason (RedeliveryErrorMessage). */
export function refusals(lines: readonly GroupLineItem[], base = 'Redelivery.GroupLineItems'): FieldError[] {
  return lines.flatMap((l, i) =>
    l.IsCancelled
      ? []
      : l.LineItemDetails.flatMap((d, j) => {
          if (d.IsDeleted) return [];
          const message =
            d.RedeliveryErrorMessage ??
            (d.LocationId === null ? TERM_REDELIVERY_MESSAGES.noLocation(d.ChassisId) : null);
          return message ? [{ field: `${base}.${i}.LineItemDetails.${j}`, message }] : [];
        }),
  );
}

export type TermRedeliveryData = TermLeaseRedeliveryData;

/**
 * The lines a submit or an edit may book: derived again from the database for the customer, the
 * user's choices merged in, SPEC §4 and the acknowledge rules run on the server's own flags. Each
 * refusal is a 400 listing its problems; `orderId` is the edited order (its chassis are its own).
 */
export async function checkedLines(
  trx: Db,
  viewer: Viewer,
  customerId: number,
  request: Pick<BookingRequest<TermRedeliveryData>, 'data' | 'unanswered'>,
  now: Date,
  orderId?: number,
): Promise<GroupLineItem[]> {
  const { data } = request;
  const sent = data.Redelivery.GroupLineItems;
  const searchRefused = await searchProblems(trx, data.Search);
  if (searchRefused.length > 0) throw SubmissionRefused.fromErrors(searchRefused, 'VALIDATION');
  const customerView = asCustomer(viewer, customerId);
  const chassis = sent.flatMap((l) => l.LineItemDetails.map((d) => d.ChassisId));
  const answer = await contractForChassis(trx, customerView, chassis, now, {
    ...(orderId !== undefined ? { orderId } : {}),
    ...(data.Search.EquipmentSizes ? { sizes: data.Search.EquipmentSizes } : {}),
    ...(data.Search.InventoryOrg ? { inventoryOrg: data.Search.InventoryOrg } : {}),
  });
  const problems: FieldError[] = [];
  const verdictOf = new Map(answer.Results.map((r) => [r.Input, r]));
  sent.forEach((l, i) => {
    l.LineItemDetails.forEach((d, j) => {
      const v = verdictOf.get(d.ChassisId);
      if (v && !v.Valid && !d.IsDeleted && !l.IsCancelled)
        problems.push({
          field: `Redelivery.GroupLineItems.${i}.LineItemDetails.${j}`,
          message: v.Message ?? '',
        });
    });
  });
  if (problems.length > 0) throw SubmissionRefused.fromErrors(problems, 'EQUIPMENT');
  const swapsRefused: FieldError[] = [];
  sent.forEach((l, i) => {
    const server = answer.GroupLineItems.find((g) => g.EquipmentLineId === l.EquipmentLineId);
    if (l.IsSwapRedelivery && server && !server.SwapsAllowed)
      swapsRefused.push({
        field: `Redelivery.GroupLineItems.${i}`,
        message: TERM_REDELIVERY_MESSAGES.swapNotAllowed(server.ContractNumber),
      });
  });
  if (swapsRefused.length > 0) throw SubmissionRefused.fromErrors(swapsRefused, 'SWAP_NOT_ALLOWED');
  const lines = mergeChoices(answer.GroupLineItems, sent);
  const refused = refusals(lines);
  if (refused.length > 0) throw SubmissionRefused.fromErrors(refused, 'REDELIVERY_NOT_ALLOWED');
  // The acknowledgements on the server's own flags, not the ones the client sent.
  const unanswered = request.unanswered({
    ...request.data,
    Redelivery: { ...data.Redelivery, GroupLineItems: lines },
  });
  if (unanswered.length > 0) throw SubmissionRefused.asking(unanswered);

  const live = lines.filter((l) => !l.IsCancelled && l.LineItemDetails.some((d) => !d.IsDeleted));
  if (live.length === 0)
    throw SubmissionRefused.fromErrors([
      { field: 'Redelivery.GroupLineItems', message: REDELIVERY_MESSAGES.atLeastOne },
    ]);
  return live;
}

/**
 * The bookings the lines make: per line and return location one naming its chassis, and for a swap
 * as many replacement units at the same location and line (the same transaction books both).
 */
export function plannedBookings(live: readonly GroupLineItem[]): NewBooking[] {
  const bookings: NewBooking[] = [];
  for (const l of live) {
    const byLocation = new Map<number, number[]>();
    for (const d of l.LineItemDetails)
      if (!d.IsDeleted && d.LocationId !== null)
        byLocation.set(d.LocationId, [...(byLocation.get(d.LocationId) ?? []), d.ChassisMasterId]);
    for (const [locationId, ids] of byLocation) {
      bookings.push({
        locationId,
        category: l.EquipmentSize,
        equipmentClass: l.EquipmentClass,
        units: ids.length,
        chassisMasterIds: ids,
        equipmentLineId: l.EquipmentLineId,
        bookingComment: l.IsSwapRedelivery ? SWAP_RETURNED : null,
      });
      if (l.IsSwapRedelivery)
        bookings.push({
          locationId,
          category: l.EquipmentSize,
          equipmentClass: l.EquipmentClass,
          units: ids.length,
          equipmentLineId: l.EquipmentLineId,
          bookingComment: SWAP_REPLACEMENT,
        });
    }
  }
  return bookings;
}

const SWAP_RETURNED = 'Swap redelivery: units returned';
export const SWAP_REPLACEMENT = 'Swap redelivery: replacement units';

/** What the order keeps (Details): the search, and per line the contract and the user's choices. */
export function orderDetails(search: TermRedeliveryData['Search'], live: readonly GroupLineItem[]) {
  return {
    InventoryOrg: search.InventoryOrg ?? DEFAULT_INVENTORY_ORG,
    ...(search.EquipmentSizes?.length ? { EquipmentSizes: search.EquipmentSizes } : {}),
    ...(search.MarketCode !== undefined ? { MarketCode: search.MarketCode } : {}),
    ...(search.LocationIds?.length ? { LocationIds: search.LocationIds } : {}),
    GroupLineItems: live.map(
      (l): SavedLine => ({
        ContractId: l.ContractId,
        ContractNumber: l.ContractNumber,
        EquipmentLineId: l.EquipmentLineId,
        PurchaseOptionOverrideApplied: l.PurchaseOptionOverrideApplied,
        IsSwapRedelivery: l.IsSwapRedelivery,
        // The flow's acknowledge rule was answered (checkedLines), so the warning was read.
        DirectFinanceLeaseWarningChecked: l.ShowDirectFinanceLeaseWarning,
        MinQuantityOverrideApplied: l.LineItemDetails.some((d) => d.MinQuantityOverrideApplied),
        MinRentalPeriodOverrideApplied: l.LineItemDetails.some((d) => d.MinRentalPeriodOverrideApplied),
      }),
    ),
  };
}
