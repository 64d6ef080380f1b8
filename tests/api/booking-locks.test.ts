/**
 * Issue 30 §1: a booking locks its customer (and the locations it draws on) so that one customer's
 * submits, and the race for a location's last units, run one at a time. The lock must not stop
 * another booking from naming that customer or location in a row of its own (a reposition's motor
 * carrier, a destination): a foreign key takes a KEY SHARE lock, which FOR UPDATE blocks. Under load
 * that made two repositions deadlock (one held a carrier's customer row and waited for an origin,
 * the other held the origin and checked the carrier): 500s the bench found. FOR NO KEY UPDATE
 * serialises the bookings the same way and leaves the foreign keys free.
 */
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingCustomer } from '../../src/server/domain/booking-customer';
import type { Viewer } from '../../src/server/domain/viewer';
import { databaseKinds } from '../helpers/database';
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

describe.each(databaseKinds)('booking locks on %s', (kind) => {
  let t: TestApp;
  /** A second connection to the same database: PostgreSQL has one, PGlite (one session in the process) not. */
  let other: pg.Client | null = null;

  beforeAll(async () => {
    t = await startTestApp(kind);
    if (t.handle.url) {
      other = new pg.Client({ connectionString: t.handle.url });
      await other.connect();
    }
  });

  afterAll(async () => {
    await other?.end();
    await t.close();
  });

  /** The customer lock of a booking, with the SQL it sent; `probe` runs while the lock is held. */
  async function holdCustomer(customerId: number, probe: () => Promise<void> = async () => {}) {
    const sent: string[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        sent.push(t.handle.db.getExecutor().compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await t.handle.db.transaction().execute(async (trx) => {
      await bookingCustomer(trx.withPlugin(capture), customerViewer(customerId), undefined, {
        requireGoodStanding: false,
        lock: true,
      });
      await probe();
    });
    return sent;
  }

  /** What the second connection gets, without waiting, while the booking holds the customer. */
  async function probeWhileHeld(customerId: number, probe: string) {
    const client = other as pg.Client;
    let outcome: 'granted' | 'refused' | undefined;
    await holdCustomer(customerId, async () => {
      await client.query('begin');
      try {
        await client.query(probe, [customerId]);
        outcome = 'granted';
      } catch (error) {
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
        outcome = 'refused';
      } finally {
        await client.query('rollback');
      }
    });
    return outcome;
  }

  it('locks the customer for no key update, the mode that serialises its submits and leaves foreign keys to it free', async () => {
    const { customerId } = await makeCustomer(t, { customerClass: 'MC' });
    const sent = await holdCustomer(customerId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "customers" where "customer_id" = \$1 for no key update$/);
  });

  // What the mode means, where a second transaction can ask for the row at the same time
  // (PostgreSQL; PGlite runs one session, so the statement above is what it can show).
  it.each(kind === 'postgres' ? [kind] : [])(
    "on %s lets another booking name a customer whose own booking holds its row, and keeps that customer's submits one at a time",
    async () => {
      const { customerId } = await makeCustomer(t, { customerClass: 'MC' });
      // A foreign key to the customer (another booking's motor carrier) is checked at once…
      expect(
        await probeWhileHeld(
          customerId,
          'select 1 from customers where customer_id = $1 for key share nowait',
        ),
      ).toBe('granted');
      // …and the customer's next submit still waits its turn.
      expect(
        await probeWhileHeld(
          customerId,
          'select 1 from customers where customer_id = $1 for no key update nowait',
        ),
      ).toBe('refused');
    },
  );
});
