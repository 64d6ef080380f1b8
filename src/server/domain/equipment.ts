/**
 * POST /api/lookup/equipment: checks chassis IDs against the real equipment records. Each ID gets
 * its own verdict and message: wrong format, unknown with another provider's prefix, unknown, or
 * (for a customer) not on hire to the caller's company, named. A record wins over the prefix: co-op
 * pool units carry their owners' prefixes and are still ours to book.
 */

import type { Kysely } from 'kysely';
import {
  CHASSIS_MESSAGES,
  isChassisIdFormat,
  isProviderPrefix,
  normalizeChassisId,
} from '../../domain/equipment';
import { seesEveryCustomer } from '../../domain/policies';
import type { EquipmentVerdict } from '../../schemas/lookup';
import type { Database } from '../db/types';
import type { Viewer } from './viewer';

/**
 * A booking type's per-chassis eligibility, as its booker applies it at submit: one verdict per
 * input, in order (validateEquipment's, then what the type adds). The booking-type registry names
 * it (chassisCheck), and POST /api/lookup/equipment with that OrderType answers the form's rows
 * with it, so step 1 refuses what the submit would (issue 25).
 */
export type ChassisCheck = (
  db: Kysely<Database>,
  viewer: Viewer,
  inputs: readonly string[],
) => Promise<EquipmentVerdict[]>;

export async function validateEquipment(
  db: Kysely<Database>,
  viewer: Viewer,
  inputs: readonly string[],
): Promise<EquipmentVerdict[]> {
  const wellFormed = inputs.filter(isChassisIdFormat).map(normalizeChassisId);
  const records = wellFormed.length
    ? await db
        .selectFrom('chassis')
        .select([
          'chassis_master_id',
          'chassis_id',
          'equipment_category_code',
          'equipment_class_code',
          'status',
          'on_hire_customer_id',
          'location_id',
        ])
        .where('chassis_id', 'in', [...new Set(wellFormed)])
        .execute()
    : [];
  const byId = new Map(records.map((r) => [r.chassis_id, r]));
  // Read only when some chassis is not on hire to the company: the message names it (issue 31).
  const judged = !seesEveryCustomer(viewer);
  const company =
    judged && records.some((r) => r.on_hire_customer_id !== viewer.customerId)
      ? await companyName(db, viewer.customerId)
      : 'your company';

  return inputs.map((input) => {
    const base = {
      Input: input,
      ChassisId: null,
      ChassisMasterId: null,
      EquipmentCategoryCode: null,
      EquipmentClassCode: null,
      OnHireToCaller: false,
      LocationId: null,
    };
    if (!isChassisIdFormat(input))
      return { ...base, Valid: false, Message: CHASSIS_MESSAGES.format(input.trim()) };
    const id = normalizeChassisId(input);
    if (!isProviderPrefix(id))
      return { ...base, ChassisId: id, Valid: false, Message: CHASSIS_MESSAGES.otherProvider(id) };
    const record = byId.get(id);
    if (!record) return { ...base, ChassisId: id, Valid: false, Message: CHASSIS_MESSAGES.unknown(id) };
    const onHireToCaller =
      record.on_hire_customer_id !== null && record.on_hire_customer_id === viewer.customerId;
    const found = {
      ...base,
      ChassisId: id,
      ChassisMasterId: record.chassis_master_id,
      EquipmentCategoryCode: record.equipment_category_code,
      EquipmentClassCode: record.equipment_class_code,
      OnHireToCaller: onHireToCaller,
      LocationId: record.location_id,
    };
    // A customer may only name chassis their company holds; staff see every record.
    if (judged && !onHireToCaller)
      return { ...base, ChassisId: id, Valid: false, Message: CHASSIS_MESSAGES.notOnHire(id, company) };
    return { ...found, Valid: true, Message: null };
  });
}

/** The company's name as its people know it; "your company" for a user linked to none. */
async function companyName(db: Kysely<Database>, customerId: number | null): Promise<string> {
  if (customerId === null) return 'your company';
  const row = await db
    .selectFrom('customers')
    .select('customer_name')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.customer_name ?? 'your company';
}
