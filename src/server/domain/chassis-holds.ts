/**
 * Issue 27: a chassis is on at most one open booking that claims it at a time — one reuse booking
 * and, separately, one redelivery that brings it back (pool or term lease redelivery): redelivering
 * a chassis still on its open reuse booking is that booking's natural next step, not a second hold
 * (docs/decisions.md, issue 27).
 *
 * Every write that names chassis on a booking (booking_chassis) claims them here first, inside its
 * transaction: the chassis rows are locked, in id order so two claims never deadlock, and only then
 * is the open booking holding each one looked for. Two requests naming one chassis at once
 * therefore run one after the other, and the second sees the first's booking (READ COMMITTED reads
 * what committed before each statement) and is refused with a 409. A booker whose check of the
 * listed chassis runs in that transaction makes the check the claim (chassisStanding with `lock`)
 * and hands it to insertOrder, which then does not claim them again.
 */
import type { Kysely } from 'kysely';
import { orderTypesWhere } from '../../domain/booking-type-facts';
import { REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';
import type { Database } from '../db/types';
import { AppError } from '../errors';

/** Booking statuses that hold their chassis: open, and pending review (it becomes open). */
export const HOLDING_STATUSES = ['OP', 'PN'] as const;

export interface ChassisHold {
  chassisMasterId: number;
  chassisId: string;
  orderId: number;
  orderType: string;
  orderTypeName: string;
  /** The booking's number; null while its order waits for review. */
  bookingCode: string | null;
}

export const chassisHeldMessage = (
  h: Pick<ChassisHold, 'chassisId' | 'orderId' | 'orderTypeName' | 'bookingCode'>,
) =>
  `${h.chassisId} is already on open ${h.orderTypeName.toLowerCase()} order ${h.orderId}` +
  `${h.bookingCode ? ` (booking ${h.bookingCode})` : ''}: a chassis can be on one open booking at a time. ` +
  'Cancel that booking first, or leave this chassis out.';

/** The 409 of a claim: the first chassis already held, the order holding it, and how many more. */
export class ChassisAlreadyHeld extends AppError {
  constructor(readonly holds: readonly ChassisHold[]) {
    const first = holds[0] as ChassisHold;
    const more = holds.length - 1;
    super(
      409,
      `${chassisHeldMessage(first)}${more > 0 ? ` (and ${more} more chassis on open bookings)` : ''}`,
      'CHASSIS_ON_OPEN_BOOKING',
    );
    this.name = 'ChassisAlreadyHeld';
  }
}

/** Which side of the hire an order type's bookings hold their chassis on. */
const isRedelivery = (orderType: string) => (REDELIVERY_ORDER_TYPES as readonly string[]).includes(orderType);

/**
 * The order types whose bookings claim the chassis they name, per side. A pool, daily lease or
 * term lease booking names the chassis it handed out as a record (it stays open while units are
 * still to be picked up); the chassis it names are then the customer's to reuse or redeliver.
 */
const CLAIMING_TYPES = {
  handOut: orderTypesWhere((f) => f.reusesHeldChassis),
  return: REDELIVERY_ORDER_TYPES,
} as const;

/** The order types whose open bookings hold a chassis against another reuse (the hand-out side). */
export const REUSE_ORDER_TYPES: readonly string[] = CLAIMING_TYPES.handOut;

export interface HoldQuery {
  /** The order type that would hold the chassis: only open bookings on its side count. */
  orderType: string;
  /** An edited order keeps its own chassis. */
  exceptOrderId?: number;
}

/** The open booking on the same side (hand-out or redelivery) each chassis is on. */
async function openHolds(
  db: Kysely<Database>,
  masterIds: readonly number[],
  { orderType, exceptOrderId }: HoldQuery,
): Promise<Map<number, ChassisHold>> {
  if (masterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('booking_chassis as bc')
    .innerJoin('bookings as b', 'b.booking_id', 'bc.booking_id')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'b.booking_order_id')
    .innerJoin('booking_order_types as t', 't.code', 'o.booking_order_type_code')
    .innerJoin('chassis as c', 'c.chassis_master_id', 'bc.chassis_master_id')
    .select([
      'bc.chassis_master_id',
      'c.chassis_id',
      'o.booking_order_id',
      'o.booking_order_type_code',
      't.name',
      'b.booking_code',
    ])
    .where('bc.chassis_master_id', 'in', [...masterIds])
    .where('b.status_code', 'in', [...HOLDING_STATUSES])
    .where('o.booking_order_type_code', 'in', [
      ...(isRedelivery(orderType) ? CLAIMING_TYPES.return : CLAIMING_TYPES.handOut),
    ])
    .$if(exceptOrderId !== undefined, (q) => q.where('o.booking_order_id', '<>', exceptOrderId as number))
    .orderBy('o.booking_order_id')
    .execute();
  const holds = new Map<number, ChassisHold>();
  for (const r of rows)
    if (!holds.has(r.chassis_master_id))
      holds.set(r.chassis_master_id, {
        chassisMasterId: r.chassis_master_id,
        chassisId: r.chassis_id,
        orderId: r.booking_order_id,
        orderType: r.booking_order_type_code,
        orderTypeName: r.name,
        bookingCode: r.booking_code,
      });
  return holds;
}

/**
 * Chassis a booker locked and found on no other open booking of its side, in the transaction that
 * books them (chassisStanding with `lock`): insertOrder takes it instead of claiming them again.
 */
export interface ChassisClaim {
  readonly orderType: string;
  readonly masterIds: ReadonlySet<number>;
}

/** Whether `claim` covers every chassis an order of `orderType` names. */
export const claimCovers = (
  claim: ChassisClaim | undefined,
  orderType: string,
  masterIds: readonly number[],
) => claim !== undefined && claim.orderType === orderType && masterIds.every((id) => claim.masterIds.has(id));

export interface ChassisStanding {
  /** Each chassis' term lease contract (null: a pool chassis). */
  contracts: Map<number, number | null>;
  /** The open booking on the same side each held chassis is on. */
  holds: Map<number, ChassisHold>;
  /** With `lock` and no chassis held: the claim insertOrder takes. */
  claim: ChassisClaim | null;
}

/**
 * Each chassis' contract and the open booking holding it. With `lock` (inside the transaction that
 * books them) the chassis rows are locked first, in id order so two claims never deadlock, and
 * the holds are read by the next statement, which sees what committed while it waited: the claim
 * itself, in two statements (issue 30 §1: a redelivery's check and its claim were five).
 */
export async function chassisStanding(
  db: Kysely<Database>,
  masterIds: readonly number[],
  query: HoldQuery,
  { lock }: { lock: boolean },
): Promise<ChassisStanding> {
  const ids = [...new Set(masterIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { contracts: new Map(), holds: new Map(), claim: null };
  const rows = await db
    .selectFrom('chassis')
    .select(['chassis_master_id', 'contract_id'])
    .where('chassis_master_id', 'in', ids)
    .orderBy('chassis_master_id')
    .$if(lock, (q) => q.forUpdate())
    .execute();
  const holds = await openHolds(db, ids, query);
  return {
    contracts: new Map(rows.map((r) => [r.chassis_master_id, r.contract_id])),
    holds,
    claim: lock && holds.size === 0 ? { orderType: query.orderType, masterIds: new Set(ids) } : null,
  };
}

/**
 * Locks the chassis and refuses (409, ChassisAlreadyHeld) when any is on another open booking.
 * Call it inside the transaction that then writes booking_chassis, before writing.
 */
export async function claimChassis(
  trx: Kysely<Database>,
  masterIds: readonly number[],
  query: HoldQuery,
): Promise<void> {
  const ids = [...new Set(masterIds)].sort((a, b) => a - b);
  const { holds } = await chassisStanding(trx, ids, query, { lock: true });
  if (holds.size > 0) throw new ChassisAlreadyHeld(ids.flatMap((id) => holds.get(id) ?? []));
}
