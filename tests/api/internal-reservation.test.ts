/**
 * Internal reservations through the API: who may list, add and change them; every refusal with its
 * message and nothing written; a reservation larger than what is free refused with the free
 * number; a reservation lowering what customers can book at once (a following booking goes
 * pending), CustomerBookingsAllowed giving it back; the audit trail; the comments flag on and off.
 * What they reserve and book is the test's own (tests/helpers/factories.ts): locations with a known
 * stock and no reservation yet, and a customer that books there.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { addChassis, customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  availableAt,
  clearThresholds,
  type Equipment,
  POOL_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';
import { reasonCode, reservationBody, stageLocation } from './internal-reservation-helpers';

const BASE = '/api/internalreservation';
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

const auditCount = async (t: TestApp) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from audit_log where entity_type = 'internal_reservation'`.execute(t.handle.db)
    ).rows[0]?.n,
  );

describe.each(databaseKinds)('internal reservations on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let readonly: string;
  let customer: string;
  let place: { id: number; name: string };
  let reason: string;

  const call = (method: 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const body = (quantity: number, extra: object = {}) =>
    reservationBody(place.id, quantity, { ReasonCode: reason, ...extra });

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    customer = (await customerWithToken(t)).token;
    await clearThresholds(t);
    const own = await stockedLocation(t, LAX_40, 5);
    place = { id: own.LocationId, name: own.LocationName };
    reason = await reasonCode(t);
  });
  afterAll(() => t.close());

  it('lets staff and demo.readonly list, refuses customers (403) and callers without a token (401)', async () => {
    const search = { InventoryOrgCode: 'IDL' };
    const listed = await call('POST', `${BASE}/search`, readonly, search);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().InventoryOrgCode).toBe('IDL');
    expect(listed.json().Reservations.length).toBeGreaterThan(0);
    expect((await call('POST', `${BASE}/search`, customer, search)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/search`, null, search)).statusCode).toBe(401);
    expect((await call('POST', BASE, customer, body(1))).statusCode).toBe(403);
    expect((await call('POST', BASE, readonly, body(1))).statusCode).toBe(403);
    const some = listed.json().Reservations[0];
    const change = { ReservedQuantity: 0, OriginalReservedQuantity: some.ReservedQuantity };
    expect((await call('PUT', `${BASE}/${some.ReservationId}`, readonly, change)).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/${some.ReservationId}`, customer, change)).statusCode).toBe(403);
  });

  it('offers provider-managed orgs only, and says which criterion is wrong', async () => {
    const coop = await call('POST', `${BASE}/search`, staff, { InventoryOrgCode: 'COOP' });
    expect(coop.statusCode).toBe(400);
    expect(coop.json().message).toBe('COOP is not provider-managed: choose a provider-managed org.');
    const none = await call('POST', `${BASE}/search`, staff, { InventoryOrgCode: 'NOPE' });
    expect(none.json().message).toBe('There is no inventory org NOPE: choose one from the list.');
    expect((await call('POST', `${BASE}/search`, staff, {})).statusCode).toBe(400);
    const narrowed = await call('POST', `${BASE}/search`, staff, {
      InventoryOrgCode: 'idl',
      MarketCode: 'lax',
      EquipmentSize: 'Chassis.40',
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    for (const r of narrowed.json().Reservations)
      expect(r).toMatchObject({ InventoryOrgCode: 'IDL', MarketCode: 'LAX', EquipmentSize: 'Chassis.40' });
  });

  it('refuses bad input with a 400 naming the problem, and writes nothing', async () => {
    const before = await auditCount(t);
    const refusals: [object, string][] = [
      [body(1, { InventoryOrgCode: 'COOP' }), 'COOP is not provider-managed: choose a provider-managed org.'],
      [body(1, { LocationId: 999999 }), 'There is no location 999999: choose one from the list.'],
      [body(1, { EquipmentSize: 'Axle.Round' }), 'Axle.Round is not an equipment size that can be reserved.'],
      [body(1, { EquipmentClass: 'ZZZ' }), 'There is no equipment class ZZZ: choose one from the list.'],
      [
        body(1, { ReasonCode: 'NOPE' }),
        'There is no internal reservation reason NOPE: choose one from the list.',
      ],
    ];
    for (const [payload, message] of refusals) {
      const res = await call('POST', BASE, staff, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const payload of [body(-1), body(1.5), body(100000), { ...body(1), Surprise: true }]) {
      const res = await call('POST', BASE, staff, payload);
      expect(res.statusCode, res.body).toBe(400);
    }
    // The test's location is IDL's only, so MRP holds nothing there.
    const elsewhere = await call('POST', BASE, staff, body(1, { InventoryOrgCode: 'MRP' }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      `MRP holds no inventory at ${place.name}: choose one of its locations.`,
    );
    expect(await auditCount(t)).toBe(before);
  });

  it('refuses more than is free with the free number; a reservation lowers availability at once and a following booking goes pending', async () => {
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(5);
    const tooMany = await call('POST', BASE, staff, body(6));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'NOT_ENOUGH_FREE' });
    expect(tooMany.json().message).toBe(
      `Only 5 units of 40' Chassis Standard are free at ${place.name}: IDL can reserve at most 5 there, not 6. Nothing was changed.`,
    );
    const created = await call('POST', BASE, staff, body(3));
    expect(created.statusCode, created.body).toBe(200);
    const reservation = created.json();
    expect(reservation).toMatchObject({
      InventoryOrgCode: 'IDL',
      LocationId: place.id,
      ReservedQuantity: 3,
      OriginalReservedQuantity: 3,
      CustomerBookingsAllowed: false,
      ReasonCode: reason,
      ModifiedBy: 'Dana Staff',
      FreeQuantity: 5,
      HasComment: false,
    });
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(2);
    const again = await call('POST', BASE, staff, body(1));
    expect(again.statusCode).toBe(409);
    // Named as on the page (org, count, kind, location), never by the reservation's id.
    expect(again.json().message).toBe(
      `IDL already reserves 3 of 40' Chassis Standard at ${place.name}: change that one instead.`,
    );

    // The customer's form still showed 5: the booking finds 2 and goes to review.
    const booked = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', LAX_40, [{ LocationId: place.id, units: 3, Available: 5 }]),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ StatusCode: 'PN', PendingReview: true });

    // Earmarked only: customers may book the units again.
    const opened = await call('PUT', `${BASE}/${reservation.ReservationId}`, staff, {
      OriginalReservedQuantity: 3,
      CustomerBookingsAllowed: true,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(5);
    // Closing it again needs the units free.
    const closed = await call('PUT', `${BASE}/${reservation.ReservationId}`, staff, {
      OriginalReservedQuantity: 3,
      ReservedQuantity: 5,
      CustomerBookingsAllowed: false,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ ReservedQuantity: 5, FreeQuantity: 5 });
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(0);
    const over = await call('PUT', `${BASE}/${reservation.ReservationId}`, staff, {
      OriginalReservedQuantity: 5,
      ReservedQuantity: 6,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^Only 5 units .* at most 5 there, not 6\. Nothing was changed\.$/);
    const released = await call('PUT', `${BASE}/${reservation.ReservationId}`, staff, {
      OriginalReservedQuantity: 5,
      ReservedQuantity: 0,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.id)).toBe(5);

    const trail = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_type', '=', 'internal_reservation')
      .where('entity_id', '=', String(reservation.ReservationId))
      .orderBy('audit_id')
      .execute();
    expect(trail.map((a) => a.action)).toEqual(['created', 'updated', 'updated', 'updated']);
    const details = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d);
    expect(details(trail[3]?.details)).toMatchObject({
      before: { ReservedQuantity: 5, CustomerBookingsAllowed: false },
      after: { ReservedQuantity: 0, CustomerBookingsAllowed: false },
    });
  });

  it('lets one of two staff reserving the last units at once win; the other is told the free number', async () => {
    // A location both IDL and MRP hold inventory at: two reservations of the same units from two orgs.
    const shared = await stockedLocation(t, LAX_40, 4, { orgs: ['IDL', 'MRP'] });
    // What is free for frames that are not extendable (the reservations' kind): all 4 it holds.
    const seen = await call('POST', '/api/inventoryavailability/search', staff, {
      LocationId: shared.LocationId,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      Extendable: 'No',
    });
    const free = seen.json().Rows[0].Available as number;
    expect(free).toBe(4);
    const [a, b] = await Promise.all([
      call('POST', BASE, staff, reservationBody(shared.LocationId, free, { ReasonCode: reason })),
      call(
        'POST',
        BASE,
        staff,
        reservationBody(shared.LocationId, free, { ReasonCode: reason, InventoryOrgCode: 'MRP' }),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(
      new RegExp(
        `^Only 0 units of 40' Chassis Standard are free at .+ can reserve at most 0 there, not ${free}\\. Nothing was changed\\.$`,
      ),
    );
    expect(await availableAt(t, customer, 'pool', LAX_40, shared.LocationId)).toBe(0);
  });

  it('refuses a stale change (409), an unchanged one (400) and an unknown id (404)', async () => {
    await addChassis(t, place.id, { EquipmentSize: 'Chassis.40', EquipmentClass: 'TRI' }, 2);
    const created = await call('POST', BASE, staff, body(2, { EquipmentClass: 'TRI' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().ReservationId;
    const first = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 2,
      ReservedQuantity: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 2,
      ReservedQuantity: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      new RegExp(
        `^Reservation ${id} was changed by Dana Staff (moments|\\d+ minutes?) ago: it now reserves 1, not 2\\. Reload it and make your change again\\.$`,
      ),
    );
    const same = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 1,
      ReservedQuantity: 1,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(`Nothing to save: reservation ${id} already is as sent.`);
    const unknown = await call('PUT', `${BASE}/99999999`, staff, {
      OriginalReservedQuantity: 1,
      ReservedQuantity: 0,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/abc`, staff, { OriginalReservedQuantity: 1 })).statusCode).toBe(400);
  });

  it('keeps a comment with who wrote it and when, and flags the items that carry one', async () => {
    await addChassis(t, place.id, { EquipmentSize: 'Chassis.40', EquipmentClass: 'HVY' }, 1);
    const created = await call(
      'POST',
      BASE,
      staff,
      body(1, { EquipmentClass: 'HVY', ReservationComment: '  Held for the rail audit  ' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      HasComment: true,
      Detail: {
        InventoryOrgCode: 'IDL',
        LocationId: place.id,
        ReservationComment: 'Held for the rail audit',
        CommentUser: 'Dana Staff',
        CommentUpdated: true,
      },
    });
    const id = created.json().ReservationId;
    const quantityOnly = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 1,
      ReservedQuantity: 0,
    });
    expect(quantityOnly.json().Detail).toMatchObject({
      ReservationComment: 'Held for the rail audit',
      CommentUpdated: false,
    });
    const withoutFlag = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 0,
      ReservationComment: 'x',
    });
    expect(withoutFlag.statusCode).toBe(400);
    const cleared = await call('PUT', `${BASE}/${id}`, staff, {
      OriginalReservedQuantity: 0,
      ReservationComment: ' ',
      CommentUpdated: true,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      HasComment: false,
      Detail: { ReservationComment: null, CommentUser: null },
    });
  });
});

describe('internal reservations with the comments flag off', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { FEATURE_INTERNAL_RESERVATION_COMMENTS: 'false' });
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  it('sends no comment, flags none, refuses to write one, and tells the SPA', async () => {
    const commented = await t.handle.db
      .selectFrom('internal_reservations')
      .select('inventory_org_code')
      .where('reservation_comment', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/search`,
      headers: bearer(staff),
      payload: { InventoryOrgCode: commented.inventory_org_code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().CommentsEnabled).toBe(false);
    for (const r of res.json().Reservations) {
      expect(r.HasComment).toBe(false);
      expect(r.Detail).toMatchObject({ ReservationComment: null, CommentUser: null, CommentDate: null });
    }
    const place = await stageLocation(t);
    const reason = await reasonCode(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: bearer(staff),
      payload: reservationBody(place.id, 0, { ReasonCode: reason, ReservationComment: 'note' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Reservation comments are turned off: send the reservation without a comment.',
    );
    const hidden = res.json().Reservations[0];
    const clearing = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${hidden.ReservationId}`,
      headers: bearer(staff),
      payload: {
        OriginalReservedQuantity: hidden.ReservedQuantity,
        ReservationComment: null,
        CommentUpdated: true,
      },
    });
    expect(clearing.statusCode).toBe(400);
    expect(clearing.json().message).toBe(
      'Reservation comments are turned off: send the change without a comment.',
    );
    const config = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(config.json().FeatureFlags.InternalReservationComments).toBe(false);
  });
});
