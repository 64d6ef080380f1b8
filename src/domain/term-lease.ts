/**
 * Term lease booking (SPEC §3, §4): what the line-items widget recalculates on every change — a
 * line's SelectedQuantity and AvailableLocations, whether it asks more than is available, and the
 * fees per booked location with the four fee transitions of SPEC §4. Pure functions over the flow
 * data, so the widget, its review and the bench use one implementation.
 */

/** SPEC §9 open-order statuses: after a cancel the order is reloaded for these. */
export const OPEN_ORDER_STATUSES = ['OP', 'CN', 'CL', 'FF', 'PN'] as const;

export interface TermBookedItem {
  BookingId?: number;
  LocationId?: number;
  OriginalLocationId?: number;
  BookingCode?: string | null;
  BookingStatusCode?: string;
  UnitsRequestedCount?: number;
  OriginalUnitsRequestedCount?: number;
  CancelBooking?: boolean;
  IsSwapBooking?: boolean;
  BookingOrderId?: number;
  IsEdit?: boolean;
}

export interface TermLineItem {
  EquipmentLineID: number;
  EquipmentSize?: string;
  EquipmentClass?: string;
  MarketCode?: string;
  Quantity?: number;
  DailyRate?: number;
  AdditionalOnHireAllowed?: boolean;
  BookedQuantity?: number;
  SelectedQuantity?: number;
  OrigSelectedQuantity?: number;
  Locations?: number[];
  AvailableLocations?: number[];
  OverAvailable?: boolean;
  IsCollapsed?: boolean;
  BookedItems: TermBookedItem[];
}

export interface TermFee {
  longTermOrderFeeId?: number;
  feeId: number;
  feeAmount?: number;
  feeLocation?: number | null;
  cancelled?: boolean;
  LockedForEdit?: boolean;
  feeDescription?: string;
}

/** A fee of the schedule (the bookingFees lookup). */
export interface ScheduleFee {
  FeeId: number;
  FeeAmount: number | string;
  FeeDescription?: string;
  LocationId: number | null;
  BookingOrderTypeCode: string | null;
}

export interface AvailabilityRow {
  EquipmentLineID: number;
  LocationId: number;
  Available: number;
}

const units = (i: TermBookedItem) =>
  Number.isFinite(i.UnitsRequestedCount) ? Number(i.UnitsRequestedCount) : 0;

/** SPEC §4: the sum of the requested counts of the items not being cancelled. */
export const selectedQuantity = (items: readonly TermBookedItem[]): number =>
  items.filter((i) => !i.CancelBooking).reduce((sum, i) => sum + units(i), 0);

/** SPEC §4: the line's locations minus those already booked and not cancelled. */
export function availableLocations(line: Pick<TermLineItem, 'Locations' | 'BookedItems'>): number[] {
  const taken = new Set(
    line.BookedItems.filter((i) => !i.CancelBooking && i.LocationId !== undefined).map((i) => i.LocationId),
  );
  return (line.Locations ?? []).filter((l) => !taken.has(l));
}

/** Units available per line and location, from the availability step action's answer. */
export function availabilityIndex(rows: readonly AvailabilityRow[] | undefined): Map<string, number> {
  return new Map((rows ?? []).map((r) => [`${r.EquipmentLineID}/${r.LocationId}`, r.Available]));
}

/** New units an item asks for (a new item, more than it had, an un-cancel, a swap's new place). */
function newUnits(item: TermBookedItem): number {
  if (item.CancelBooking) return 0;
  if (item.BookingId === undefined) return units(item);
  if (item.BookingStatusCode === 'CN') return units(item);
  if (item.IsSwapBooking && item.LocationId !== item.OriginalLocationId) return units(item);
  return Math.max(0, units(item) - (item.OriginalUnitsRequestedCount ?? units(item)));
}

/** Whether an item's new units pass what its location has (unknown availability: not over). */
export function itemOverAvailable(line: number, item: TermBookedItem, index: Map<string, number>): boolean {
  if (newUnits(item) === 0 || item.LocationId === undefined) return false;
  const have = index.get(`${line}/${item.LocationId}`);
  return have !== undefined && units(item) > have;
}

