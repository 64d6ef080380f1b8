/**
 * The frame every booker runs in (ARCHITECTURE §5): one transaction that first locks the customer
 * row, so one customer's submits book one after another, and lets the booker write a new order; a
 * replayed Idempotency-Key is answered with the order it already booked.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { type BookingCustomer, bookingCustomer } from '../domain/booking-customer';
import { type Contact, queueBookingMail } from '../domain/booking-notification';
import { presentOrder } from '../domain/booking-presenter';
import { AppError } from '../errors';
import { KeyAlreadyStored, type PlacedOrder } from './booking-orders';
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
  db: Kysely<Database>,
  key: string,
  customerId: number,
  orderType: string,
  fingerprint: string,
): Promise<number | null> {
  const earlier = await db
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

/**
 * Books once: the booker writes the order, and its confirmation mail to the contact (and
 * `alsoNotify`) is written in the same transaction (issue 28), so a process killed after the commit
 * still mails it, and a replay, which writes nothing, never mails twice. The caller nudges the
 * mail outbox after a created order.
 *
 * The key is not looked up first: the order's insert skips a key already stored (booking-orders.ts
 * KeyAlreadyStored), which rolls the transaction back, and only then is the earlier order read —
 * one statement less for every new booking (issue 30 §1). A refused submit looks the key up too,
 * so a replay is answered its order whatever has changed since (a location closed, stock gone).
 */
export async function bookOnce(
  { db }: Pick<BookingDeps, 'db'>,
  request: BookingRequest<{ Contact?: Contact }>,
  orderType: string,
  requestedCustomerId: number | undefined,
  book: (trx: Kysely<Database>, customer: BookingCustomer) => Promise<PlacedOrder>,
  alsoNotify: readonly string[] = [],
): Promise<BookingOutcome> {
  let customerId: number | undefined;
  try {
    const order = await db.transaction().execute(async (trx) => {
      const customer = await bookingCustomer(trx, request.viewer, requestedCustomerId, {
        requireGoodStanding: request.requiresGoodStanding,
        lock: true,
      });
      customerId = customer.customerId;
      const { answer: order } = await book(trx, customer);
      const contact = request.data.Contact;
      if (contact)
        await queueBookingMail({ trx, db }, order, {
          ...contact,
          EmailAddresses: [contact.EmailAddresses, ...alsoNotify].join(';'),
        });
      return order;
    });
    return { order, created: true };
  } catch (error) {
    const stored = error instanceof KeyAlreadyStored;
    if (customerId === undefined || !(stored || error instanceof AppError)) throw error;
    const replayed = await replayedOrder(
      db,
      request.idempotencyKey,
      customerId,
      orderType,
      requestFingerprint(request.data),
    );
    if (replayed !== null) return { order: await presentOrder(db, replayed), created: false };
    if (stored) throw keyUsedElsewhere();
    throw error;
  }
}
