/**
 * How many units of one equipment size and class a customer can book at a location: pool chassis
 * standing there available, less what open bookings still hold, less what staff reserved and closed
 * to customer bookings (docs/data-model.md). The available-units table and the booking use this one
 * function, so what the form shows is what the booking checks.
 */

import { type Kysely, sql } from 'kysely';
import type { BookingTypeFacts, YardFlag } from '../../domain/booking-type-facts';
import { CONFIGURED_LOCATION_ID } from '../../domain/constants';
import { equipmentTypeOf, HIDDEN_EQUIPMENT_TYPES } from '../../domain/lookups';
import { mayChooseCustomer } from '../../domain/policies';
import type { AvailableUnitRow } from '../../schemas/bookings';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { bookingCustomer } from './booking-customer';
import { type NameSource, nameTables } from './display-names';
import { countInventory } from './inventory-availability-counts';
import type { Viewer } from './viewer';

/** Orgs whose chassis the pool lends: the provider's pools and the co-op pool (not term or private fleets). */
export const POOL_ORG_TYPES = ['Pool', 'Co-op Pool'] as const;
/**
 * The order types whose open bookings take chassis out of a pool yard, as an SQL array for
 * `= any(…)`: those with booking_order_types.pool_yards, which the registry writes from each type's
 * `pool` at start-up (migration 0074), so a type registered later is counted as the product's are.
 * An array, not `in (select …)`: PostgreSQL reads it once per statement, where the subquery could
 * be planned as a lookup per booking row (issue 30 §1).
 */
export const POOL_DRAWING_TYPES = sql`array(select code from booking_order_types where pool_yards is not null)`;

/** The yards an order type draws on (its row's pool_yards), or null when it draws on no pool. */
export async function poolYardsOf(db: Kysely<Database>, orderType: string): Promise<YardFlag | null> {
  const row = await db
    .selectFrom('booking_order_types')
    .select('pool_yards')
    .where('code', '=', orderType)
    .executeTakeFirst();
  return (row?.pool_yards as YardFlag | null | undefined) ?? null;
}

export interface EquipmentChoice {
  marketCode: string;
  /** An equipment category code, e.g. Chassis.40 (the flows' EquipmentSize). */
  category: string;
  equipmentClass: string;
}

/** The flag of the yards an order type draws on (its facts' `pool`); refuses a type that draws on none. */
export function yardsOf(type: Pick<BookingTypeFacts, 'orderType' | 'pool'>): YardFlag {
  if (!type.pool)
    throw new Error(`order type ${type.orderType} draws on no pool yard (src/domain/booking-type-facts.ts)`);
  return type.pool.yards;
}

/**
 * Refuses a market, size or class that does not exist or is not offered for booking (SPEC §5 lists).
 * The codes are checked against the database's kept name tables (display-names.ts).
 */
export async function checkEquipmentChoice(source: NameSource, choice: EquipmentChoice): Promise<void> {
  const tables = await nameTables(source, {
    markets: [choice.marketCode],
    sizes: [choice.category],
    classes: [choice.equipmentClass],
  });
  const market = tables.markets.has(choice.marketCode);
  const category = tables.sizes.has(choice.category);
  const equipmentClass = tables.classes.has(choice.equipmentClass);
  const hidden: readonly string[] = HIDDEN_EQUIPMENT_TYPES;
  if (!market)
    throw new AppError(
      400,
      `There is no market ${choice.marketCode}: choose one from the list.`,
      'UNKNOWN_MARKET',
    );
  if (!category || hidden.includes(equipmentTypeOf(choice.category)))
    throw new AppError(
      400,
      `${choice.category} is not an equipment size that can be booked.`,
      'UNKNOWN_EQUIPMENT_SIZE',
    );
  if (!equipmentClass)
    throw new AppError(
      400,
      `There is no equipment class ${choice.equipmentClass}: choose one from the list.`,
      'UNKNOWN_EQUIPMENT_CLASS',
    );
}

/** Units bookable per location (never negative); locations without any come back as 0. */
export async function availableUnitsAt(
  db: Kysely<Database>,
  locationIds: readonly number[],
  { category, equipmentClass }: Pick<EquipmentChoice, 'category' | 'equipmentClass'>,
): Promise<Map<number, number>> {
  const counts = await countInventory(db, { locationIds, categories: [category], classes: [equipmentClass] });
  return new Map(counts.map((c) => [c.locationId, c.available]));
}

/**
 * The available-units table: every active location of the market whose `yards` flag is set, zero
 * rows included. Daily lease's yards are port bays: the configured one (SPEC §9) comes first.
 */
export async function availableUnitsInMarket(
  db: Kysely<Database>,
  yards: YardFlag,
  choice: EquipmentChoice,
): Promise<AvailableUnitRow[]> {
  await checkEquipmentChoice({ db }, choice);
  const locations = await db
    .selectFrom('locations')
    .select(['location_id', 'location_name'])
    .where('market_code', '=', choice.marketCode)
    .where('active', '=', true)
    .where(yards, '=', true)
    .orderBy('location_name')
    .execute();
  if (yards === 'daily_lease_allowed') {
    const configured = locations.findIndex((l) => l.location_id === CONFIGURED_LOCATION_ID);
    if (configured > 0) locations.unshift(...locations.splice(configured, 1));
  }
  const available = await availableUnitsAt(
    db,
    locations.map((l) => l.location_id),
    choice,
  );
  return locations.map((l) => ({
    LocationId: l.location_id,
    LocationName: l.location_name,
    Available: available.get(l.location_id) ?? 0,
  }));
}

/**
 * The available-units table as a viewer may ask for it. Availability is the same for every
 * customer, but who may ask follows the booking rules: a customer only as itself, staff for any
 * customer they name.
 */
export async function availableUnitsFor(
  db: Kysely<Database>,
  viewer: Viewer,
  yards: YardFlag,
  customerId: number | undefined,
  choice: EquipmentChoice,
): Promise<AvailableUnitRow[]> {
  if (customerId !== undefined || !mayChooseCustomer(viewer))
    await bookingCustomer(db, viewer, customerId, { requireGoodStanding: false, lock: false });
  return availableUnitsInMarket(db, yards, choice);
}
