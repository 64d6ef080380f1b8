/**
 * A term lease order's fees (SPEC §3 "BookingFees", §4): the fee schedule's fees of the booked
 * locations, saved with the order (booking_order_fees) and kept in line with its bookings.
 */

import type { Kysely } from 'kysely';
import type { TermFee } from '../../../domain/term-lease';
import type { Database } from '../../db/types';
import { TERM_LEASE_ORDER_TYPE } from '../../domain/term-lease-contracts';

type Db = Kysely<Database>;

/** The fee schedule's fees of a booked location: TL fees for everywhere and those of the location. */
export async function feesAt(trx: Db, locationIds: readonly number[]) {
  if (locationIds.length === 0) return [];
  const schedule = await trx
    .selectFrom('fees')
    .select(['fee_id', 'amount', 'location_id', 'booking_order_type_code'])
    .where((eb) =>
      eb.or([
        eb.and([eb('booking_order_type_code', '=', TERM_LEASE_ORDER_TYPE), eb('location_id', 'is', null)]),
        eb.and([
          eb('location_id', 'in', [...locationIds]),
          eb.or([
            eb('booking_order_type_code', '=', TERM_LEASE_ORDER_TYPE),
            eb('booking_order_type_code', 'is', null),
          ]),
        ]),
      ]),
    )
    .orderBy('fee_id')
    .execute();
  return locationIds.flatMap((loc) =>
    schedule
      .filter((f) => f.location_id === null || f.location_id === loc)
      .map((f) => ({ fee_id: f.fee_id, location_id: loc, fee_amount: Number(f.amount) })),
  );
}

/**
 * Brings the order's saved fees in line with its bookings (SPEC §4), per location: a location with
 * an active booking (OP, PN, FF, CL) has its fees, not cancelled (added when new — "fees per booked
 * location"; un-cancelled when a booking there is un-cancelled); one whose bookings are all
 * cancelled has its fees cancelled ("cancelling the last active existing booking"); one with no
 * booking any more has none ("removing a booked item drops new fees"). Fees at a location with a
 * fulfilled or closed booking are locked for edit and never change.
 */
export async function reconcileFees(trx: Db, orderId: number): Promise<string[]> {
  const bookings = await trx
    .selectFrom('bookings')
    .select(['location_id', 'status_code'])
    .where('booking_order_id', '=', orderId)
    .execute();
  const fees = await trx
    .selectFrom('booking_order_fees')
    .selectAll()
    .where('booking_order_id', '=', orderId)
    .execute();
  const locations = [...new Set([...bookings.map((b) => b.location_id), ...fees.map((f) => f.location_id)])];
  const changes: string[] = [];
  const toAdd: number[] = [];
  for (const loc of locations) {
    if (loc === null) continue;
    const here = bookings.filter((b) => b.location_id === loc);
    const saved = fees.filter((f) => f.location_id === loc);
    const locked = here.some((b) => b.status_code === 'FF' || b.status_code === 'CL');
    if (locked) {
      const unlocked = saved.filter((f) => !f.locked_for_edit).map((f) => f.long_term_order_fee_id);
      if (unlocked.length)
        await trx
          .updateTable('booking_order_fees')
          .set({ locked_for_edit: true })
          .where('long_term_order_fee_id', 'in', unlocked)
          .execute();
      continue;
    }
    const active = here.some((b) => b.status_code === 'OP' || b.status_code === 'PN');
    if (here.length === 0) {
      if (saved.length) {
        await trx
          .deleteFrom('booking_order_fees')
          .where(
            'long_term_order_fee_id',
            'in',
            saved.map((f) => f.long_term_order_fee_id),
          )
          .execute();
        changes.push(`fees at ${loc} dropped`);
      }
    } else if (!active) {
      const ids = saved.filter((f) => !f.cancelled).map((f) => f.long_term_order_fee_id);
      if (ids.length) {
        await trx
          .updateTable('booking_order_fees')
          .set({ cancelled: true })
          .where('long_term_order_fee_id', 'in', ids)
          .execute();
        changes.push(`fees at ${loc} cancelled`);
      }
    } else if (saved.length === 0) {
      toAdd.push(loc);
    } else {
      const ids = saved.filter((f) => f.cancelled).map((f) => f.long_term_order_fee_id);
      if (ids.length) {
        await trx
          .updateTable('booking_order_fees')
          .set({ cancelled: false })
          .where('long_term_order_fee_id', 'in', ids)
          .execute();
        changes.push(`fees at ${loc} restored`);
      }
    }
  }
  const rows = await feesAt(trx, toAdd);
  if (rows.length) {
    await trx
      .insertInto('booking_order_fees')
      .values(rows.map((r) => ({ ...r, booking_order_id: orderId })))
      .execute();
    changes.push(...toAdd.map((loc) => `fees at ${loc} added`));
  }
  return changes;
}

/** The fees of an order, as SPEC §3 names their fields. */
export async function orderFees(db: Db, orderId: number): Promise<TermFee[]> {
  const rows = await db
    .selectFrom('booking_order_fees as of')
    .innerJoin('fees as f', 'f.fee_id', 'of.fee_id')
    .select([
      'of.long_term_order_fee_id',
      'of.fee_id',
      'of.fee_amount',
      'of.location_id',
      'of.cancelled',
      'of.locked_for_edit',
      'f.description',
    ])
    .where('of.booking_order_id', '=', orderId)
    .orderBy('of.location_id')
    .orderBy('of.fee_id')
    .execute();
  return rows.map((r) => ({
    longTermOrderFeeId: r.long_term_order_fee_id,
    feeId: r.fee_id,
    feeAmount: Number(r.fee_amount),
    feeLocation: r.location_id,
    cancelled: r.cancelled,
    LockedForEdit: r.locked_for_edit,
    feeDescription: r.description,
  }));
}