/** The line as it must read after any change: sums, free locations, over-available, items marked edited. */
export function recalcLine(line: TermLineItem, index: Map<string, number>): TermLineItem {
  const items = line.BookedItems.map((i) => {
    if (i.BookingId === undefined) return i;
    const edited =
      units(i) !== (i.OriginalUnitsRequestedCount ?? units(i)) ||
      i.LocationId !== (i.OriginalLocationId ?? i.LocationId) ||
      !!i.CancelBooking !== (i.BookingStatusCode === 'CN');
    return i.IsEdit === edited ? i : { ...i, IsEdit: edited };
  });
  return {
    ...line,
    BookedItems: items,
    SelectedQuantity: selectedQuantity(items),
    AvailableLocations: availableLocations({ ...line, BookedItems: items }),
    OverAvailable: items.some((i) => itemOverAvailable(line.EquipmentLineID, i, index)),
  };
}

/** The most units a line may hold: its quantity, or with additional on-hire that percent more. */
export const lineAllowance = (line: TermLineItem, additionalPercent: number): number =>
  line.AdditionalOnHireAllowed
    ? Math.floor(((line.Quantity ?? 0) * (100 + additionalPercent)) / 100)
    : (line.Quantity ?? 0);

/** The schedule's fees of a booked location: term lease fees for everywhere, and the location's own. */
export const scheduleFeesAt = (schedule: readonly ScheduleFee[], location: number): ScheduleFee[] =>
  schedule.filter(
    (f) =>
      (f.BookingOrderTypeCode === 'TL' && f.LocationId === null) ||
      (f.LocationId === location && (f.BookingOrderTypeCode === 'TL' || f.BookingOrderTypeCode === null)),
  );

export interface FeeView extends TermFee {
  /** Not saved yet: comes with a location booked in this request. */
  isNew: boolean;
}

/**
 * The fees as they will be after submit, SPEC §4 per location:
 * - a location newly booked gets its fees (new);
 * - cancelling the last active existing booking at a location marks its saved fees cancelled;
 * - un-cancelling reverses that;
 * - removing a booked item drops the new fees of a location no longer booked.
 * Fees locked for edit (LockedForEdit, or at LockedFeeLocations) never change.
 */
export function feesFor(
  lines: readonly TermLineItem[],
  saved: readonly TermFee[],
  schedule: readonly ScheduleFee[],
  lockedLocations: readonly number[] = [],
): FeeView[] {
  const items = lines.flatMap((l) => l.BookedItems).filter((i) => i.LocationId !== undefined);
  const locked = new Set(lockedLocations);
  const locations = [...new Set(items.map((i) => i.LocationId as number))];
  const out: FeeView[] = [];
  for (const fee of saved) {
    const loc = fee.feeLocation ?? null;
    if (fee.LockedForEdit || (loc !== null && locked.has(loc))) {
      out.push({ ...fee, isNew: false });
      continue;
    }
    const here = items.filter((i) => i.LocationId === loc);
    const active = here.some((i) => !i.CancelBooking);
    if (here.length === 0 && !items.some((i) => i.BookingId !== undefined && i.OriginalLocationId === loc))
      continue;
    out.push({ ...fee, cancelled: !active, isNew: false });
  }
  const savedAt = new Set(saved.map((f) => f.feeLocation));
  for (const loc of locations) {
    if (savedAt.has(loc)) continue;
    if (!items.some((i) => i.LocationId === loc && !i.CancelBooking)) continue;
    for (const f of scheduleFeesAt(schedule, loc))
      out.push({
        feeId: f.FeeId,
        feeAmount: Number(f.FeeAmount),
        feeLocation: loc,
        cancelled: false,
        LockedForEdit: false,
        ...(f.FeeDescription ? { feeDescription: f.FeeDescription } : {}),
        isNew: true,
      });
  }
  return out;
}

/** The total of the fees that apply (not cancelled), in cents to avoid float drift. */
export const feesTotal = (fees: readonly TermFee[]): number =>
  fees.filter((f) => !f.cancelled).reduce((sum, f) => sum + Math.round((f.feeAmount ?? 0) * 100), 0) / 100;
