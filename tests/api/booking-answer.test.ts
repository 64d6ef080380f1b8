/**
 * Issue 30 §1: a submit answers the order from the rows its insert returned (booking-orders.ts
 * insertOrder), not from a read after it. That answer must be the order exactly as presentOrder
 * reads it back — what a replay of the same Idempotency-Key answers — for every shape an answer
 * takes: open and pending, several bookings, a destination, named chassis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentOrder } from '../../src/server/domain/booking-presenter';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeLocation, onHireChassis, stockedLocation } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, clearThresholds, POOL_URL, submit, unitsPayload } from './bookings-helpers';
import {
  repositionBody,
  repositionStage,
  setRepositionAvailable,
  submitReposition,
} from './reposition-helpers';

describe.each(databaseKinds)('a submit’s answer on %s', (kind) => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof customerWithToken>>;

  /** The answer, checked against the order read back. */
  async function readBack(res: { statusCode: number; body: string; json(): { BookingOrderId: number } }) {
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual(await presentOrder(t.handle.db, answer.BookingOrderId));
    return answer as unknown as {
      StatusCode: string;
      Bookings: { Chassis?: string[]; ToLocationName?: string }[];
    };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = await customerWithToken(t);
    await clearThresholds(t);
  });
  afterAll(() => t.close());

  it('is the order read back for a pool booking of two locations, open and then pending', async () => {
    const equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
    const first = await stockedLocation(t, equipment, 3);
    const second = await stockedLocation(t, equipment, 3);
    const open = await readBack(
      await submit(
        t,
        POOL_URL,
        customer.token,
        unitsPayload('pool', equipment, [
          { LocationId: first.LocationId, units: 1, Available: first.Available },
          { LocationId: second.LocationId, units: 2, Available: second.Available },
        ]),
      ),
    );
    expect(open.StatusCode).toBe('OP');
    expect(open.Bookings).toHaveLength(2);

    const over = await readBack(
      await submit(
        t,
        POOL_URL,
        customer.token,
        unitsPayload(
          'pool',
          equipment,
          [{ LocationId: second.LocationId, units: 50, Available: 1 }],
          ['customer-booking.over-available'],
        ),
      ),
    );
    expect(over.StatusCode).toBe('PN');
  });

  it('is the order read back for a reposition to two destinations', async () => {
    const s = await repositionStage(t);
    await setRepositionAvailable(t, customer.token, s, 10);
    const answer = await readBack(await submitReposition(t, customer.token, repositionBody(s, [3, 2])));
    expect(answer.Bookings.every((b) => b.ToLocationName)).toBe(true);
  });

  it('is the order read back for a pool redelivery of named chassis of two sizes', async () => {
    const forty = await onHireChassis(
      t,
      customer.customerId,
      { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
      2,
    );
    const twenty = await onHireChassis(
      t,
      customer.customerId,
      { EquipmentSize: 'Chassis.20', EquipmentClass: 'STD' },
      1,
    );
    const reason = await t.handle.db
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'POOL_REDELIVERY')
      .executeTakeFirstOrThrow();
    const answer = await readBack(
      await submit(t, '/api/poolredelivery', customer.token, {
        Redelivery: {
          LocationId: (await makeLocation(t)).LocationId,
          RedeliveryDate: new Date().toISOString().slice(0, 10),
          ReasonCode: reason.reason_code,
        },
        Chassis: { ChassisIds: [...twenty, ...forty] },
        Contact: CONTACT,
      }),
    );
    expect(answer.Bookings.map((b) => b.Chassis?.length).sort()).toEqual([1, 2]);
  });
});
