/**
 * The booking-type registry (ARCHITECTURE §3): what an entry is — an order type's shared facts
 * (src/domain/booking-type-facts.ts: name, flows, pool, threshold, contract, redelivery, gate) with
 * what only the server has: its booker and updater, its own routes, who cancels and who edits its
 * orders — and the verdicts every type shares. Each type's entry lives in its own folder
 * (bookings/<type>/entry.ts) and product-types.ts lists them, so this file imports no booker: a
 * booker may read the verdicts without a cycle. A flow file names its order type, and the server
 * refuses to start when a flow's order type, booker or updater is not its entry's
 * (checkFlowsAgainstTypes). Tests add fixture types (with facts of their own) through buildApp.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BOOKING_TYPE_FACTS, type BookingTypeFacts, factsOf } from '../../domain/booking-type-facts';
import type { PermissionRequirement } from '../../domain/permissions';
import { holdsOrderAbility } from '../../domain/policies';
import { checkBookingTypes } from '../../engine/core/booking-type-checks';
import type { FlowProblem, LoadedFlow } from '../../engine/core/load';
import type { AppContext } from '../context';
import { typeRow } from '../db/order-type-rows';
import type { Database } from '../db/types';
import type { ChassisCheck } from '../domain/equipment';
import type { Viewer } from '../domain/viewer';
import type { Booker, Updater } from './submission';

/** Who may do something to an order: staff by their bits, a customer's users only on its own orders. */
export interface Abilities {
  staff: readonly PermissionRequirement[];
  customer: readonly PermissionRequirement[];
}

/** An order type's facts (`name` is the booking_order_types name; the server adds a type the table lacks at start-up). */
export interface BookingType extends BookingTypeFacts {
  booker: { name: string; book: Booker };
  /**
   * Issue 25: the per-chassis eligibility its booker applies at submit, for a form that lists
   * chassis (POST /api/lookup/equipment with this OrderType): step 1 refuses what the submit would.
   * Term lease redelivery has none here: its own check (contractForChassis) answers its rows.
   */
  chassisCheck?: ChassisCheck;
  /** Without one the type's orders are not editable (Load Booking only). */
  updater?: { name: string; update: Updater };
  /** Who cancels a whole order from its detail view (cancel order); null: not from there. */
  cancel: Abilities | null;
  /** Who edits an order, and while one of its bookings has one of `statuses`; null: not editable. */
  editable: (Abilities & { statuses: readonly string[] }) | null;
  /** The type's own calls besides the generic submit and update (its screens' lookups and checks). */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
}

/** The requirements of holding each of `bits` on `entity` (an entry's cancel and edit lists). */
export const need = (entity: string, ...bits: number[]): PermissionRequirement[] =>
  bits.map((b) => ({ entity: entity as PermissionRequirement['entity'], bits: b }));

/** An entry's facts, by order type: a type must have them (src/domain/booking-type-facts.ts). */
export const facts = (orderType: string): BookingTypeFacts => {
  const found = factsOf(orderType);
  if (!found) throw new Error(`order type ${orderType} has no facts in src/domain/booking-type-facts.ts`);
  return found;
};

export interface BookingTypes {
  readonly list: readonly BookingType[];
  of(orderType: string): BookingType | undefined;
  /** The order types the dashboard and the pending queue search and offer (SPEC §5), fixtures included. */
  readonly dashboardTypes: readonly string[];
}

/** The registry of `list` (product-types.ts adds the product's); one order type may have one entry only. */
export function registryOf(list: readonly BookingType[]): BookingTypes {
  const byType = new Map<string, BookingType>();
  for (const type of list) {
    if (byType.has(type.orderType))
      throw new Error(
        `booking type ${type.orderType} is registered twice (src/server/bookings/product-types.ts)`,
      );
    byType.set(type.orderType, type);
  }
  return {
    list,
    of: (orderType) => byType.get(orderType),
    dashboardTypes: list.filter((t) => t.onDashboard).map((t) => t.orderType),
  };
}

/** What flows:check needs of the registry: each type's booker and updater names. */
export function describeBookingTypes(types: readonly BookingType[]) {
  return types.map((t) => ({
    orderType: t.orderType,
    name: t.name,
    booker: t.booker.name,
    ...(t.updater ? { updater: t.updater.name } : {}),
  }));
}

/**
 * A flow's order type must have an entry, and its booker and updater must be that entry's: the one
 * check (src/engine/core/booking-type-checks.ts) that `npm run flows:check` runs as well.
 */
export const checkFlowsAgainstTypes = (flows: readonly LoadedFlow[], types: BookingTypes): FlowProblem[] =>
  checkBookingTypes(flows, describeBookingTypes(types.list));

/** What the abilities look at of one order. */
export interface OrderFacts {
  orderType: string;
  customerId: number;
  /** The order's own status (CN and CL end it). */
  orderStatus: string | null;
  bookingStatuses: readonly string[];
}

export type Verdict = { ok: true } | { ok: false; status: 403 | 409; reason: string };

/** Cancel order: allowed while every booking is still open or pending (nothing ended yet). */
export function cancelVerdict(types: BookingTypes, viewer: Viewer, order: OrderFacts): Verdict {
  const type = types.of(order.orderType);
  if (!type?.cancel)
    return { ok: false, status: 409, reason: 'This kind of order is cancelled from its own booking screen.' };
  if (!holdsOrderAbility(viewer, type.cancel, order.customerId))
    return { ok: false, status: 403, reason: 'You do not have permission to cancel this booking order.' };
  if (!order.bookingStatuses.every((s) => s === 'OP' || s === 'PN'))
    return {
      ok: false,
      status: 409,
      reason:
        'This booking order can no longer be cancelled: some of its bookings are already fulfilled, closed, expired or cancelled.',
    };
  return { ok: true };
}

/** Edit: the type has an updater, the caller holds the bits, and a booking is still in an editable status. */
export function editVerdict(types: BookingTypes, viewer: Viewer, order: OrderFacts): Verdict {
  const type = types.of(order.orderType);
  if (!type?.updater || !type.editable)
    return {
      ok: false,
      status: 409,
      reason: `${type?.name ?? 'This'} orders cannot be edited: use Book again to start a new request from it, and cancel this one if needed.`,
    };
  if (!holdsOrderAbility(viewer, type.editable, order.customerId))
    return { ok: false, status: 403, reason: 'You do not have permission to edit this booking order.' };
  const statuses = type.editable.statuses;
  if (
    order.orderStatus === 'CN' ||
    order.orderStatus === 'CL' ||
    !order.bookingStatuses.some((s) => statuses.includes(s))
  )
    return {
      ok: false,
      status: 409,
      reason:
        'This booking order can no longer be edited: none of its bookings is open or pending any more (they are fulfilled, closed or cancelled).',
    };
  return { ok: true };
}

/**
 * Writes every known type into booking_order_types: adds the ones it lacks (a fixture type), and
 * sets the traits its SQL reads (migration 0072) from the facts, so they never part; never renames one.
 */
export async function registerBookingTypes(db: Kysely<Database>, types: BookingTypes): Promise<void> {
  const byCode = new Map<string, BookingTypeFacts>(BOOKING_TYPE_FACTS.map((f) => [f.orderType, f]));
  for (const t of types.list) byCode.set(t.orderType, t);
  await db
    .insertInto('booking_order_types')
    .values([...byCode.values()].map(typeRow))
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        redelivery: eb.ref('excluded.redelivery'),
        on_dashboard: eb.ref('excluded.on_dashboard'),
        pool_yards: eb.ref('excluded.pool_yards'),
      })),
    )
    .execute();
}
