/**
 * The frame every booker runs in (ARCHITECTURE §5): one transaction that first locks the customer
 * row, so one customer's submits book one after another, then answers a replayed Idempotency-Key
 * with the order it already booked, and otherwise lets the booker write a new order.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { type BookingCustomer, bookingCustomer } from './booking-customer';
import { presentOrder } from './booking-presenter';
import type { BookingDeps, BookingOutcome, BookingRequest } from './submission';

const keyUsedElsewhere = () =>
  new AppError(
    409,
    'This Idempotency-Key was already used for a different booking request. Send a new key with every new booking.',
    'IDEMPOTENCY_KEY_REUSED',
  );

/** The order an earlier submit with this key booked, when it was the same customer and order type. */
async function replayedOrder(
  trx: Kysely<Database>,
  key: string,
  customerId: number,
  orderType: string,
): Promise<number | null> {
  const earlier = await trx
    .selectFrom('booking_orders')
    .select(['booking_order_id', 'customer_id', 'booking_order_type_code'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!earlier) return null;
  if (earlier.customer_id !== customerId || earlier.booking_order_type_code !== orderType)
    throw keyUsedElsewhere();
  return earlier.booking_order_id;
}

/** Two customers' transactions racing with one key: the second insert hits the unique index. */
const isKeyClash = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('idempotency_key');
};

export async function bookOnce(
  { db }: Pick<BookingDeps, 'db'>,
  request: BookingRequest,
  orderType: string,
  requestedCustomerId: number | undefined,
  book: (trx: Kysely<Database>, customer: BookingCustomer) => Promise<number>,
): Promise<BookingOutcome> {
  let done: { orderId: number; created: boolean };
  try {
    done = await db.transaction().execute(async (trx) => {
      const customer = await bookingCustomer(trx, request.viewer, requestedCustomerId, {
        requireGoodStanding: request.requiresGoodStanding,
        lock: true,
      });
      const replayed = await replayedOrder(trx, request.idempotencyKey, customer.customerId, orderType);
      if (replayed !== null) return { orderId: replayed, created: false };
      return { orderId: await book(trx, customer), created: true };
    });
  } catch (error) {
    if (isKeyClash(error)) throw keyUsedElsewhere();
    throw error;
  }
  return { order: await presentOrder(db, done.orderId), created: done.created };
}
