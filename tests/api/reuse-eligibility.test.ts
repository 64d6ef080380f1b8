/**
 * Issue 25: the reuse list's step-1 verdicts are the submit's own. POST /api/lookup/equipment with
 * OrderType RU runs the reuse booker's check (the booking-type registry's chassisCheck): a chassis
 * on a term lease and one on an open reuse booking are refused with the very message the submit
 * gives, instead of showing "found" and failing after review. The customer, its contract and the
 * chassis on hire to it are the test's own (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDELIVERY_MESSAGES } from '../../src/domain/redelivery';
import { termLeaseChassisMessage } from '../../src/server/bookings/reuse/booker';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeContract, onHireChassis } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, REUSE_URL, submit } from './bookings-helpers';

const FORTY = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('the reuse check on step 1, on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let readonly: string;
  let customerId: number;
  let termLeased: string;
  /** A pool chassis newly on hire to the customer, so no booking names it yet. */
  const heldChassis = async () => (await onHireChassis(t, customerId, FORTY, 1))[0] as string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    // A chassis on hire to the customer under a term lease of its own.
    const contract = await makeContract(t, customerId);
    [termLeased] = (await onHireChassis(t, customerId, FORTY, 1, contract)) as [string];
  });
  afterAll(() => t.close());

  const lookup = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/lookup/equipment', payload, headers: bearer(token) });

  it("refuses a term-lease chassis with the reuse booker's own message, for the customer and for staff", async () => {
    const pool = await heldChassis();
    const res = await lookup(customer, { ChassisIds: [pool, termLeased], OrderType: 'RU' });
    expect(res.statusCode, res.body).toBe(200);
    const [free, leased] = res.json().Results;
    expect(free).toMatchObject({ Input: pool, Valid: true, Message: null });
    expect(leased).toMatchObject({
      Input: termLeased,
      ChassisId: termLeased,
      Valid: false,
      Message: termLeaseChassisMessage(termLeased),
    });

    // The submit refuses it with the same words on the same row.
    const submitted = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: [pool, termLeased] },
      Contact: CONTACT,
    });
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().errors).toEqual([{ field: 'Chassis.ChassisIds.1', message: leased.Message }]);

    // Staff booking for the customer: checked as that customer, the same refusal.
    const asStaff = await lookup(staff, {
      ChassisIds: [termLeased],
      OrderType: 'RU',
      CustomerId: customerId,
    });
    expect(asStaff.json().Results[0].Message).toBe(termLeaseChassisMessage(termLeased));

    // Without a booking type the lookup stays the plain equipment check: the chassis is found.
    const plain = await lookup(customer, { ChassisIds: [termLeased] });
    expect(plain.json().Results[0]).toMatchObject({ Valid: true, Message: null });
  });

  it('refuses a chassis on an open reuse booking with the message of the 409 the submit gives', async () => {
    const chassis = await heldChassis();
    const first = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: [chassis] },
      Contact: CONTACT,
    });
    expect(first.statusCode, first.body).toBe(200);

    const res = await lookup(customer, { ChassisIds: [chassis], OrderType: 'RU' });
    const verdict = res.json().Results[0];
    expect(verdict).toMatchObject({ Valid: false });
    expect(verdict.Message).toContain(
      `${chassis} is already on open reuse booking order ${first.json().BookingOrderId}`,
    );

    const second = await submit(t, REUSE_URL, customer, {
      Chassis: { ChassisIds: [chassis] },
      Contact: CONTACT,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CHASSIS_ON_OPEN_BOOKING', message: verdict.Message });
  });

  it("answers another type's list with that type's booker check (pool redelivery)", async () => {
    const res = await lookup(customer, { ChassisIds: [termLeased], OrderType: 'PR' });
    expect(res.json().Results[0].Message).toBe(REDELIVERY_MESSAGES.termLease(termLeased));
  });

  it('asks for the rights to book the type, and refuses a type no booking lists chassis for', async () => {
    const refused = await lookup(readonly, { ChassisIds: [termLeased], OrderType: 'RU' });
    expect(refused.statusCode).toBe(403);
    const unknown = await lookup(customer, { ChassisIds: [termLeased], OrderType: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_ORDER_TYPE');
  });
});
