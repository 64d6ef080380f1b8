/**
 * Reuse booking (RU): a customer books again chassis it already holds, instead of returning them
 * to the yard and booking others. Every chassis must be ours and on hire to that customer; the
 * bookings are grouped by where the chassis were picked up, size and class, and are confirmed at
 * once: they take nothing from a yard, so neither availability nor the weekly threshold applies.
 */

import { type Kysely, sql } from 'kysely';
import { CONFIGURED_LOCATION_ID } from '../../domain/constants';
import { asCustomer } from '../../domain/policies';
import type { FieldError } from '../../engine/core/types';
import type { ReuseBookingData } from '../../flows/flow-data.generated';
import type { Database } from '../db/types';
import { insertOrder, type NewBooking } from './booking-orders';
import { bookOnce, idempotencyOf } from './booking-transaction';
import { validateEquipment } from './equipment';
import { actorOf } from './order-audit';
import { type Booker, SubmissionRefused } from './submission';

export const termLeaseChassisMessage = (id: string) =>
  `${id} is on a term lease: reuse books pool chassis only.`;

interface HeldChassis {
  chassis_master_id: number;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  contract_id: number | null;
  /** Where the booking that last named this chassis was (its pick-up location); null without history. */
  last_location_id: number | null;
}

async function heldChassis(trx: Kysely<Database>, masterIds: readonly number[]): Promise<HeldChassis[]> {
  const { rows } = await sql<HeldChassis>`
    select c.chassis_master_id, c.chassis_id, c.equipment_category_code, c.equipment_class_code, c.contract_id,
      (select b.location_id from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
        where bc.chassis_master_id = c.chassis_master_id
        order by b.created_at desc, b.booking_id desc limit 1) as last_location_id
    from chassis c where c.chassis_master_id in (${sql.join(masterIds)})`.execute(trx);
  return rows;
}

/** One booking per (pick-up location, size, class), in the order the chassis were listed. */
function groupBookings(listed: readonly HeldChassis[]): NewBooking[] {
  const groups = new Map<string, NewBooking & { chassisMasterIds: number[] }>();
  for (const c of listed) {
    // Without a booking that handed it out we cannot tell where it came from: the configured
    // default location (SPEC §9) stands in, and staff can see that in the order.
    const locationId = c.last_location_id ?? CONFIGURED_LOCATION_ID;
    const key = `${locationId}|${c.equipment_category_code}|${c.equipment_class_code}`;
    const group = groups.get(key) ?? {
      locationId,
      category: c.equipment_category_code,
      equipmentClass: c.equipment_class_code,
      units: 0,
      chassisMasterIds: [],
    };
    group.chassisMasterIds.push(c.chassis_master_id);
    group.units = group.chassisMasterIds.length;
    groups.set(key, group);
  }
  return [...groups.values()];
}

export const bookReuse: Booker = (deps, request) => {
  const data = request.data as unknown as ReuseBookingData;
  const inputs = data.Chassis.ChassisIds;
  return bookOnce(deps, request, 'RU', data.Customer?.CustomerId, async (trx, customer) => {
    // Checked as the customer the booking is for, whoever books: staff too may only reuse what
    // that customer holds.
    const customerView = asCustomer(request.viewer, customer.customerId);
    const verdicts = await validateEquipment(trx, customerView, inputs);
    const errors: FieldError[] = verdicts.flatMap((v, i) =>
      v.Valid
        ? []
        : [{ field: `Chassis.ChassisIds.${i}`, message: v.Message ?? `${v.Input} cannot be reused.` }],
    );
    if (errors.length > 0) throw SubmissionRefused.fromErrors(errors, 'EQUIPMENT');

    const masterIds = verdicts.map((v) => v.ChassisMasterId as number);
    const held = new Map((await heldChassis(trx, masterIds)).map((c) => [c.chassis_master_id, c]));
    const listed = masterIds.map((id) => held.get(id) as HeldChassis);
    const termLeased: FieldError[] = listed.flatMap((c, i) =>
      c.contract_id === null
        ? []
        : [{ field: `Chassis.ChassisIds.${i}`, message: termLeaseChassisMessage(c.chassis_id) }],
    );
    if (termLeased.length > 0) throw SubmissionRefused.fromErrors(termLeased, 'EQUIPMENT');

    const bookings = groupBookings(listed);
    return insertOrder(trx, {
      orderType: 'RU',
      customerId: customer.customerId,
      contact: data.Contact,
      idempotency: idempotencyOf(request),
      actor: actorOf(request.viewer),
      pending: null,
      bookings,
    });
  });
};
