/**
 * SPEC §3/§4 "Customer booking": the AvailableUnits of a pool or daily lease booking and the
 * RequestedUnits built from them. Client (review, confirm) and server (booking) use these same
 * functions, so what the user reviewed is what is booked.
 */

/** The booking entry of a row: CustomerBooking for pool booking, DailyLeaseBooking for daily lease. */
export interface UnitsRequest {
  UnitsRequestedCount: number;
}

export interface AvailableUnit {
  LocationId: number;
  /** As the form showed it; questions name the location by it (the server never trusts it). */
  LocationName?: string;
  /** Units the provider can book at the location for the chosen size and class (shown, not sent back as truth). */
  Available?: number;
  /** Chassis named for this location (reuse books the chassis a customer holds). */
  Chassis?: readonly string[];
  CustomerBooking?: UnitsRequest;
  DailyLeaseBooking?: UnitsRequest;
}

/** The units a row asks for: its booking entry's count, or at least as many as the chassis it names. */
export function unitsRequestedOf(unit: AvailableUnit): number {
  const count = (unit.CustomerBooking ?? unit.DailyLeaseBooking)?.UnitsRequestedCount ?? 0;
  return Math.max(count, unit.Chassis?.length ?? 0);
}

const namesChassis = (unit: AvailableUnit) => (unit.Chassis?.length ?? 0) > 0;

/**
 * SPEC §4: the requested units are the available units that have a chassis, or otherwise those
 * with a requested count other than zero. Read per row, so no row the user filled in is dropped.
 */
export function buildRequestedUnits<U extends AvailableUnit>(units: readonly U[]): U[] {
  return units.filter((unit) => namesChassis(unit) || unitsRequestedOf(unit) !== 0);
}

export const totalUnitsRequested = (units: readonly AvailableUnit[]): number =>
  buildRequestedUnits(units).reduce((sum, unit) => sum + unitsRequestedOf(unit), 0);
