/**
 * Whose booking it is. Customers book for their own company; staff book on behalf of a customer
 * they name. A customer not in good standing cannot create chassis bookings (SPEC §6).
 */

import type { Kysely } from 'kysely';
import { ACCOUNT_VALIDATION_TEXT } from '../../domain/messages';
import { asCustomer, mayChooseCustomer, seesEveryCustomer } from '../../domain/policies';
import type { Database } from '../db/types';
import { AppError, forbidden } from '../errors';
import type { Viewer } from './viewer';

export interface BookingCustomer {
  customerId: number;
  customerName: string;
  scac: string;
  customerClass: string;
}

export const NOT_IN_GOOD_STANDING = 'NOT_IN_GOOD_STANDING';

/** The customer id a submit is for, before any database read: the caller's own, or the one staff chose. */
export function requestedCustomerId(viewer: Viewer, requested: number | undefined): number {
  if (!mayChooseCustomer(viewer)) {
    if (viewer.customerId === null)
      throw forbidden('Your user is not linked to a customer, so it cannot book.');
    if (requested !== undefined && requested !== viewer.customerId)
      throw new AppError(400, 'You can book only for your own company.', 'OTHER_CUSTOMER');
    return viewer.customerId;
  }
  if (requested === undefined)
    throw new AppError(400, 'Choose the customer to book for.', 'CUSTOMER_REQUIRED');
  return requested;
}

/**
 * Reads the customer of a submit, refusing one that may not book. With `lock`, the row is locked
 * `for no key update`: one customer's submits book one after another and its weekly threshold
 * holds, while another booking's foreign key to the customer (a motor carrier) is not blocked.
 */
export async function bookingCustomer(
  db: Kysely<Database>,
  viewer: Viewer,
  requested: number | undefined,
  options: { requireGoodStanding: boolean; lock: boolean },
): Promise<BookingCustomer> {
  const id = requestedCustomerId(viewer, requested);
  let query = db
    .selectFrom('customers')
    .select(['customer_id', 'customer_name', 'scac', 'customer_class', 'good_standing', 'active'])
    .where('customer_id', '=', id);
  if (options.lock) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  if (!row)
    throw new AppError(
      400,
      `Customer ${id} does not exist: choose a customer from the list.`,
      'UNKNOWN_CUSTOMER',
    );
  const who = `${row.customer_name} (${row.scac})`;
  if (!row.active)
    throw new AppError(400, `${who} is not an active customer, so it cannot book.`, 'INACTIVE_CUSTOMER');
  if (options.requireGoodStanding && !row.good_standing) {
    throw new AppError(
      403,
      seesEveryCustomer(viewer)
        ? `${who} is not in good standing: no chassis bookings can be created for it. Customer service can tell why.`
        : ACCOUNT_VALIDATION_TEXT,
      NOT_IN_GOOD_STANDING,
    );
  }
  return {
    customerId: row.customer_id,
    customerName: row.customer_name,
    scac: row.scac,
    customerClass: row.customer_class,
  };
}

/**
 * Who a chassis check judges for: staff who name a customer see that customer's verdicts (on hire
 * to *them*); without one, staff see every record; a customer is always their own company (naming
 * another is refused).
 */
export async function checkingViewer(
  db: Kysely<Database>,
  viewer: Viewer,
  customerId: number | undefined,
): Promise<Viewer> {
  if (customerId === undefined) return viewer;
  if (!mayChooseCustomer(viewer)) {
    requestedCustomerId(viewer, customerId); // their own company, or a 400 saying so
    return viewer;
  }
  const customer = await bookingCustomer(db, viewer, customerId, { requireGoodStanding: false, lock: false });
  return asCustomer(viewer, customer.customerId);
}
