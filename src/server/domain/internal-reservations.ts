/**
 * Internal reservations (SPEC §1, §3): staff hold units back from customers per provider-managed
 * org, location, size, class and extendable. A reservation closed to customers
 * (CustomerBookingsAllowed false) lowers what customers can book at once — countInventory
 * subtracts it, and every booker reads that count. A reservation may never hold more than is free
 * at the location; the refusal names the free number. Every change is one transaction (the
 * location row locked, as a booking locks it, so a reservation and a booking never both take the
 * last units), written to the audit trail and announced on the hub after the commit.
 */

import { type Kysely, sql } from 'kysely';
import type {
  Reservation,
  ReservationCreate,
  ReservationSearch,
  ReservationSearchResponse,
  ReservationUpdate,
} from '../../schemas/internal-reservation';
import type { Database } from '../db/types';
import { AppError, type ErrorLog, notFound } from '../errors';
import { announce, type OrderEvents } from '../events/order-events';
import { POOL_ORG_TYPES } from './availability';
import { loadDisplayNames } from './display-names';
import {
  bad,
  checkReason,
  checkSizeAndClass,
  freeFor,
  heldBack,
  type Kind,
  kindText,
  orgLocation,
  providerManagedOrg,
  tooMany,
} from './internal-reservation-checks';
import { countInventory } from './inventory-availability-counts';
import { agoText } from './time-text';
import type { Viewer } from './viewer';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

export interface ReservationDeps {
  db: Kysely<Database>;
  orderEvents: OrderEvents;
  /** Feature flag "internal reservation comments" (FEATURE_INTERNAL_RESERVATION_COMMENTS). */
  commentsEnabled: boolean;
}

async function audit(db: Kysely<Database>, viewer: Viewer, id: number, action: string, details: object) {
  await db
    .insertInto('audit_log')
    .values({
      entity_type: 'internal_reservation',
      entity_id: String(id),
      action,
      changed_by: viewer.userId,
      details: JSON.stringify(details),
    })
    .execute();
}

const snapshot = (r: {
  reserved_quantity: number;
  customer_bookings_allowed: boolean;
  reason_code: string | null;
  reservation_comment: string | null;
}) => ({
  ReservedQuantity: r.reserved_quantity,
  CustomerBookingsAllowed: r.customer_bookings_allowed,
  ReasonCode: r.reason_code,
  ReservationComment: r.reservation_comment,
});

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('internal_reservations as r')
    .innerJoin('locations as l', 'l.location_id', 'r.location_id')
    .innerJoin('inventory_orgs as g', 'g.inventory_org_code', 'r.inventory_org_code')
    .leftJoin('reasons as why', (j) =>
      j.onRef('why.reason_code', '=', 'r.reason_code').on('why.reason_kind', '=', 'INTERNAL_RESERVATION'),
    )
    .selectAll('r')
    .select(['l.location_name', 'l.market_code', 'g.org_type', 'why.description as reason_description']);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

async function present(
  db: Kysely<Database>,
  rows: readonly Row[],
  commentsEnabled: boolean,
): Promise<Reservation[]> {
  // Free per location, size and class: one count for all rows.
  const locationIds = [...new Set(rows.map((r) => r.location_id))];
  const categories = [...new Set(rows.map((r) => r.equipment_category_code))];
  const classes = [...new Set(rows.map((r) => r.equipment_class_code))];
  const key = (l: number, c: string, k: string) => `${l}|${c}|${k}`;
  const scope = { locationIds, categories, classes };
  const [all, yes, no] = await Promise.all([
    countInventory(db, scope),
    countInventory(db, { ...scope, extendable: 'Yes' }),
    countInventory(db, { ...scope, extendable: 'No' }),
  ]);
  const index = (counts: typeof all) =>
    new Map(counts.map((c) => [key(c.locationId, c.category, c.equipmentClass), c.available]));
  const [allFree, yesFree, noFree] = [index(all), index(yes), index(no)];
  return rows.map((r) => {
    const k = key(r.location_id, r.equipment_category_code, r.equipment_class_code);
    const poolOrg = (POOL_ORG_TYPES as readonly string[]).includes(r.org_type);
    const free =
      Math.min(allFree.get(k) ?? 0, (r.extendable ? yesFree : noFree).get(k) ?? 0) +
      heldBack(r.reserved_quantity, r.customer_bookings_allowed, poolOrg);
    const comment = commentsEnabled ? r.reservation_comment : null;
    return {
      ReservationId: r.reservation_id,
      InventoryOrgCode: r.inventory_org_code,
      LocationId: r.location_id,
      LocationName: r.location_name,
      MarketCode: r.market_code,
      EquipmentSize: r.equipment_category_code,
      EquipmentClass: r.equipment_class_code,
      Extendable: r.extendable,
      ReservedQuantity: r.reserved_quantity,
      OriginalReservedQuantity: r.reserved_quantity,
      CustomerBookingsAllowed: r.customer_bookings_allowed,
      ReasonCode: r.reason_code,
      ReasonDescription: r.reason_description,
      ModifiedBy: r.modified_by,
      LastModified: iso(r.last_modified),
      HasComment: comment !== null,
      FreeQuantity: free,
      Detail: {
        InventoryOrgCode: r.inventory_org_code,
        LocationId: r.location_id,
        ReservationComment: comment,
        CommentUser: commentsEnabled ? r.comment_user : null,
        CommentDate: commentsEnabled && r.comment_date ? iso(r.comment_date) : null,
        CommentUpdated:
          commentsEnabled && r.comment_date !== null && iso(r.comment_date) === iso(r.last_modified),
      },
    };
  });
}

