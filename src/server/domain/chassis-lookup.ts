/**
 * Issue 31: any signed-in user looks a chassis up: whether it is ours, its size and class, its pool
 * or contract type, and whether it is available, on hire to them, or on hire to someone else —
 * never to whom. A well-formed ID we have no record of is "not our chassis", naming the other
 * pool its prefix belongs to where known.
 */
import type { Kysely } from 'kysely';
import {
  CHASSIS_MESSAGES,
  isChassisIdFormat,
  normalizeChassisId,
  OTHER_POOL_PREFIXES,
} from '../../domain/equipment';
import type { ChassisLookup } from '../../schemas/chassis';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { Viewer } from './viewer';

export async function lookUpChassis(
  db: Kysely<Database>,
  viewer: Viewer,
  input: string,
): Promise<ChassisLookup> {
  if (!isChassisIdFormat(input))
    throw new AppError(400, CHASSIS_MESSAGES.format(input.trim()), 'CHASSIS_FORMAT');
  const id = normalizeChassisId(input);
  const row = await db
    .selectFrom('chassis as c')
    .innerJoin('equipment_categories as ec', 'ec.equipment_category_code', 'c.equipment_category_code')
    .innerJoin('inventory_orgs as o', 'o.inventory_org_code', 'c.inventory_org_code')
    .leftJoin('equipment_classes as cl', 'cl.code', 'c.equipment_class_code')
    .leftJoin('locations as l', 'l.location_id', 'c.location_id')
    .select([
      'c.status',
      'c.on_hire_customer_id',
      'c.contract_id',
      'c.equipment_category_code',
      'ec.description',
      'c.equipment_class_code',
      'cl.name as class_name',
      'o.org_type',
      'l.location_name',
    ])
    .where('c.chassis_id', '=', id)
    .executeTakeFirst();
  if (!row) {
    const other = OTHER_POOL_PREFIXES[id.slice(0, 4)] ?? null;
    return {
      ChassisId: id,
      Ours: false,
      Standing: 'NotOurs',
      Message: other
        ? `${id} is not our chassis: its prefix belongs to the ${other} pool.`
        : `${id} is not our chassis.`,
      EquipmentSize: null,
      EquipmentSizeName: null,
      EquipmentClass: null,
      EquipmentClassName: null,
      PoolType: null,
      LocationName: null,
      OtherPool: other,
    };
  }
  const name = `${row.description} ${row.class_name ?? row.equipment_class_code}`;
  const yours = row.on_hire_customer_id !== null && row.on_hire_customer_id === viewer.customerId;
  const standing =
    row.status === 'AVAILABLE'
      ? 'Available'
      : row.status === 'OUT_OF_SERVICE'
        ? 'OutOfService'
        : yours
          ? 'OnHireToYou'
          : 'OnHireToOther';
  const poolType = row.contract_id !== null ? 'Term Lease' : row.org_type;
  const message = {
    Available: `${id} is ours (${name}, ${poolType}) and available${row.location_name ? ` at ${row.location_name}` : ''}.`,
    OutOfService: `${id} is ours (${name}, ${poolType}) and out of service.`,
    OnHireToYou: `${id} is ours (${name}, ${poolType}) and on hire to your company.`,
    OnHireToOther: `${id} is ours (${name}, ${poolType}) and on hire to another company.`,
  }[standing];
  return {
    ChassisId: id,
    Ours: true,
    Standing: standing,
    Message: message,
    EquipmentSize: row.equipment_category_code,
    EquipmentSizeName: row.description,
    EquipmentClass: row.equipment_class_code,
    EquipmentClassName: row.class_name ?? row.equipment_class_code,
    PoolType: poolType,
    LocationName: standing === 'Available' ? row.location_name : null,
    OtherPool: null,
  };
}
