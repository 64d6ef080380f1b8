/**
 * Issue 26: which order types draw on a pool yard, and which yards take them (the facts' `pool`),
 * as a column of booking_order_types, so the availability SQL reads it from the table instead of a
 * list compiled into the server: a type registered later (a test's fixture type) is counted as the
 * product's are. Filled here from the facts as they are today; the server writes it again from the
 * registry at every start (registerBookingTypes), and the seed with its rows.
 */
import { BOOKING_TYPE_FACTS } from '../../../domain/booking-type-facts';

export const statements: readonly string[] = [
  'alter table booking_order_types add column pool_yards text',
  ...BOOKING_TYPE_FACTS.flatMap((f) =>
    f.pool
      ? [`update booking_order_types set pool_yards = '${f.pool.yards}' where code = '${f.orderType}'`]
      : [],
  ),
];
