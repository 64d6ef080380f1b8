/**
 * The weekly threshold through the API: who may list, add, change and remove a cap; bad input; the
 * audit trail; a change decides the next booking's outcome; the meter counts what the booker counts.
 * The customers and the stocked location are the test's own (tests/helpers/factories.ts): a customer
 * with no bookings yet, so the meter's numbers are exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeCustomer, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { clearThresholds, type Equipment, POOL_URL, submit, unitsPayload } from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const BASE = '/api/weeklythreshold';

describe.each(databaseKinds)('the weekly threshold on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let readonly: string;
  let customer: string;
  let customerId: number;
  let customerNameWithScac: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  /** A customer of its own that has booked nothing yet, and a way for it to book at a location of its own. */
  const bookingCustomer = async () => {
    const own = await customerWithToken(t);
    const place = await stockedLocation(t, LAX_40, 20);
    const book = async (units: number) => {
      const res = await submit(
        t,
        POOL_URL,
        own.token,
        unitsPayload('pool', LAX_40, [{ LocationId: place.LocationId, units, Available: 20 }]),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().StatusCode as 'OP' | 'PN';
    };
    return { ...own, book };
  };
  const meter = async (token: string) => {
    const res = await call('GET', `${BASE}/meter?MarketCode=LAX&EquipmentSize=Chassis.40`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    customerNameWithScac = `${own.customerName} (${own.scac})`;
  });
  afterAll(() => t.close());

  it('lets staff add, change and remove a cap, and records each change in the audit trail', async () => {
    const created = await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'lax',
      EquipmentSize: 'Chassis.40',
      WeeklyLimit: 40,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().ThresholdId as number;
    expect(created.json()).toMatchObject({
      CustomerId: customerId,
      CustomerNameWithSCAC: customerNameWithScac,
      MarketCode: 'LAX',
      EquipmentSize: 'Chassis.40',
      WeeklyLimit: 40,
      ModifiedBy: 'Dana Staff',
    });
    const listed = await call('POST', `${BASE}/search`, readonly, { CustomerId: customerId });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().ResultSet.map((r: { ThresholdId: number }) => r.ThresholdId)).toEqual([id]);

    const changed = await call('PUT', `${BASE}/${id}`, staff, {
      MarketCode: 'LAX',
      EquipmentSize: null,
      WeeklyLimit: 12,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ EquipmentSize: null, WeeklyLimit: 12 });
    const removed = await call('DELETE', `${BASE}/${id}`, staff);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('DELETE', `${BASE}/${id}`, staff)).statusCode).toBe(404);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('entity_type', '=', 'weekly_threshold')
      .where('entity_id', '=', String(id))
      .orderBy('audit_id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['created', 'changed', 'removed']);
    expect(audit[1]?.details).toMatchObject({
      before: { limit: 40, size: 'Chassis.40' },
      after: { limit: 12, size: null },
    });
  });

  it('is read-only for demo.readonly and closed to customers', async () => {
    const body = { CustomerId: customerId, WeeklyLimit: 5 };
    expect((await call('POST', BASE, readonly, body)).statusCode).toBe(403);
    expect(
      (await call('PUT', `${BASE}/1`, readonly, { MarketCode: null, EquipmentSize: null, WeeklyLimit: 5 }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${BASE}/1`, readonly)).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['POST', `${BASE}/search`, {}],
      ['POST', BASE, body],
      ['PUT', `${BASE}/1`, { MarketCode: null, EquipmentSize: null, WeeklyLimit: 5 }],
      ['DELETE', `${BASE}/1`, undefined],
    ] as const) {
      const res = await call(method, url, customer, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
    }
  });

  it('refuses bad input with a message saying what to fix', async () => {
    const cases: Array<[object, number, RegExp]> = [
      [{ CustomerId: customerId, WeeklyLimit: -1 }, 400, /WeeklyLimit/],
      [{ CustomerId: customerId, WeeklyLimit: 1.5 }, 400, /whole number/],
      [{ CustomerId: customerId, WeeklyLimit: 1_000_000 }, 400, /WeeklyLimit/],
      [{ CustomerId: customerId }, 400, /WeeklyLimit is required/],
      [{ CustomerId: 2_000_000_000, WeeklyLimit: 5 }, 400, /no customer 2000000000/],
      [{ CustomerId: customerId, MarketCode: 'ZZZ', WeeklyLimit: 5 }, 400, /no market ZZZ/],
      [
        { CustomerId: customerId, EquipmentSize: 'Genset.Genset', WeeklyLimit: 5 },
        400,
        /not an equipment size customers book/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', BASE, staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    const first = await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'CHI',
      WeeklyLimit: 5,
    });
    expect(first.statusCode).toBe(200);
    const twice = await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'CHI',
      EquipmentSize: '',
      WeeklyLimit: 9,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(
      /already has a weekly threshold for CHI, all sizes \(threshold \d+\): change that one/,
    );
    const other = await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'LAX',
      WeeklyLimit: 9,
    });
    const clash = await call('PUT', `${BASE}/${other.json().ThresholdId}`, staff, {
      MarketCode: 'CHI',
      EquipmentSize: null,
      WeeklyLimit: 9,
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (
        await call('PUT', `${BASE}/2000000000`, staff, {
          MarketCode: null,
          EquipmentSize: null,
          WeeklyLimit: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `${BASE}/search`, staff, { CustomerName: 'x' })).json().error).toMatch(
      /at least 2/,
    );
    await clearThresholds(t, customerId);
  });

  it('lets one of two staff adding the same cap at once win, and refuses bad ids in the path', async () => {
    await clearThresholds(t, customerId);
    const body = { CustomerId: customerId, MarketCode: 'ATL', WeeklyLimit: 7 };
    const answers = await Promise.all([call('POST', BASE, staff, body), call('POST', BASE, staff, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toMatch(
      /already has a weekly threshold for ATL/,
    );
    for (const url of [`${BASE}/abc`, `${BASE}/0`]) {
      const res = await call('PUT', url, staff, { MarketCode: null, EquipmentSize: null, WeeklyLimit: 1 });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/id/);
      expect((await call('DELETE', url, staff)).statusCode, url).toBe(400);
    }
    await clearThresholds(t, customerId);
  });

  it('decides the next booking: over a lowered cap it goes to review, a raised or removed cap lets it through', async () => {
    const { customerId, token, book } = await bookingCustomer();
    const created = await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'LAX',
      WeeklyLimit: 0,
    });
    const id = created.json().ThresholdId as number;
    expect(await book(1)).toBe('PN');
    // The booking in review counts too.
    expect((await meter(token)).Thresholds[0]).toMatchObject({ Used: 1 });
    const raised = await call('PUT', `${BASE}/${id}`, staff, {
      MarketCode: 'LAX',
      EquipmentSize: null,
      WeeklyLimit: 2,
    });
    expect(raised.statusCode).toBe(200);
    expect(await book(1)).toBe('OP');
    // Now exactly at the cap: one more unit passes it.
    expect(await book(1)).toBe('PN');
    expect((await call('DELETE', `${BASE}/${id}`, staff)).statusCode).toBe(200);
    expect(await book(1)).toBe('OP');
  });

  it('meters what the booker counts, for the customer’s own company', async () => {
    const { customerId, token, book } = await bookingCustomer();
    const someoneElse = await makeCustomer(t);
    await call('POST', BASE, staff, {
      CustomerId: customerId,
      MarketCode: 'LAX',
      EquipmentSize: 'Chassis.40',
      WeeklyLimit: 1000,
    });
    const before = await meter(token);
    expect(before.Thresholds).toHaveLength(1);
    expect(before.CustomerId).toBe(customerId);
    expect(before.Thresholds[0]).toMatchObject({ Used: 0, Remaining: 1000 });
    expect(await book(3)).toBe('OP');
    const after = await meter(token);
    expect(after.Thresholds[0]).toMatchObject({ Used: 3, Remaining: 997 });
    const listed = await call('POST', `${BASE}/search`, staff, { CustomerId: customerId });
    expect(listed.json().ResultSet.map((r: { UsedThisWeek: number }) => r.UsedThisWeek)).toEqual([3]);
    // Staff name the customer; a customer cannot ask about another one.
    expect(
      (await call('GET', `${BASE}/meter?MarketCode=LAX&EquipmentSize=Chassis.40`, staff)).statusCode,
    ).toBe(400);
    const forStaff = await call(
      'GET',
      `${BASE}/meter?MarketCode=LAX&EquipmentSize=Chassis.40&CustomerId=${customerId}`,
      staff,
    );
    expect(forStaff.json().Thresholds).toEqual(after.Thresholds);
    const other = await call(
      'GET',
      `${BASE}/meter?MarketCode=LAX&EquipmentSize=Chassis.40&CustomerId=${someoneElse.customerId}`,
      token,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/your own company/);
    expect(
      (await call('GET', `${BASE}/meter?MarketCode=LAX&EquipmentSize=Chassis.40`, readonly)).statusCode,
    ).toBe(403);
  });
});
