/**
 * Issue 31: "My chassis" — the chassis a company holds on hire: since when, from which booking or
 * term lease, where it was picked up (gate events write these; older records may not say). The
 * redelivery and reuse pickers ask for the chassis their flow accepts (Purpose).
 */
import { type Kysely, sql } from 'kysely';
import { POOL_REDELIVERY_EQUIPMENT_CATEGORIES } from '../../domain/lookups';
import { mayActFor } from '../../domain/policies';
import { REDELIVERY_ORDER_TYPES } from '../../domain/redelivery';
import type { HeldChassis, HeldChassisList, HeldChassisQuery } from '../../schemas/chassis';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import { HOLDING_STATUSES, REUSE_ORDER_TYPES } from './chassis-holds';
import type { Viewer } from './viewer';

/** The company whose chassis are listed: a customer's own; staff name one. */
function companyOf(viewer: Viewer, customerId: number | undefined): number {
  const id = customerId ?? viewer.customerId;
  if (id == null)
    throw new AppError(400, 'Choose the company (CustomerId) whose chassis to list.', 'CHOOSE_COMPANY');
  if (!mayActFor(viewer, id)) throw notFound('No such company.');
  return id;
}

function heldQuery(db: Kysely<Database>, customerId: number, q: HeldChassisQuery) {
  let query = db
    .selectFrom('chassis as c')
    .innerJoin('equipment_categories as ec', 'ec.equipment_category_code', 'c.equipment_category_code')
    .leftJoin('equipment_classes as cl', 'cl.code', 'c.equipment_class_code')
    .leftJoin('bookings as b', 'b.booking_id', 'c.on_hire_booking_id')
    .leftJoin('term_lease_contracts as k', 'k.contract_id', 'c.contract_id')
    .leftJoin('locations as l', 'l.location_id', 'c.on_hire_location_id')
    .where('c.on_hire_customer_id', '=', customerId)
    .where('c.status', '=', 'ON_HIRE');
  // What the flow's own claim check (chassis-holds.ts) would refuse is not offered: a chassis on an
  // open booking of the same side (reuse; a redelivery).
  const onOpen = (types: readonly string[]) => sql<boolean>`exists (select 1 from booking_chassis bc
      join bookings rb on rb.booking_id = bc.booking_id
      join booking_orders ro on ro.booking_order_id = rb.booking_order_id
      where bc.chassis_master_id = c.chassis_master_id and rb.status_code in (${sql.join([...HOLDING_STATUSES])})
        and ro.booking_order_type_code in (${sql.join([...types])}))`;
  if (q.Purpose === 'reuse')
    query = query.where('c.contract_id', 'is', null).where(sql<boolean>`not ${onOpen(REUSE_ORDER_TYPES)}`);
  if (q.Purpose === 'poolRedelivery')
    query = query
      .where('c.contract_id', 'is', null)
      .where('c.equipment_category_code', 'in', [...POOL_REDELIVERY_EQUIPMENT_CATEGORIES])
      .where(sql<boolean>`not ${onOpen(REDELIVERY_ORDER_TYPES)}`);
  if (q.Purpose === 'termLeaseRedelivery')
    query = query
      .where('c.contract_id', 'is not', null)
      .where(sql<boolean>`not ${onOpen(REDELIVERY_ORDER_TYPES)}`);
  const text = q.Search?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('c.chassis_id', 'like', `%${text.replace('-', '').toUpperCase()}%`),
        eb('b.booking_code', 'ilike', like),
        eb('k.contract_number', 'ilike', like),
        eb('l.location_name', 'ilike', like),
        eb('ec.description', 'ilike', like),
      ]),
    );
  }
  return query;
}

/** One page of the company's chassis on hire, by chassis ID. */
export async function searchHeldChassis(
  db: Kysely<Database>,
  viewer: Viewer,
  q: HeldChassisQuery,
): Promise<HeldChassisList> {
  const customerId = companyOf(viewer, q.CustomerId);
  const size = q.PageSize ?? 50;
  const page = q.Page ?? 1;
  const query = heldQuery(db, customerId, q);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'c.chassis_id',
      'c.equipment_category_code',
      'ec.description',
      'c.equipment_class_code',
      'cl.name as class_name',
      'c.on_hire_since',
      'b.booking_code',
      'b.booking_order_id',
      'k.contract_number',
      // A calendar day as written: a Date would be a moment, read a day early west of UTC.
      sql<string | null>`to_char(k.effective_date, 'YYYY-MM-DD')`.as('contract_start'),
      'l.location_name',
    ])
    .orderBy('c.chassis_id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const list: HeldChassis[] = rows.map((r) => ({
    ChassisId: r.chassis_id,
    EquipmentSize: r.equipment_category_code,
    EquipmentSizeName: r.description,
    EquipmentClass: r.equipment_class_code,
    EquipmentClassName: r.class_name ?? r.equipment_class_code,
    OnHireSince: r.on_hire_since ? new Date(r.on_hire_since).toISOString() : null,
    BookingCode: r.booking_code ?? null,
    BookingOrderId: r.booking_order_id ?? null,
    ContractNumber: r.contract_number ?? null,
    ContractStart: r.contract_start ?? null,
    PickedUpAt: r.location_name ?? null,
  }));
  return { TotalCount: Number(total.n), ResultSet: list };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Every chassis of the list (not one page) as CSV, with the names a person reads. */
export async function exportHeldChassis(
  db: Kysely<Database>,
  viewer: Viewer,
  q: HeldChassisQuery,
): Promise<string> {
  const all = await searchHeldChassis(db, viewer, { ...q, Page: 1, PageSize: 1000 });
  const rows = [...all.ResultSet];
  for (let page = 2; rows.length < all.TotalCount; page++)
    rows.push(...(await searchHeldChassis(db, viewer, { ...q, Page: page, PageSize: 1000 })).ResultSet);
  const header = [
    'Chassis ID',
    'Size',
    'Class',
    'On hire since',
    'Booking',
    'Term lease contract',
    'Picked up at',
  ];
  const lines = rows.map((r) =>
    [
      r.ChassisId,
      r.EquipmentSizeName,
      r.EquipmentClassName,
      r.OnHireSince,
      r.BookingCode,
      r.ContractNumber,
      r.PickedUpAt,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
