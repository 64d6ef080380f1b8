/**
 * The frame every booker runs in (ARCHITECTURE §5): one transaction that first locks the customer
 * row, so one customer's submits book one after another, then answers a replayed Idempotency-Key
 * with the order it already booked, and otherwise lets the booker write a new order.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';
import { type BookingCustomer, bookingCustomer } from '../domain/booking-customer';
import { type Contact, queueBookingMail } from '../domain/booking-notification';
import { presentOrder } from '../domain/booking-presenter';
import { AppError } from '../errors';
import type { BookingDeps, BookingOutcome, BookingRequest } from './submission';

const keyUsedElsewhere = () =>
  new AppError(
    409,
    'This Idempotency-Key was already used for a different booking request. Send a new key with every new booking.',
    'IDEMPOTENCY_KEY_REUSED',
  );

/** The request's fingerprint: sha256 of its data as canonical JSON (keys sorted at every level). */
export function requestFingerprint(data: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(data)))
    .digest('hex');
}

/**
 * What insertOrder stores for the replay check: the key, and the fingerprint of the data sent with
 * it (in the insert itself — a later UPDATE would rebuild the order's dashboard rows once more).
 */
export const idempotencyOf = (request: Pick<BookingRequest<object>, 'idempotencyKey' | 'data'>) => ({
  key: request.idempotencyKey,
  fingerprint: requestFingerprint(request.data),
});

/**
 * The order an earlier submit with this key booked, when it was the same request of the same
 * customer and order type; the same key with anything else is refused (issue 11).
 */
async function replayedOrder(
  trx: Kysely<Database>,
  key: string,
  customerId: number,
  orderType: string,
  fingerprint: string,
): Promise<number | null> {
  const earlier = await trx
    .selectFrom('booking_orders')
    .select(['booking_order_id', 'customer_id', 'booking_order_type_code', 'request_fingerprint'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!earlier) return null;
  if (
    earlier.customer_id !== customerId ||
    earlier.booking_order_type_code !== orderType ||
    (earlier.request_fingerprint !== null && earlier.request_fingerprint !== fingerprint)
  )
    throw keyUsedElsewhere();
  return earlier.booking_order_id;
}

/** Two customers' transactions racing with one key: the second insert hits the unique index. */
const isKeyClash = (error: unknown): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('idempotency_key');
};

/**
 * Books once: the booker writes the order, and its confirmation mail to the contact (and
 * `alsoNotify`) is written in the same transaction (issue 28), so a process killed after the commit
 * still mails it, and a replay, which writes nothing, never mails twice. The caller nudges the
 * mail outbox after a created order.
 */
export async function bookOnce(
  { db }: Pick<BookingDeps, 'db'>,
  request: BookingRequest<{ Contact?: Contact }>,
  orderType: string,
  requestedCustomerId: number | undefined,
  book: (trx: Kysely<Database>, customer: BookingCustomer) => Promise<number>,
  alsoNotify: readonly string[] = [],
): Promise<BookingOutcome> {
  let done: { orderId: number; order: BookingSubmitResponse | null };
  try {
    done = await db.transaction().execute(async (trx) => {
      const customer = await bookingCustomer(trx, request.viewer, requestedCustomerId, {
        requireGoodStanding: request.requiresGoodStanding,
        lock: true,
      });
      const fingerprint = requestFingerprint(request.data);
      const replayed = await replayedOrder(
        trx,
        request.idempotencyKey,
        customer.customerId,
        orderType,
        fingerprint,
      );
      if (replayed !== null) return { orderId: replayed, order: null };
      const orderId = await book(trx, customer);
      const order = await presentOrder(trx, orderId);
      const contact = request.data.Contact;
      if (contact)
        await queueBookingMail({ trx, db }, order, {
          ...contact,
          EmailAddresses: [contact.EmailAddresses, ...alsoNotify].join(';'),
        });
      return { orderId, order };
    });
  } catch (error) {
    if (isKeyClash(error)) throw keyUsedElsewhere();
    throw error;
  }
  if (done.order) return { order: done.order, created: true };
  return { order: await presentOrder(db, done.orderId), created: false };
}
