/**
 * Pool booking (PB) and daily lease booking at a port bay (DL): units of one size and class at one
 * or more locations of a market. What cannot be confirmed at once (more than available, past the
 * weekly threshold, or a customer class that Customer Support reviews) is booked as pending.
 */
import type { Kysely } from 'kysely';
import type { BookingTypeFacts } from '../../../domain/booking-type-facts';
import { type AvailableUnit, buildRequestedUnits, unitsRequestedOf } from '../../../domain/customer-booking';
import type { FieldError } from '../../../engine/core/types';
import type { DailyLeaseBookingData, PoolBookingData } from '../../../flows/flow-data.generated';
import type { Database } from '../../db/types';
import {
  availableUnitsAt,
  checkEquipmentChoice,
  type EquipmentChoice,
  yardsOf,
} from '../../domain/availability';
import type { BookingCustomer } from '../../domain/booking-customer';
import { actorOf } from '../../domain/order-audit';
import { weeklyThresholdBreach } from '../../domain/weekly-threshold';
import { insertOrder, PendingReason } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import { type Booker, SubmissionRefused } from '../submission';

/**
 * Customer classes whose bookings Customer Support reviews first: a beneficial cargo owner does not
 * pull chassis itself, so staff confirm which motor carrier will (docs/decisions.md).
 */
export const CLASS_REVIEW_CUSTOMER_CLASSES: readonly string[] = ['BCO'];

type CustomerBookingData = PoolBookingData | DailyLeaseBookingData;
/** A requested row and its place in the submitted AvailableUnits, for field paths in messages. */
type Row = { unit: AvailableUnit; index: number };

/** One row per location: two rows for one location would leave unclear what was meant. */
function refuseRepeatedLocations(rows: readonly Row[]) {
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  for (const { unit, index } of rows) {
    if (seen.has(unit.LocationId))
      errors.push({
        field: `AvailableUnits.${index}.LocationId`,
        message: `Location ${unit.LocationId} is listed more than once: put all its units in one row.`,
      });
    seen.add(unit.LocationId);
  }
  if (errors.length > 0) throw SubmissionRefused.fromErrors(errors, 'REPEATED_LOCATION');
}

/** Locks the requested locations (in id order, so concurrent bookings never deadlock) and checks each. */
async function lockBookableLocations(
  trx: Kysely<Database>,
  type: BookingTypeFacts,
  marketCode: string,
  rows: readonly Row[],
) {
  const ids = rows.map((r) => r.unit.LocationId).sort((a, b) => a - b);
  const allowedColumn = yardsOf(type);
  const takes = `${type.name.toLowerCase()}s`;
  const locations = await trx
    .selectFrom('locations')
    .select(['location_id', 'location_name', 'market_code', 'active', allowedColumn])
    .where('location_id', 'in', ids)
    .orderBy('location_id')
    .forNoKeyUpdate()
    .execute();
  const byId = new Map(locations.map((l) => [l.location_id, l]));
  const errors: FieldError[] = rows.flatMap(({ unit, index }) => {
    const l = byId.get(unit.LocationId);
    const field = `AvailableUnits.${index}.LocationId`;
    const name = l ? `${l.location_name} (${l.location_id})` : '';
    const problem = !l
      ? `There is no location ${unit.LocationId}.`
      : !l.active
        ? `${name} is closed.`
        : l.market_code !== marketCode
          ? `${name} is not in market ${marketCode}.`
          : !(l as Record<string, unknown>)[allowedColumn]
            ? `${name} does not take ${takes}.`
            : null;
    return problem ? [{ field, message: problem }] : [];
  });
  if (errors.length > 0) throw SubmissionRefused.fromErrors(errors, 'LOCATION_NOT_BOOKABLE');
  return ids;
}

async function pendingReasonFor(
  trx: Kysely<Database>,
  customer: BookingCustomer,
  choice: EquipmentChoice,
  rows: readonly Row[],
  available: ReadonlyMap<number, number>,
) {
  const total = rows.reduce((sum, r) => sum + unitsRequestedOf(r.unit), 0);
  const overAvailability = rows.some(
    (r) => unitsRequestedOf(r.unit) > (available.get(r.unit.LocationId) ?? 0),
  );
  const breach = await weeklyThresholdBreach(
    trx,
    { customerId: customer.customerId, marketCode: choice.marketCode, category: choice.category },
    total,
  );
  // One reason per request, the one staff must settle first: stock, then the cap, then the class.
  const reason = overAvailability
    ? PendingReason.overAvailability
    : breach
      ? PendingReason.overThreshold
      : CLASS_REVIEW_CUSTOMER_CLASSES.includes(customer.customerClass)
        ? PendingReason.classReview
        : null;
  return { reason, breach };
}

export const bookCustomerUnits =
  (type: BookingTypeFacts): Booker<CustomerBookingData> =>
  (deps, request) => {
    const { data } = request;
    const { Equipment: equipment } = data;
    const choice: EquipmentChoice = {
      marketCode: equipment.MarketCode,
      category: equipment.EquipmentSize,
      equipmentClass: equipment.EquipmentClass,
    };
    const indexed: Row[] = (data.AvailableUnits as AvailableUnit[]).map((unit, index) => ({ unit, index }));
    // SPEC §4 "Customer booking": the rows with chassis or a count other than zero.
    const requested = new Set(buildRequestedUnits(indexed.map((r) => r.unit)));
    const rows = indexed.filter((r) => requested.has(r.unit));
    refuseRepeatedLocations(rows);

    return bookOnce(deps, request, type.orderType, equipment.CustomerId, async (trx, customer) => {
      await checkEquipmentChoice({ db: deps.db, trx }, choice);
      const ids = await lockBookableLocations(trx, type, choice.marketCode, rows);
      // Read after the locks: every booking that took units here before us has committed.
      const available = await availableUnitsAt(trx, ids, choice);
      const { reason, breach } = await pendingReasonFor(trx, customer, choice, rows, available);
      return insertOrder(trx, {
        orderType: type.orderType,
        customerId: customer.customerId,
        marketCode: choice.marketCode,
        contact: data.Contact,
        idempotency: idempotencyOf(request),
        actor: actorOf(request.viewer),
        pending: reason,
        bookings: rows.map(({ unit }) => ({
          locationId: unit.LocationId,
          category: choice.category,
          equipmentClass: choice.equipmentClass,
          units: unitsRequestedOf(unit),
        })),
        audit: { available: Object.fromEntries(available), ...(breach ? { threshold: breach } : {}) },
      });
    });
  };
