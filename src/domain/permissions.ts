/**
 * SPEC §6: permissions are bit flags per entity, carried in the token as one numeric claim per
 * entity. Access is granted when every requested bit is present. This file is the one place that
 * names the entities, the bits, and what each route and menu entry asks for; the server checks
 * the same table the client uses to hide things.
 */

import { BOOKING_TYPE_FACTS, type BookingTypeFacts } from './booking-type-facts';

export const Permission = { Read: 1, Update: 2, Create: 4, Delete: 8 } as const;
export type PermissionBits = number;

/** The token claim name of each entity (SPEC §6 "Entities"). */
export const Entity = {
  InternalPoolBooking: 'InternalPoolBooking',
  CustomerPoolBooking: 'CustomerPoolBooking',
  TermLeaseBooking: 'TermLeaseBooking',
  RepositionBooking: 'RepositionBooking',
  InternalReservation: 'InternalReservation',
  PoolRedelivery: 'PoolRedelivery',
  TermLeaseRedelivery: 'TermLeaseRedelivery',
  WeeklyThreshold: 'WeeklyThreshold',
  PendingQueue: 'PendingQueue',
  ManualInventory: 'ManualInventory',
  InventoryAvailability: 'InventoryAvailability',
  ApplicationRole: 'ApplicationRole',
  /**
   * Issue 32 (not in SPEC §6): the business analyst's permission. Read opens the flow catalogue
   * (staff see it without); Update the live preview of changed rules and limits (nothing is saved).
   */
  BusinessRules: 'BusinessRules',
} as const;
export type EntityName = (typeof Entity)[keyof typeof Entity];
export const ENTITIES: readonly EntityName[] = Object.values(Entity);

export const ALL_BITS = Permission.Read | Permission.Update | Permission.Create | Permission.Delete;

/** One (entity, bits) pair: granted when the user holds every bit of `bits` on `entity`. */
export interface PermissionRequirement {
  entity: EntityName;
  bits: PermissionBits;
}

/** What a user holds: the numeric claim per entity (absent = 0). */
export type PermissionSet = Partial<Record<EntityName, number>>;

export function hasPermission(held: PermissionSet, { entity, bits }: PermissionRequirement): boolean {
  const value = held[entity] ?? 0;
  return bits !== 0 && (value & bits) === bits;
}

/**
 * A flow file's permissions (entity names and bit names, as flow-file.schema.json allows them) as
 * requirements: any one pair grants the flow, each pair needs all its bits. The app's route guard
 * and the server's submit and update routes both read a flow's access through this one function.
 */
export function flowRequirements(
  needs: readonly { entity: string; bits: readonly (keyof typeof Permission)[] }[],
): PermissionRequirement[] {
  return needs.map((p) => {
    if (!(ENTITIES as readonly string[]).includes(p.entity))
      throw new Error(`${p.entity} is not a permission entity (SPEC §6)`);
    return { entity: p.entity as EntityName, bits: p.bits.reduce((b, name) => b | Permission[name], 0) };
  });
}

/** A list of requirements passes when any one of them passes; an empty list always passes. */
export function hasAnyPermission(
  held: PermissionSet,
  requirements: readonly PermissionRequirement[],
): boolean {
  return requirements.length === 0 || requirements.some((r) => hasPermission(held, r));
}

const need = (entity: EntityName, ...bits: number[]): PermissionRequirement[] =>
  bits.map((b) => ({ entity, bits: b }));

const poolBookingEntities = [Entity.CustomerPoolBooking, Entity.InternalPoolBooking];
/** SPEC §6: a booking-type menu entry shows for Create or Update on its entity. */
const bookingAccess = (...entities: EntityName[]) =>
  entities.flatMap((e) => need(e, Permission.Create, Permission.Update));

/**
 * Every area of SPEC §2 behind the authenticated layout, with what it asks for. The route guard
 * sends a user holding none of the requirements to the home route; the menu hides the entry; the
 * server's routes for that area ask for the same requirements.
 */
export const AreaAccess = {
  dashboard: [],
  poolBooking: bookingAccess(...poolBookingEntities),
  reuseBooking: bookingAccess(...poolBookingEntities),
  dailyLeaseBooking: bookingAccess(...poolBookingEntities),
  termLeaseBooking: bookingAccess(Entity.TermLeaseBooking),
  repositionBooking: bookingAccess(Entity.RepositionBooking),
  termLeaseRedelivery: bookingAccess(Entity.TermLeaseRedelivery),
  poolRedelivery: bookingAccess(Entity.PoolRedelivery),
  internalReservation: need(
    Entity.InternalReservation,
    Permission.Read,
    Permission.Create,
    Permission.Update,
  ),
  pendingQueue: need(Entity.PendingQueue, Permission.Read, Permission.Create, Permission.Update),
  weeklyThreshold: need(Entity.WeeklyThreshold, Permission.Read, Permission.Create, Permission.Update),
  manualInventory: need(Entity.ManualInventory, Permission.Read),
  inventoryAvailability: need(Entity.InventoryAvailability, Permission.Read),
  security: need(Entity.ApplicationRole, Permission.Read),
  myAccount: [],
  contact: [],
} as const satisfies Record<string, readonly PermissionRequirement[]>;
export type Area = keyof typeof AreaAccess;

/**
 * Areas whose use creates chassis bookings: refused to an account not in good standing (SPEC §6);
 * the areas of the order types whose facts say so.
 */
export const BOOKING_AREAS: readonly Area[] = BOOKING_TYPE_FACTS.flatMap((f: BookingTypeFacts) =>
  f.requiresGoodStanding && f.area ? [f.area] : [],
);

/** Reads the per-entity claims out of a decoded token (or any record holding them). */
export function permissionsFromClaims(claims: Record<string, unknown>): PermissionSet {
  const set: PermissionSet = {};
  for (const entity of ENTITIES) {
    const v = claims[entity];
    if (typeof v === 'number' && Number.isInteger(v)) set[entity] = v;
  }
  return set;
}