export async function searchReservations(
  deps: Pick<ReservationDeps, 'db' | 'commentsEnabled'>,
  search: ReservationSearch,
): Promise<ReservationSearchResponse> {
  const { db } = deps;
  const org = await providerManagedOrg(db, search.InventoryOrgCode);
  let query = baseQuery(db).where('r.inventory_org_code', '=', org.inventory_org_code);
  const market = blankToNull(search.MarketCode);
  if (market) query = query.where(sql`upper(l.market_code)`, '=', market.toUpperCase());
  if (search.LocationId !== undefined) query = query.where('r.location_id', '=', search.LocationId);
  const size = blankToNull(search.EquipmentSize);
  if (size) query = query.where('r.equipment_category_code', '=', size);
  const cls = blankToNull(search.EquipmentClass);
  if (cls) query = query.where('r.equipment_class_code', '=', cls);
  const rows = await query
    .orderBy('l.location_name')
    .orderBy('r.equipment_category_code')
    .orderBy('r.equipment_class_code')
    .orderBy('r.extendable')
    .orderBy('r.reservation_id')
    .execute();
  return {
    InventoryOrgCode: org.inventory_org_code,
    CommentsEnabled: deps.commentsEnabled,
    Reservations: await present(db, rows, deps.commentsEnabled),
  };
}

async function presentOne(deps: ReservationDeps, id: number): Promise<Reservation> {
  const row = await baseQuery(deps.db).where('r.reservation_id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`There is no internal reservation ${id}.`);
  const [one] = await present(deps.db, [row], deps.commentsEnabled);
  return one as Reservation;
}

function commentOf(deps: ReservationDeps, text: string | null | undefined) {
  if (text === undefined) return undefined;
  if (!deps.commentsEnabled && blankToNull(text) !== null)
    throw bad('Reservation comments are turned off: send the reservation without a comment.', 'COMMENTS_OFF');
  return blankToNull(text);
}

const lockLocation = (db: Kysely<Database>, locationId: number) =>
  sql`select location_id from locations where location_id = ${locationId} for no key update`.execute(db);

const isDuplicate = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' && (e.message ?? '').includes('internal_reservations');
};

export async function createReservation(
  deps: ReservationDeps,
  viewer: Viewer,
  body: ReservationCreate,
  log: ErrorLog,
): Promise<Reservation> {
  const { db } = deps;
  const org = await providerManagedOrg(db, body.InventoryOrgCode);
  const location = await orgLocation(db, org.inventory_org_code, body.LocationId);
  await checkSizeAndClass(db, body.EquipmentSize, body.EquipmentClass);
  await checkReason(db, body.ReasonCode);
  const comment = commentOf(deps, body.ReservationComment) ?? null;
  const kind: Kind = {
    inventory_org_code: org.inventory_org_code,
    location_id: location.location_id,
    equipment_category_code: body.EquipmentSize,
    equipment_class_code: body.EquipmentClass,
    extendable: body.Extendable ?? false,
  };
  const name = viewer.claims.UserFullName || viewer.userName;
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await lockLocation(trx, kind.location_id);
      const existing = await trx
        .selectFrom('internal_reservations')
        .select(['reservation_id', 'reserved_quantity'])
        .where('inventory_org_code', '=', kind.inventory_org_code)
        .where('location_id', '=', kind.location_id)
        .where('equipment_category_code', '=', kind.equipment_category_code)
        .where('equipment_class_code', '=', kind.equipment_class_code)
        .where('extendable', '=', kind.extendable)
        .executeTakeFirst();
      if (existing)
        throw new AppError(
          409,
          `${kind.inventory_org_code} already reserves ${existing.reserved_quantity} of ${kindText(kind, await loadDisplayNames({ db, trx }))} at ${location.location_name}: change that one instead.`,
          'RESERVATION_EXISTS',
        );
      const free = await freeFor(trx, kind, 0);
      if (body.ReservedQuantity > free)
        throw tooMany(
          { ...kind, location_name: location.location_name },
          body.ReservedQuantity,
          free,
          await loadDisplayNames({ db, trx }),
        );
      const now = new Date();
      const row = await trx
        .insertInto('internal_reservations')
        .values({
          ...kind,
          reserved_quantity: body.ReservedQuantity,
          customer_bookings_allowed: body.CustomerBookingsAllowed ?? false,
          reason_code: body.ReasonCode,
          reservation_comment: comment,
          comment_user: comment === null ? null : name,
          comment_date: comment === null ? null : now,
          modified_by: name,
          last_modified: now,
        })
        .returning('reservation_id')
        .executeTakeFirstOrThrow();
      await audit(trx, viewer, row.reservation_id, 'created', {
        ...kind,
        after: {
          ReservedQuantity: body.ReservedQuantity,
          CustomerBookingsAllowed: body.CustomerBookingsAllowed ?? false,
          ReasonCode: body.ReasonCode,
          ReservationComment: comment,
        },
        free,
      });
      return row.reservation_id;
    });
  } catch (err) {
    if (isDuplicate(err))
      throw new AppError(
        409,
        `${kind.inventory_org_code} already reserves ${kindText(kind, await loadDisplayNames({ db }))} at ${location.location_name}: change that reservation instead.`,
        'RESERVATION_EXISTS',
      );
    throw err;
  }
  announce(deps.orderEvents, log, { BookingOrderId: id, Change: 'inventory' });
  return presentOne(deps, id);
}

