/**
 * Issue 30 §1: a booking locks its customer (and the locations it draws on) so that one customer's
 * submits, and the race for a location's last units, run one at a time. The lock must not stop
 * another booking from naming that customer or location in a row of its own (a reposition's motor
 * carrier, a destination): a foreign key takes a KEY SHARE lock, which FOR UPDATE blocks. Under load
 * that made two repositions deadlock (one held a carrier's customer row and waited for an origin,
 * the other held the origin and checked the carrier): 500s the bench found. FOR NO KEY UPDATE
 * serialises the bookings the same way and leaves the foreign keys free.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/types';
import { bookingCustomer } from '../../src/server/domain/booking-customer';
import type { Viewer } from '../../src/server/domain/viewer';
import { makeCustomer } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A customer's own user, as the booking frame sees it. */
const customerViewer = (customerId: number): Viewer =>
  ({
    userId: 0,
    userName: 'lock.test',
    customerId,
    isInternal: false,
    permissions: {},
    claims: {},
    token: '',
  }) as unknown as Viewer;

const LOCK_NOT_AVAILABLE = '55P03';

// Skip reason: two transactions at once need two connections to one database, and PGlite is one
// connection inside the process. Runs wherever TEST_DATABASE_URL names a PostgreSQL (CI does).
describe.skipIf(!process.env.TEST_DATABASE_URL)('booking locks on PostgreSQL', () => {
  let t: TestApp;
  let other: pg.Client;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = new pg.Client({ connectionString: t.handle.url });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    await t.close();
  });

  /** What the other connection gets, without waiting, while `hold` holds the booking's lock. */
  async function whileLocked(hold: (trx: Kysely<Database>) => Promise<void>, probe: string, id: number) {
    let outcome: 'granted' | 'refused' | undefined;
    await t.handle.db.transaction().execute(async (trx) => {
      await hold(trx);
      await other.query('begin');
      try {
        await other.query(probe, [id]);
        outcome = 'granted';
      } catch (error) {
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
        outcome = 'refused';
      } finally {
        await other.query('rollback');
      }
    });
    return outcome;
  }

  it("lets another booking name a customer whose own booking holds its row, and keeps that customer's submits one at a time", async () => {
    const { customerId } = await makeCustomer(t, { customerClass: 'MC' });
    const hold = async (trx: Kysely<Database>) => {
      await bookingCustomer(trx, customerViewer(customerId), undefined, {
        requireGoodStanding: false,
        lock: true,
      });
    };
    // A foreign key to the customer (another booking's motor carrier) is checked at once…
    expect(
      await whileLocked(
        hold,
        'select 1 from customers where customer_id = $1 for key share nowait',
        customerId,
      ),
    ).toBe('granted');
    // …and the customer's next submit still waits its turn.
    expect(
      await whileLocked(
        hold,
        'select 1 from customers where customer_id = $1 for no key update nowait',
        customerId,
      ),
    ).toBe('refused');
  });
});
