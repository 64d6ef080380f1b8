/**
 * The staff review loop (issue 12) through the API: who may search and decide, the search, accept
 * (booking numbers, availability goes down, audit), reject (frees nothing it did not hold),
 * validation verdicts, several requests at once, and the contact-info feature flag. The requests
 * are a customer of its own's, at locations of its own with a known stock (tests/helpers/factories.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingRequest } from '../../src/schemas/pending';
import { readConfig } from '../../src/server/config';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { availableAt, bookingCodePattern, type Equipment } from './bookings-helpers';
import { auditActions, orderState, post, queueOverThreshold, shown } from './pending-helpers';
import { OVER_AVAILABLE, setLineRoom, submitTerm, termBody, termStage } from './term-lease-helpers';

const CHI_40: Equipment = { MarketCode: 'CHI', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

describe.each(databaseKinds)('the pending queue on %s', (kind) => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof customerWithToken>>;
  let customer: string;
  let staff: string;
  let readonly: string;
  let staffUserId: number;
  /** A request of the customer's for `units`, queued at a location of its own with `stock` units. */
  const queue = async (units: number, stock = units) =>
    queueOverThreshold(t, customer, CHI_40, units, await stockedLocation(t, CHI_40, stock), own.customerId);

  beforeAll(async () => {
    t = await startTestApp(kind);
    own = await customerWithToken(t);
    customer = own.token;
    staff = await t.tokenFor('demo.staff');
    readonly = await t.tokenFor('demo.readonly');
    const row = await t.handle.db
      .selectFrom('users')
      .select('user_id')
      .where('user_name', '=', 'demo.staff')
      .executeTakeFirstOrThrow();
    staffUserId = row.user_id;
  });
  afterAll(() => t.close());

  describe('who may do what', () => {
    const calls = {
      search: ['/search', {}],
      validation: ['/execute/validation', { PendingRequestIds: [1] }],
      accept: ['/execute/accept', { PendingRequestIds: [1] }],
      reject: ['/execute/reject', { PendingRequestIds: [1], Reason: 'No' }],
      inventory: [
        '/inventory',
        {
          ResponsiblePartyId: 1,
          ResponsiblePartyType: 'MC',
          MarketCode: 'CHI',
          EquipmentSize: 'Chassis.40',
          EquipmentClass: 'STD',
          Extendable: 'All',
          IncludeZeroInventory: true,
          BookingOrderTypeCode: 'PB',
        },
      ],
    } as const;

    it('answers 401 without a token and 403 to customers on every call', async () => {
      for (const [path, body] of Object.values(calls)) {
        expect((await post(t, path, null, body)).statusCode, path).toBe(401);
        const res = await post(t, path, customer, body);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().error).toMatch(/permission/i);
      }
    });

    it('lets demo.readonly search and check inventory, but not validate, accept or reject', async () => {
      expect((await post(t, calls.search[0], readonly, calls.search[1])).statusCode).toBe(200);
      expect((await post(t, calls.inventory[0], readonly, calls.inventory[1])).statusCode).toBe(200);
      for (const [path, body] of [calls.validation, calls.accept, calls.reject]) {
        const res = await post(t, path, readonly, body);
        expect(res.statusCode, path).toBe(403);
      }
    });
  });

  describe('search', () => {
    it('lists the open queue newest first, every open request counted', async () => {
      const q = await queue(1);
      const res = await post(t, '/search', staff, { PageSize: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      const open = await sql<{ n: number }>`
        select count(*)::int as n from pending_requests where status in ('PENDING', 'VALIDATED')`.execute(
        t.handle.db,
      );
      expect(page.TotalCount).toBe(Number(open.rows[0]?.n));
      const times = (page.ResultSet as PendingRequest[]).map((r) => Date.parse(r.CreatedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // Each row names its type, and says whether Check Inventory applies (its type draws on a pool).
      const kinds = new Set(
        (page.ResultSet as PendingRequest[]).map(
          (r) => `${r.BookingOrderTypeCode} ${r.BookingOrderTypeName} ${r.InventoryCheckable}`,
        ),
      );
      expect(kinds).toContain('PB Pool Booking true');
      expect(kinds).toContain('TL Term Lease Booking false');
      // The demo data holds requests dated after today: today's search finds ours.
      const today = new Date().toISOString().slice(0, 10);
      const todays = await post(t, '/search', staff, { CreatedFrom: today, CreatedTo: today });
      const rows = todays.json().ResultSet as PendingRequest[];
      expect(rows[0]?.PendingRequestId).toBe(q.requestId);
      expect(rows.every((r) => r.Status === 'PENDING' || r.Status === 'VALIDATED')).toBe(true);
      expect(rows[0]).toMatchObject({
        BookingOrderId: q.orderId,
        BookingOrderTypeCode: 'PB',
        RequestTypeCode: 'OVER_THRESHOLD',
        CustomerNameWithSCAC: `${own.customerName} (${own.scac})`,
        PendingReasons: [{ ReasonCode: 'OVER_THRESHOLD', Description: 'Booking exceeds weekly threshold' }],
        TotalUnits: 1,
        Validation: null,
        Decision: null,
        ContactName: 'Pat Dispatcher',
        EmailAddresses: ['pat@example.com', 'ops@example.com'],
      });
      expect(rows[0]?.Bookings[0]).toMatchObject({
        LocationId: q.locationId,
        BookingCode: null,
        StatusCode: 'PN',
      });
    });

    it('narrows by request type, customer, market, location, order type and created day', async () => {
      const q = await queue(1);
      const today = new Date().toISOString().slice(0, 10);
      const res = await post(t, '/search', staff, {
        RequestTypeCode: 'OVER_THRESHOLD',
        CustomerName: own.scac.toLowerCase(),
        MarketCode: 'chi',
        LocationId: q.locationId,
        BookingOrderTypeCode: 'PB',
        CreatedFrom: today,
        CreatedTo: today,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().ResultSet as PendingRequest[];
      expect(rows.map((r) => r.PendingRequestId)).toEqual([q.requestId]);
      for (const r of rows) {
        expect(r.RequestTypeCode).toBe('OVER_THRESHOLD');
        expect(r.MarketCode).toBe('CHI');
        expect(r.Bookings.some((b) => b.LocationId === q.locationId)).toBe(true);
      }
      const other = await post(t, '/search', staff, {
        RequestTypeCode: 'CLASS_REVIEW',
        CustomerName: own.scac,
      });
      expect((other.json().ResultSet as PendingRequest[]).map((r) => r.PendingRequestId)).not.toContain(
        q.requestId,
      );
    });

    it('refuses bad criteria with a message saying what to fix', async () => {
      const cases: Array<[object, RegExp]> = [
        [{ CustomerName: 'a' }, /at least 2 characters/],
        [{ RequestTypeCode: 'NOPE' }, /no request type NOPE/],
        [{ FailureCode: 'NOPE' }, /no request failure NOPE/],
        [{ MarketCode: 'ZZZ' }, /no market ZZZ/],
        [{ CreatedFrom: '2026-02-01', CreatedTo: '2026-01-01' }, /on or before/],
        [{ BookingPendingStatus: 'OP' }, /BookingPendingStatus must be one of PN, CN or FF\./],
        [{ CreatedFrom: 'yesterday' }, /CreatedFrom is not a valid date \(YYYY-MM-DD\)\./],
        [{ Surprise: 1 }, /Surprise is not a field of this request: leave it out\./],
        [{ PageSize: 1000 }, /PageSize must be at most \d+\./],
      ];
      for (const [body, message] of cases) {
        const res = await post(t, '/search', staff, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
    });
  });

  describe('accept', () => {
    it('gives the bookings numbers, opens the order, takes the units and records who accepted', async () => {
      const q = await queue(2, 3);
      expect(await availableAt(t, customer, 'pool', CHI_40, q.locationId)).toBe(3);
      const res = await post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] });
      expect(res.statusCode, res.body).toBe(200);
      const [outcome] = res.json().Results;
      expect(outcome).toMatchObject({ PendingRequestId: q.requestId, Outcome: 'accepted', StatusCode: 200 });
      expect(outcome.Request.Status).toBe('ACCEPTED');
      expect(outcome.Request.Decision).toMatchObject({ Status: 'ACCEPTED', DecidedBy: 'Dana Staff' });
      const state = await orderState(t, q.orderId);
      expect(state.order).toEqual({ status_code: 'OP', updated_by: staffUserId });
      for (const b of state.bookings) {
        expect(b.status_code).toBe('OP');
        expect(b.booking_code).toMatch(bookingCodePattern('PB'));
      }
      expect(state.request).toMatchObject({ status: 'ACCEPTED', decided_by: staffUserId });
      expect(await availableAt(t, customer, 'pool', CHI_40, q.locationId)).toBe(1);
      const audit = await auditActions(t, q.orderId);
      expect(audit.at(-1)).toMatchObject({ action: 'accepted', changed_by: staffUserId });
      // The accepted request leaves the open queue and is found as FF (accepted).
      expect((await shown(t, staff, q, 'FF')).Bookings[0]?.BookingCode).toMatch(bookingCodePattern('PB'));
    });

    it('refuses when the units are gone since the request, changing nothing; over availability books anyway', async () => {
      const q = await queue(2);
      await sql`update chassis set status = 'OUT_OF_SERVICE'
        where location_id = ${q.locationId} and equipment_category_code = 'Chassis.40' and equipment_class_code = 'STD'`.execute(
        t.handle.db,
      );
      expect(await availableAt(t, customer, 'pool', CHI_40, q.locationId)).toBe(0);
      const refused = await post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('UNITS_GONE');
      expect(refused.json().error).toMatch(
        /only 0 of 2 units of 40' Chassis Standard are available at .*Nothing was booked/,
      );
      const state = await orderState(t, q.orderId);
      expect(state.order.status_code).toBe('PN');
      expect(state.bookings.every((b) => b.booking_code === null && b.status_code === 'PN')).toBe(true);
      expect(state.request.status).toBe('PENDING');

      const over = await post(t, '/execute/accept', staff, {
        PendingRequestIds: [q.requestId],
        AcceptOverAvailability: true,
      });
      expect(over.statusCode, over.body).toBe(200);
      const audit = await auditActions(t, q.orderId);
      const details = audit.at(-1)?.details as Record<string, unknown>;
      expect(JSON.stringify(details)).toContain('acceptedOverAvailability');
    });

    it('answers 404 for an unknown request and 409 naming who decided for a decided one', async () => {
      const missing = await post(t, '/execute/accept', staff, { PendingRequestIds: [2_000_000_000] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatch(/no pending request 2000000000/);
      const q = await queue(1);
      expect((await post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] })).statusCode).toBe(
        200,
      );
      for (const [path, body] of [
        ['/execute/accept', { PendingRequestIds: [q.requestId] }],
        ['/execute/reject', { PendingRequestIds: [q.requestId], Reason: 'Too late' }],
        ['/execute/validation', { PendingRequestIds: [q.requestId] }],
      ] as const) {
        const res = await post(t, path, staff, body);
        expect(res.statusCode, path).toBe(409);
        expect(res.json().error).toMatch(
          /already accepted by Dana Staff on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
        );
      }
    });

    it('refuses bad request objects with a 400', async () => {
      const cases: Array<[object, RegExp]> = [
        [{}, /PendingRequestIds is required/],
        [{ PendingRequestIds: [] }, /at least 1/],
        [{ PendingRequestIds: ['7'] }, /whole number/],
        [{ PendingRequestIds: [1, 1] }, /PendingRequestIds/],
        [{ PendingRequestIds: [1], AcceptOverAvailability: 'yes' }, /AcceptOverAvailability/],
        [{ PendingRequestIds: Array.from({ length: 51 }, (_, i) => i + 1) }, /at most 50/],
      ];
      for (const [body, message] of cases) {
        const res = await post(t, '/execute/accept', staff, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
    });
  });

  describe('reject', () => {
    it('cancels the bookings with the reason, frees nothing it did not hold and records who rejected', async () => {
      const q = await queue(2, 3);
      expect(await availableAt(t, customer, 'pool', CHI_40, q.locationId)).toBe(3);
      const res = await post(t, '/execute/reject', staff, {
        PendingRequestIds: [q.requestId],
        Reason: 'Over the agreed weekly volume',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Results[0].Request.Decision).toMatchObject({
        Status: 'REJECTED',
        DecidedBy: 'Dana Staff',
        Reason: 'Over the agreed weekly volume',
      });
      const state = await orderState(t, q.orderId);
      expect(state.order.status_code).toBe('CN');
      expect(state.bookings.every((b) => b.status_code === 'CN' && b.booking_code === null)).toBe(true);
      expect(state.request).toMatchObject({
        status: 'REJECTED',
        decision_reason: 'Over the agreed weekly volume',
      });
      expect(await availableAt(t, customer, 'pool', CHI_40, q.locationId)).toBe(3);
      expect((await auditActions(t, q.orderId)).at(-1)).toMatchObject({
        action: 'rejected',
        changed_by: staffUserId,
      });
      expect((await shown(t, staff, q, 'CN')).Status).toBe('REJECTED');
      const again = await post(t, '/execute/reject', staff, {
        PendingRequestIds: [q.requestId],
        Reason: 'Again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/already rejected by Dana Staff/);
    });

    it('needs a reason', async () => {
      const q = await queue(1);
      for (const body of [
        { PendingRequestIds: [q.requestId] },
        { PendingRequestIds: [q.requestId], Reason: '' },
      ]) {
        const res = await post(t, '/execute/reject', staff, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/Reason/);
      }
      const blank = await post(t, '/execute/reject', staff, {
        PendingRequestIds: [q.requestId],
        Reason: '   ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toMatch(/Give a reason/);
      expect((await orderState(t, q.orderId)).request.status).toBe('PENDING');
    });

    it('tells a request withdrawn by the customer’s cancel from one staff decided', async () => {
      const q = await queue(1);
      const cancel = await t.app.inject({
        method: 'PUT',
        url: '/api/bookingorder/cancelOrder',
        headers: bearer(customer),
        payload: { BookingOrderId: q.orderId },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const res = await post(t, '/execute/accept', staff, { PendingRequestIds: [q.requestId] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(
        new RegExp(`already withdrawn: its order was cancelled by ${own.user.fullName}`),
      );
    });
  });

  describe('validation', () => {
    it('passes a request whose units, customer and threshold are fine, and records the verdict', async () => {
      const q = await queue(1);
      const res = await post(t, '/execute/validation', staff, { PendingRequestIds: [q.requestId] });
      expect(res.statusCode, res.body).toBe(200);
      const request = res.json().Results[0].Request as PendingRequest;
      expect(request.Status).toBe('VALIDATED');
      expect(request.Validation).toMatchObject({
        Passed: true,
        FailureCode: null,
        ValidatedBy: 'Dana Staff',
      });
      expect(request.Validation?.Checks.map((c) => [c.Check, c.Passed])).toEqual([
        ['availability', true],
        ['standing', true],
        ['threshold', true],
      ]);
      expect((await shown(t, staff, q)).Validation?.Passed).toBe(true);
    });

    it('fails on units that are gone, a weekly threshold passed and a customer not in good standing', async () => {
      // A customer of this test's own: it is put on credit hold, which no other test should meet.
      const held = await customerWithToken(t);
      const q = await queueOverThreshold(
        t,
        held.token,
        CHI_40,
        3,
        await stockedLocation(t, CHI_40, 3),
        held.customerId,
      );
      await t.handle.db
        .insertInto('weekly_thresholds')
        .values({
          customer_id: held.customerId,
          market_code: 'CHI',
          equipment_category_code: 'Chassis.40',
          weekly_limit: 0,
        })
        .execute();
      await t.handle.db
        .updateTable('customers')
        .set({ good_standing: false })
        .where('customer_id', '=', held.customerId)
        .execute();
      await sql`update chassis set status = 'OUT_OF_SERVICE'
        where location_id = ${q.locationId} and equipment_category_code = 'Chassis.40' and equipment_class_code = 'STD'`.execute(
        t.handle.db,
      );
      const res = await post(t, '/execute/validation', staff, { PendingRequestIds: [q.requestId] });
      expect(res.statusCode, res.body).toBe(200);
      const request = res.json().Results[0].Request as PendingRequest;
      expect(request.Validation).toMatchObject({ Passed: false, FailureCode: 'NO_INVENTORY' });
      const checks = Object.fromEntries((request.Validation?.Checks ?? []).map((c) => [c.Check, c]));
      expect(checks.availability).toMatchObject({ Passed: false, FailureCode: 'NO_INVENTORY' });
      expect(checks.availability?.Message).toMatch(/Only 0 of 3 units of 40' Chassis Standard/);
      expect(checks.standing).toMatchObject({ Passed: false, FailureCode: 'CREDIT_HOLD' });
      expect(checks.threshold).toMatchObject({ Passed: false, FailureCode: 'THRESHOLD_EXCEEDED' });
      expect(checks.threshold?.Message).toMatch(/over the weekly threshold of 0 \(CHI, Chassis\.40\)/);
      expect((await orderState(t, q.orderId)).request.failure_code).toBe('NO_INVENTORY');
      // The failure is searchable.
      const found = await post(t, '/search', staff, { FailureCode: 'NO_INVENTORY', CustomerName: held.scac });
      expect((found.json().ResultSet as PendingRequest[]).map((r) => r.PendingRequestId)).toEqual([
        q.requestId,
      ]);
    });
  });

  it('checks a term lease request’s contract and standing, not pool availability or the threshold', async () => {
    // A term lease order of a stage of its own, booked over what its location holds (nothing): it
    // waits for review.
    const stage = await termStage(t);
    await setLineRoom(t, stage.token, stage, 1);
    const booked = await submitTerm(
      t,
      stage.token,
      termBody(
        stage.contractId,
        [
          {
            EquipmentLineID: stage.line.EquipmentLineID,
            items: [{ LocationId: stage.locations[0] as number, UnitsRequestedCount: 1 }],
          },
        ],
        [OVER_AVAILABLE],
      ),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().StatusCode).toBe('PN');
    const request = await t.handle.db
      .selectFrom('pending_requests')
      .select('pending_request_id')
      .where('booking_order_id', '=', booked.json().BookingOrderId)
      .executeTakeFirstOrThrow();
    const validated = await post(t, '/execute/validation', staff, {
      PendingRequestIds: [request.pending_request_id],
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const checks = (validated.json().Results[0].Request as PendingRequest).Validation?.Checks ?? [];
    expect(checks.map((c) => [c.Check, c.Passed, c.FailureCode])).toEqual([
      ['standing', true, null],
      ['contract', true, null],
    ]);
    expect(checks[1]?.Message).toMatch(
      new RegExp(`^Contract ${stage.contractNumber} is active until \\d{4}-\\d{2}-\\d{2}\\.$`),
    );
  });

  it('acts on several requests at once with one outcome each', async () => {
    const a = await queue(1);
    const b = await queue(1);
    expect(
      (await post(t, '/execute/reject', staff, { PendingRequestIds: [b.requestId], Reason: 'x' })).statusCode,
    ).toBe(200);
    const res = await post(t, '/execute/accept', staff, {
      PendingRequestIds: [a.requestId, b.requestId, 2_000_000_000],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .Results.map((r: { PendingRequestId: number; Outcome: string; StatusCode: number }) => [
          r.PendingRequestId,
          r.Outcome,
          r.StatusCode,
        ]),
    ).toEqual([
      [a.requestId, 'accepted', 200],
      [b.requestId, 'refused', 409],
      [2_000_000_000, 'refused', 404],
    ]);
    expect((await orderState(t, a.orderId)).order.status_code).toBe('OP');
    expect((await orderState(t, b.orderId)).order.status_code).toBe('CN');
  });
});

describe('the contact info feature flag', () => {
  it('hides the contact name and emails, and says so in the public configuration, when it is off', async () => {
    const t = await startTestApp('pglite', { FEATURE_PENDING_QUEUE_CONTACT_INFO: 'false' });
    try {
      const flags = await t.app.inject({ method: 'GET', url: '/api/public/config?dt=1' });
      expect(flags.json().FeatureFlags.PendingQueueContactInfo).toBe(false);
      const own = await customerWithToken(t);
      const q = await queueOverThreshold(
        t,
        own.token,
        CHI_40,
        1,
        await stockedLocation(t, CHI_40, 1),
        own.customerId,
      );
      const request = await shown(t, await t.tokenFor('demo.staff'), q);
      expect(request).toMatchObject({ ContactName: null, EmailAddresses: null });
    } finally {
      await t.close();
    }
  });

  it('refuses a value that is not a flag at start-up', async () => {
    expect(() => readConfig({ FEATURE_PENDING_QUEUE_CONTACT_INFO: 'maybe' })).toThrow(
      /FEATURE_PENDING_QUEUE_CONTACT_INFO must be true or false/,
    );
    expect(
      readConfig({ FEATURE_PENDING_QUEUE_CONTACT_INFO: 'OFF' }).featureFlags.pendingQueueContactInfo,
    ).toBe(false);
    expect(readConfig({}).featureFlags.pendingQueueContactInfo).toBe(true);
  });
});
