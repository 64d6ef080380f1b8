/**
 * Reposition booking, create (SPEC §3, §4, §5): one booking per destination from the origin,
 * numbered when confirmed; over the origin's availability only once the user has answered the
 * question, then pending review with the agreement in the audit trail; each bad input a 400 of its
 * own; the availability step action (with an edited order's own units added back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern, CONTACT } from './bookings-helpers';
import {
  askRepositionAvailable,
  destination,
  OVER_AVAILABLE,
  type RepositionStage,
  repositionAvailable,
  repositionBody,
  repositionStage,
  setRepositionAvailable,
  submitReposition,
} from './reposition-helpers';

describe.each(databaseKinds)('reposition booking on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let s: RepositionStage;
  beforeAll(async () => {
    t = await startTestApp(kind);
    customer = (await customerWithToken(t)).token;
    s = await repositionStage(t);
  });
  afterAll(() => t.close());

  it('confirms one numbered booking per destination, from the origin, and the origin has that many fewer', async () => {
    await setRepositionAvailable(t, customer, s, 10);
    const body = repositionBody(s, [3, 2]);
    body.Orders[1] = {
      ...(body.Orders[1] as (typeof body.Orders)[number]),
      RailTerminalReleaseNumber: 'RTR1',
      WithRedelivery: true,
      RedeliveryRequestedCount: 1,
    } as never;
    const res = await submitReposition(t, customer, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      BookingOrderTypeCode: 'RP',
      StatusCode: 'OP',
      PendingReview: false,
      Version: 1,
    });
    expect(order.Bookings).toHaveLength(2);
    for (const b of order.Bookings) {
      expect(b.BookingCode).toMatch(bookingCodePattern('RP'));
      expect(b).toMatchObject({ LocationId: s.origin, BookingStatusCode: 'OP', EquipmentSize: s.size });
    }
    const rows = await t.handle.db
      .selectFrom('bookings')
      .select([
        'to_location_id',
        'units_requested_count',
        'motor_carrier_id',
        'rail_terminal_release_number',
        'with_redelivery',
        'redelivery_requested_count',
      ])
      .where('booking_order_id', '=', order.BookingOrderId)
      .orderBy('booking_id')
      .execute();
    // Issue 25: the answer (and so the confirmation) names each destination, not the origin twice.
    const names = await t.handle.db
      .selectFrom('locations')
      .select(['location_id', 'location_name'])
      .where('location_id', 'in', s.destinations.slice(0, 2))
      .execute();
    const nameOf = (id: number | undefined) => names.find((n) => n.location_id === id)?.location_name;
    expect(order.Bookings.map((b: { ToLocationName?: string }) => b.ToLocationName)).toEqual([
      nameOf(s.destinations[0]),
      nameOf(s.destinations[1]),
    ]);
    expect(nameOf(s.destinations[0])).toEqual(expect.any(String));
    expect(rows).toEqual([
      {
        to_location_id: s.destinations[0],
        units_requested_count: 3,
        motor_carrier_id: s.carrier,
        rail_terminal_release_number: null,
        with_redelivery: false,
        redelivery_requested_count: 0,
      },
      {
        to_location_id: s.destinations[1],
        units_requested_count: 2,
        motor_carrier_id: s.carrier,
        rail_terminal_release_number: 'RTR1',
        with_redelivery: true,
        redelivery_requested_count: 1,
      },
    ]);
    expect(await repositionAvailable(t, customer, s)).toBe(5);
    // The edit's availability counts what this order holds as available again.
    expect(await repositionAvailable(t, customer, s, order.BookingOrderId)).toBe(10);
  });

  it('asks before booking over what the origin has, then books it for review and records the agreement', async () => {
    await setRepositionAvailable(t, customer, s, 2);
    // The form showed 5 (stale): the server asks again with what the origin really has.
    const body = repositionBody(s, [4], 5);
    const asked = await submitReposition(t, customer, body);
    expect(asked.statusCode).toBe(400);
    const message =
      'You selected 4 units but only 2 are available at the origin. Do you want to proceed? Customer Support will review the request.';
    expect(asked.json()).toMatchObject({
      code: OVER_AVAILABLE,
      message,
      unanswered: [{ ruleId: OVER_AVAILABLE, kind: 'confirm', message }],
    });
    expect(await repositionAvailable(t, customer, s)).toBe(2);

    const agreed = await submitReposition(t, customer, { ...body, Acknowledged: [OVER_AVAILABLE] });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const order = agreed.json();
    expect(order).toMatchObject({
      StatusCode: 'PN',
      PendingReview: true,
      Bookings: [{ BookingCode: null, BookingStatusCode: 'PN' }],
    });
    const pending = await t.handle.db
      .selectFrom('pending_requests')
      .select('pending_reason_code')
      .where('booking_order_id', '=', order.BookingOrderId)
      .execute();
    expect(pending).toEqual([{ pending_reason_code: 'OVER_AVAIL' }]);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', String(order.BookingOrderId))
      .where('action', '=', 'created')
      .executeTakeFirstOrThrow();
    const details = typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details;
    expect(details).toMatchObject({ type: 'RP', status: 'PN', overAvailableAgreed: true, available: 2 });
  });

  it('the availability step refuses an unknown origin and an org that cannot be repositioned, and needs no reason', async () => {
    const ask = (header: Record<string, unknown>) => askRepositionAvailable(t, customer, s, header);
    const unknownOrigin = await ask({ FromLocationId: 999_999 });
    expect(unknownOrigin.statusCode).toBe(400);
    expect(unknownOrigin.json()).toMatchObject({
      code: 'UNKNOWN_LOCATION',
      message: 'There is no open location 999999 to reposition from: choose one from the list.',
    });
    const otherOrg = await ask({ InventoryOrgCode: s.otherOrg });
    expect(otherOrg.statusCode).toBe(400);
    expect(otherOrg.json()).toMatchObject({ code: 'REPOSITION_ORG' });
    const asked = await ask({});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ FromLocationId: s.origin, AvailableQuantity: expect.any(Number) });
  });

  it('answers each bad input with its own 400', async () => {
    await setRepositionAvailable(t, customer, s, 10);
    const valid = repositionBody(s, [1]);
    const cases: Array<[string, object, string, string]> = [
      [
        'destination = origin',
        { ...valid, Orders: [{ ...destination(s, 0, 1), ToLocationId: s.origin }] },
        'reposition.destination-not-origin',
        'The destination cannot be the origin location: choose another destination.',
      ],
      [
        'not a motor carrier',
        { ...valid, Orders: [{ ...destination(s, 0, 1), MotorCarrierId: s.notCarrier }] },
        'NOT_A_MOTOR_CARRIER',
        `Customer ${s.notCarrier} is not an active motor carrier (class MC): choose the carrier from the list.`,
      ],
      [
        'size off the reposition list',
        { ...valid, Header: { ...valid.Header, EquipmentSize: 'Genset.Genset' } },
        'REPOSITION_EQUIPMENT_SIZE',
        'Genset.Genset cannot be repositioned: choose a size from the reposition list (axles, chassis 20–53, containers 40–53).',
      ],
      [
        'org neither provider-managed nor co-op pool',
        { ...valid, Header: { ...valid.Header, InventoryOrgCode: s.otherOrg } },
        'REPOSITION_ORG',
        `${s.otherOrg} is not an org whose chassis can be repositioned: choose a provider-managed or co-op pool org.`,
      ],
      [
        'unknown destination',
        { ...valid, Orders: [{ ...destination(s, 0, 1), ToLocationId: 999_999 }] },
        'UNKNOWN_LOCATION',
        'There is no open location 999999 to reposition to: choose one from the list.',
      ],
      [
        'unknown origin',
        { ...valid, Header: { ...valid.Header, FromLocationId: 999_999 } },
        'UNKNOWN_LOCATION',
        'There is no open location 999999 to reposition from: choose one from the list.',
      ],
      [
        'unknown reason',
        { ...valid, Header: { ...valid.Header, RepositionReasonCode: 'NOPE' } },
        'UNKNOWN_REPOSITION_REASON',
        'There is no reposition reason NOPE: choose one from the list.',
      ],
      [
        // One limit (issue 14): limits.json maxUnitsPerLocation, not a schema maximum of its own.
        'more units than one destination takes',
        { ...valid, Orders: [{ ...destination(s, 0, 1), UnitsRequestedCount: 501 }] },
        'reposition.max-units-per-destination',
        'At most 500 units can be repositioned to one destination at a time.',
      ],
      [
        'existing bookings named in a new request',
        { ...valid, Orders: [{ ...destination(s, 0, 1), RepositionBookingId: 1 }] },
        'EXISTING_BOOKING',
        'A new reposition cannot name existing bookings: open the order with Edit to change them.',
      ],
    ];
    const before = await t.handle.db
      .selectFrom('booking_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [what, body, code, message] of cases) {
      const res = await submitReposition(t, customer, { ...body, Contact: CONTACT });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code, message });
    }
    const after = await t.handle.db
      .selectFrom('booking_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
