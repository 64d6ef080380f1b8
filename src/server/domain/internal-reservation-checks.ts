/**
 * What an internal reservation is checked against before it is written (SPEC §5): a
 * provider-managed org, a location it holds inventory at, a size and class the pool books, a
 * reason, and no more units than are free at the location (the refusal names the free number).
 */
import type { Kysely } from 'kysely';
import { type DisplayNames, equipmentKindText } from '../../domain/display-names';
import { equipmentTypeOf, HIDDEN_EQUIPMENT_TYPES } from '../../domain/lookups';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { countInventory } from './inventory-availability-counts';

export const bad = (message: string, code = 'INVALID_RESERVATION') => new AppError(400, message, code);
export const kindText = (
  r: { equipment_category_code: string; equipment_class_code: string; extendable: boolean },
  names: DisplayNames,
) => equipmentKindText(names, r.equipment_category_code, r.equipment_class_code, r.extendable);

/** SPEC §5: internal reservation orgs are the provider-managed ones. */
export async function providerManagedOrg(db: Kysely<Database>, code: string) {
  const org = await db
    .selectFrom('inventory_orgs')
    .select(['inventory_org_code', 'trac_managed', 'org_type'])
    .where('inventory_org_code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!org) throw bad(`There is no inventory org ${code}: choose one from the list.`, 'UNKNOWN_ORG');
  if (!org.trac_managed)
    throw bad(
      `${org.inventory_org_code} is not provider-managed: choose a provider-managed org.`,
      'ORG_NOT_ALLOWED',
    );
  return org;
}

/** A location the org holds inventory at (the inventory-location mapping). */
export async function orgLocation(db: Kysely<Database>, orgCode: string, locationId: number) {
  const location = await db
    .selectFrom('locations as l')
    .leftJoin('inventory_org_locations as m', (j) =>
      j.onRef('m.location_id', '=', 'l.location_id').on('m.inventory_org_code', '=', orgCode),
    )
    .select(['l.location_id', 'l.location_name', 'l.market_code', 'l.active', 'm.inventory_org_code'])
    .where('l.location_id', '=', locationId)
    .executeTakeFirst();
  if (!location)
    throw bad(`There is no location ${locationId}: choose one from the list.`, 'UNKNOWN_LOCATION');
  if (!location.inventory_org_code)
    throw bad(
      `${orgCode} holds no inventory at ${location.location_name}: choose one of its locations.`,
      'LOCATION_NOT_IN_ORG',
    );
  if (!location.active) throw bad(`${location.location_name} is closed.`, 'LOCATION_CLOSED');
  return location;
}

/** A size and class that exist and that the pool books (SPEC §5 hides Axle, Scrap, Genset…). */
export async function checkSizeAndClass(
  db: Kysely<Database>,
  category: string,
  equipmentClass: string,
  verb: 'reserved' | 'counted' = 'reserved',
) {
  const [size, cls] = await Promise.all([
    db
      .selectFrom('equipment_categories')
      .select('equipment_category_code')
      .where('equipment_category_code', '=', category)
      .executeTakeFirst(),
    db.selectFrom('equipment_classes').select('code').where('code', '=', equipmentClass).executeTakeFirst(),
  ]);
  const hidden: readonly string[] = HIDDEN_EQUIPMENT_TYPES;
  if (!size || hidden.includes(equipmentTypeOf(category)))
    throw bad(`${category} is not an equipment size that can be ${verb}.`, 'UNKNOWN_EQUIPMENT_SIZE');
  if (!cls)
    throw bad(
      `There is no equipment class ${equipmentClass}: choose one from the list.`,
      'UNKNOWN_EQUIPMENT_CLASS',
    );
}

export async function checkReason(db: Kysely<Database>, code: string) {
  const reason = await db
    .selectFrom('reasons')
    .select('reason_code')
    .where('reason_kind', '=', 'INTERNAL_RESERVATION')
    .where('reason_code', '=', code)
    .executeTakeFirst();
  if (!reason)
    throw bad(`There is no internal reservation reason ${code}: choose one from the list.`, 'UNKNOWN_REASON');
}

export interface Kind {
  inventory_org_code: string;
  location_id: number;
  equipment_category_code: string;
  equipment_class_code: string;
  extendable: boolean;
}

/**
 * What is free for this reservation at its location: what customers could book now (all frames,
 * and the reservation's own kind of frame, whichever is less) plus what this reservation already
 * holds back — the most it may hold.
 */
export async function freeFor(db: Kysely<Database>, r: Kind, ownHeld: number): Promise<number> {
  const scope = {
    locationIds: [r.location_id],
    categories: [r.equipment_category_code],
    classes: [r.equipment_class_code],
  };
  const [all] = await countInventory(db, scope);
  const [kind] = await countInventory(db, { ...scope, extendable: r.extendable ? 'Yes' : 'No' });
  return Math.min(all?.available ?? 0, kind?.available ?? 0) + ownHeld;
}

/** Units a reservation takes from customers: closed to customers and of a pool org. */
export const heldBack = (quantity: number, customerBookingsAllowed: boolean, poolOrg: boolean) =>
  customerBookingsAllowed || !poolOrg ? 0 : quantity;

export function tooMany(
  r: Kind & { location_name: string },
  wanted: number,
  free: number,
  names: DisplayNames,
) {
  return new AppError(
    409,
    `Only ${free} ${free === 1 ? 'unit' : 'units'} of ${kindText(r, names)} ${free === 1 ? 'is' : 'are'} free at ${r.location_name}: ` +
      `${r.inventory_org_code} can reserve at most ${free} there, not ${wanted}. Nothing was changed.`,
    'NOT_ENOUGH_FREE',
  );
}