export async function updateReservation(
  deps: ReservationDeps,
  viewer: Viewer,
  id: number,
  body: ReservationUpdate,
  log: ErrorLog,
): Promise<Reservation> {
  const { db } = deps;
  if (body.ReasonCode !== undefined) await checkReason(db, body.ReasonCode);
  if (body.ReservationComment !== undefined && body.CommentUpdated !== true)
    throw bad('Send CommentUpdated: true with a new ReservationComment (or leave the comment out).');
  // With comments turned off a hidden comment is neither written nor cleared.
  if (body.CommentUpdated === true && !deps.commentsEnabled)
    throw bad('Reservation comments are turned off: send the change without a comment.', 'COMMENTS_OFF');
  const comment = body.CommentUpdated === true ? commentOf(deps, body.ReservationComment ?? null) : undefined;
  const name = viewer.claims.UserFullName || viewer.userName;
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('internal_reservations')
      .select('location_id')
      .where('reservation_id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound(`There is no internal reservation ${id}.`);
    await lockLocation(trx, current.location_id);
    const before = await baseQuery(trx)
      .where('r.reservation_id', '=', id)
      .forUpdate('r')
      .executeTakeFirstOrThrow();
    if (before.reserved_quantity !== body.OriginalReservedQuantity)
      throw new AppError(
        409,
        `Reservation ${id} was changed by ${before.modified_by ?? 'someone else'} ${agoText(before.last_modified)}: it now reserves ${before.reserved_quantity}, not ${body.OriginalReservedQuantity}. Reload it and make your change again.`,
        'RESERVATION_CHANGED',
      );
    const after = {
      reserved_quantity: body.ReservedQuantity ?? before.reserved_quantity,
      customer_bookings_allowed: body.CustomerBookingsAllowed ?? before.customer_bookings_allowed,
      reason_code: body.ReasonCode ?? before.reason_code,
      reservation_comment: comment === undefined ? before.reservation_comment : comment,
    };
    const unchanged = (Object.keys(after) as (keyof typeof after)[]).every((k) => after[k] === before[k]);
    if (unchanged) throw bad(`Nothing to save: reservation ${id} already is as sent.`, 'NOTHING_CHANGED');
    const poolOrg = (POOL_ORG_TYPES as readonly string[]).includes(before.org_type);
    const heldBefore = heldBack(before.reserved_quantity, before.customer_bookings_allowed, poolOrg);
    const heldAfter = heldBack(after.reserved_quantity, after.customer_bookings_allowed, poolOrg);
    // Only a reservation that takes more (or closes more to customers) needs the free units.
    let free: number | null = null;
    if (after.reserved_quantity > before.reserved_quantity || heldAfter > heldBefore) {
      free = await freeFor(trx, before, heldBefore);
      if (after.reserved_quantity > free)
        throw tooMany(before, after.reserved_quantity, free, await loadDisplayNames({ db, trx }));
    }
    const now = new Date();
    const commentChanged = comment !== undefined && comment !== before.reservation_comment;
    await trx
      .updateTable('internal_reservations')
      .set({
        ...after,
        ...(commentChanged
          ? { comment_user: comment === null ? null : name, comment_date: comment === null ? null : now }
          : {}),
        modified_by: name,
        last_modified: now,
      })
      .where('reservation_id', '=', id)
      .execute();
    await audit(trx, viewer, id, 'updated', {
      before: snapshot(before),
      after: snapshot(after),
      ...(free === null ? {} : { free }),
    });
  });
  announce(deps.orderEvents, log, { BookingOrderId: id, Change: 'inventory' });
  return presentOne(deps, id);
}
