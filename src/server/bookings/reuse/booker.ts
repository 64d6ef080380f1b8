/**
 * Reuse booking (RU): a customer books again chassis it already holds, instead of returning them
 * to the yard and booking others. Every chassis must be ours and on hire to that customer; the
 * bookings are grouped by where the chassis were picked up, size and class, and are confirmed at
 * once: they take nothing from a yard, so neither availability nor the weekly threshold applies.
 *
 * Issue 25: what makes a chassis ineligible (the equipment check, a term lease, an open reuse
 * booking holding it) is judged by one function, checkReuse: the booker at submit and the form's
 * per-row verdicts (POST /api/lookup/equipment with OrderType RU, through the booking-type
 * registry's chassisCheck) give the same refusal.
 */

import { type Kysely, sql } from 'kysely';
import { CONFIGURED_LOCATION_ID } from '../../../domain/constants';
import { asCustomer } from '../../../domain/policies';
import type { FieldError } from '../../../engine/core/types';
import type { ReuseBookingData } from '../../../flows/flow-data.generated';
import type { EquipmentVerdict } from '../../../schemas/lookup';
import type { Database } from '../../db/types';
import {
  ChassisAlreadyHeld,
  type ChassisClaim,
  type ChassisHold,
  chassisHeldMessage,
  chassisStanding,
} from '../../domain/chassis-holds';
import { type ChassisCheck, validateEquipment } from '../../domain/equipment';
import { actorOf } from '../../domain/order-audit';
import type { Viewer } from '../../domain/viewer';
import { bookingsOfChassis, insertOrder, type PlacedChassis } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import { type Booker, SubmissionRefused } from '../submission';

export const REUSE_ORDER_TYPE = 'RU';

export const termLeaseChassisMessage = (id: string) =>
  `${id} is on a term lease: reuse books pool chassis only.`;

interface HeldChassis {
  chassis_master_id: number;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  /** Where the booking that last named this chassis was (its pick-up location); null without history. */
  last_location_id: number | null;
}

async function heldChassis(trx: Kysely<Database>, masterIds: readonly number[]): Promise<HeldChassis[]> {
  if (masterIds.length === 0) return [];
  const { rows } = await sql<HeldChassis>`
    select c.chassis_master_id, c.chassis_id, c.equipment_category_code, c.equipment_class_code,
      (select b.location_id from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
        where bc.chassis_master_id = c.chassis_master_id
        order by b.created_at desc, b.booking_id desc limit 1) as last_location_id
    from chassis c where c.chassis_master_id in (${sql.join(masterIds)})`.execute(trx);
  return rows;
}

export interface ReuseCheck {
  /** One per input, in order: the equipment check's, then a term lease or an open reuse booking refuses. */
  verdicts: EquipmentVerdict[];
  /** The open reuse bookings holding listed chassis (the submit's 409, CHASSIS_ON_OPEN_BOOKING). */
  holds: ChassisHold[];
  /** The listed chassis that are ours, by master id: what the bookings are grouped by. */
  held: Map<number, HeldChassis>;
  /** With `lock` and none held: the claim of the chassis, for insertOrder. */
  claim: ChassisClaim | null;
}

/**
 * Each listed chassis judged for reuse, as `viewer` (the customer the booking is for): ours and on
 * hire to them (validateEquipment), not on a term lease (reuse books pool chassis only), not on
 * another open reuse booking (chassis-holds.ts). With `lock` (the submit's transaction) the check
 * is also the claim of the chassis.
 */
export async function checkReuse(
  db: Kysely<Database>,
  viewer: Viewer,
  inputs: readonly string[],
  { lock }: { lock: boolean } = { lock: false },
): Promise<ReuseCheck> {
  const equipment = await validateEquipment(db, viewer, inputs);
  const masterIds = [
    ...new Set(equipment.flatMap((v) => (v.Valid && v.ChassisMasterId ? [v.ChassisMasterId] : []))),
  ];
  const standing = await chassisStanding(db, masterIds, { orderType: REUSE_ORDER_TYPE }, { lock });
  const held = new Map((await heldChassis(db, masterIds)).map((c) => [c.chassis_master_id, c]));
  const holds: ChassisHold[] = [];
  const verdicts = equipment.map((v) => {
    if (!v.Valid || !v.ChassisMasterId || !v.ChassisId) return v;
    const refuse = (message: string): EquipmentVerdict => ({ ...v, Valid: false, Message: message });
    if (standing.contracts.get(v.ChassisMasterId) != null)
      return refuse(termLeaseChassisMessage(v.ChassisId));
    const hold = standing.holds.get(v.ChassisMasterId);
    if (hold) {
      if (!holds.includes(hold)) holds.push(hold);
      return refuse(chassisHeldMessage(hold));
    }
    return v;
  });
  return { verdicts, holds, held, claim: standing.claim };
}

/** The form's per-row verdicts for a reuse list (the booking-type registry's chassisCheck). */
export const reuseVerdicts: ChassisCheck = async (db, viewer, inputs) =>
  (await checkReuse(db, viewer, inputs)).verdicts;

/** The listed chassis, each at the location it was picked up from. */
const atPickUpLocation = (listed: readonly HeldChassis[]): PlacedChassis[] =>
  listed.map((c) => ({
    // Without a booking that handed it out we cannot tell where it came from: the configured
    // default location (SPEC §9) stands in, and staff can see that in the order.
    locationId: c.last_location_id ?? CONFIGURED_LOCATION_ID,
    category: c.equipment_category_code,
    equipmentClass: c.equipment_class_code,
    chassisMasterId: c.chassis_master_id,
  }));

export const bookReuse: Booker<ReuseBookingData> = (deps, request) => {
  const { data } = request;
  const inputs = data.Chassis.ChassisIds;
  return bookOnce(deps, request, REUSE_ORDER_TYPE, data.Customer?.CustomerId, async (trx, customer) => {
    // Checked as the customer the booking is for, whoever books: staff too may only reuse what
    // that customer holds.
    const customerView = asCustomer(request.viewer, customer.customerId);
    const { verdicts, holds, held, claim } = await checkReuse(trx, customerView, inputs, { lock: true });
    // A chassis on an open reuse booking keeps its 409 (issue 27), asked once the list is otherwise
    // right: every other problem is named per row first, as the form names them on step 1.
    const heldIds = new Set(holds.map((h) => h.chassisMasterId));
    const errors: FieldError[] = verdicts.flatMap((v, i) =>
      v.Valid || (v.ChassisMasterId !== null && heldIds.has(v.ChassisMasterId))
        ? []
        : [{ field: `Chassis.ChassisIds.${i}`, message: v.Message ?? `${v.Input} cannot be reused.` }],
    );
    if (errors.length > 0) throw SubmissionRefused.fromErrors(errors, 'EQUIPMENT');
    if (holds.length > 0) throw new ChassisAlreadyHeld(holds);

    const listed = verdicts.map((v) => held.get(v.ChassisMasterId as number) as HeldChassis);
    const bookings = bookingsOfChassis(atPickUpLocation(listed));
    return insertOrder(trx, {
      orderType: REUSE_ORDER_TYPE,
      customerId: customer.customerId,
      contact: data.Contact,
      idempotency: idempotencyOf(request),
      actor: actorOf(request.viewer),
      pending: null,
      bookings,
      ...(claim ? { claim } : {}),
    });
  });
};
