/**
 * The API refuses what the forms refuse (ARCHITECTURE §3): every rule a booking flow uses is tried
 * straight against its submit route, with the rule's message and its id as `code`. The table of
 * violations is keyed by rule id, so a rule added to a flow without an entry fails this test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURED_LOCATION_ID } from '../../src/domain/constants';
import { loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import { defaultSourceDirs, readFlowSources, validateFlowFile } from '../../src/engine/node/sources';
import { ruleEngine } from '../../src/rules/rule-engine';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, onHireChassis, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, clearThresholds, type Equipment, submit, unitsPayload } from './bookings-helpers';
import { repositionBody, repositionStage } from './reposition-helpers';

const catalog = loadFlowCatalogOrThrow(readFlowSources(defaultSourceDirs()), {
  validateFile: validateFlowFile,
  ruleEngine,
});
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

type Body = Record<string, unknown>;
/** A body that breaks one rule, and the values of the message's placeholders that are not limits. */
type Violation = { body: Body; params?: Record<string, string> };
type Row = Record<string, unknown>;

/** Replaces the units rows of a pool or daily lease body, keeping its booking entry name. */
function withRows(
  valid: Body,
  rows: ReadonlyArray<{ LocationId: number; units: number; Available: number }>,
): Body {
  const entry = Object.keys((valid.AvailableUnits as Row[])[0] as Row).find((k) =>
    k.endsWith('Booking'),
  ) as string;
  return {
    ...valid,
    AvailableUnits: rows.map(({ LocationId, units, Available }) => ({
      LocationId,
      Available,
      [entry]: { UnitsRequestedCount: units },
    })),
  };
}
const firstRow = (valid: Body) => (valid.AvailableUnits as Row[])[0] as { LocationId: number };
const withChassis = (valid: Body, ids: string[]): Body => ({ ...valid, Chassis: { ChassisIds: ids } });
const validChassis = (valid: Body) =>
  ((valid.Chassis as { ChassisIds: string[] }).ChassisIds as string[])[0] as string;

const violations: Record<string, (valid: Body) => Violation> = {
  'contact.email-list': (valid) => ({
    body: { ...valid, Contact: { ...CONTACT, EmailAddresses: 'pat@example.com; not-an-address' } },
    params: { bad: 'not-an-address' },
  }),
  'customer-booking.at-least-one-unit': (valid) => ({
    body: withRows(valid, [{ LocationId: firstRow(valid).LocationId, units: 0, Available: 5 }]),
  }),
  'customer-booking.max-units-per-location': (valid) => ({
    body: withRows(valid, [
      {
        LocationId: firstRow(valid).LocationId,
        units: (catalog.limits.maxUnitsPerLocation as number) + 1,
        Available: 999,
      },
    ]),
    // Issue 25: the refusal says what the location has, not only the limit.
    params: { location: 'This location', available: '999' },
  }),
  'customer-booking.max-locations': (valid) => ({
    body: withRows(
      valid,
      Array.from({ length: (catalog.limits.maxLocationsPerBooking as number) + 1 }, (_, i) => ({
        LocationId: firstRow(valid).LocationId + i,
        units: 1,
        Available: 1,
      })),
    ),
  }),
  'customer-booking.over-available': (valid) => ({
    body: withRows(valid, [{ LocationId: firstRow(valid).LocationId, units: 2, Available: 1 }]),
    // The API gets no location names from a client: the question names the location by its id.
    params: { where: `location ${firstRow(valid).LocationId}: 2 requested, 1 available` },
  }),
  'daily-lease.charges-acknowledged': (valid) => ({ body: valid }),
  'reuse.at-least-one-chassis': (valid) => ({ body: withChassis(valid, []) }),
  'reuse.chassis-id-format': (valid) => ({
    body: withChassis(valid, ['PLCZ12']),
    params: { $item: 'PLCZ12' },
  }),
  'reuse.no-duplicates': (valid) => {
    const id = validChassis(valid);
    return { body: withChassis(valid, [id, id.toLowerCase()]), params: { duplicates: id } };
  },
  'reposition.at-least-one-destination': (valid) => ({ body: { ...valid, Orders: [] } }),
  'reposition.max-destinations': (valid) => ({
    body: {
      ...valid,
      Orders: Array.from({ length: (catalog.limits.repositionMaxDestinations as number) + 1 }, (_, i) => ({
        ...(valid.Orders as Row[])[0],
        ToLocationId: 1000 + i,
      })),
    },
  }),
  'reposition.destination-not-origin': (valid) => ({
    body: {
      ...valid,
      Orders: [{ ...(valid.Orders as Row[])[0], ToLocationId: (valid.Header as Row).FromLocationId }],
    },
  }),
  'reposition.repeated-destination': (valid) => {
    const first = (valid.Orders as Row[])[0] as Row;
    return { body: { ...valid, Orders: [first, first] }, params: { locations: String(first.ToLocationId) } };
  },
  'reposition.max-units-per-destination': (valid) => ({
    body: {
      ...valid,
      Orders: [
        {
          ...(valid.Orders as Row[])[0],
          UnitsRequestedCount: (catalog.limits.maxUnitsPerLocation as number) + 1,
        },
      ],
    },
  }),
  'reposition.redelivery-count': (valid) => ({
    body: {
      ...valid,
      Orders: [{ ...(valid.Orders as Row[])[0], WithRedelivery: true, RedeliveryRequestedCount: 0 }],
    },
  }),
  'reposition.over-available': (valid) => ({
    body: { ...valid, Header: { ...(valid.Header as Row), AvailableQuantity: 0 } },
    params: { total: String(((valid.Orders as Row[])[0] as Row).UnitsRequestedCount), available: '0' },
  }),
  'reposition.external-party-emails': (valid) => ({
    body: {
      ...valid,
      Contact: {
        ...(valid.Contact as Row),
        SendToExternalParties: true,
        notifyExternalParties: 'not-an-address',
      },
    },
    params: { bad: 'not-an-address' },
  }),
  'pool-redelivery.at-least-one-valid-chassis': (valid) => ({ body: withChassis(valid, []) }),
  'pool-redelivery.chassis-id-format': (valid) => ({
    body: withChassis(valid, [validChassis(valid), 'PLCZ12']),
    params: { $item: 'PLCZ12' },
  }),
  'pool-redelivery.no-duplicates': (valid) => {
    const id = validChassis(valid);
    return { body: withChassis(valid, [id, id.toLowerCase()]), params: { duplicates: id } };
  },
  'pool-redelivery.max-chassis': (valid) => ({
    body: withChassis(
      valid,
      Array.from(
        { length: (catalog.limits.poolRedeliveryChassisMax as number) + 1 },
        (_, i) => `PLCZ${700000 + i}`,
      ),
    ),
  }),
  'reuse.max-chassis': (valid) => ({
    body: withChassis(
      valid,
      Array.from({ length: (catalog.limits.reuseChassisMax as number) + 1 }, (_, i) => `PLCZ${700000 + i}`),
    ),
  }),
};

/** Flows only staff may use (inventory booking) are tried as staff booking for the test's customer. */
const staffOnly = (flow: (typeof catalog.flows)[number]) =>
  flow.permissions.every((p) => p.entity.startsWith('Internal'));

/**
 * Flows whose bodies need the server's answers first (a contract's lines; the chassis' contract
 * lines and their overrides): their rules are tried on the API in their own test files, which
 * must say each rule's message (its longest fixed text), or its id when the message is all
 * placeholders. A rule added to such a flow without a test there fails here.
 */
const TRIED_ELSEWHERE: Record<string, readonly string[]> = {
  // The create test names its confirmation by the helpers' constant.
  'term-lease-booking': ['tests/api/term-lease-create.test.ts', 'tests/api/term-lease-helpers.ts'],
  'term-lease-redelivery': ['tests/api/term-lease-redelivery.test.ts'],
};
/** Runs of four words of a message's fixed text: a test that tries the rule quotes one of them. */
const phrasesOf = (message: string): string[] =>
  message.split(/\{[$\w]+\}/).flatMap((part) => {
    const words = part
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.,;:!?]+$/, ''))
      .filter(Boolean);
    return words.slice(0, Math.max(words.length - 3, 0)).map((_, i) => words.slice(i, i + 4).join(' '));
  });

it('finds every rule of the flows tried elsewhere named in their own API tests', () => {
  for (const [flowId, files] of Object.entries(TRIED_ELSEWHERE)) {
    const file = files.join(' + ');
    const text = files.map((f) => readFileSync(join(import.meta.dirname, '../..', f), 'utf8')).join('\n');
    const flow = catalog.flows.find((f) => f.id === flowId);
    expect(flow, flowId).toBeDefined();
    for (const rule of flow?.steps.flatMap((s) => s.compiledRules) ?? []) {
      if (rule.id === 'contact.email-list') continue; // tried here for every flow that has a body
      const named = text.includes(rule.id) || phrasesOf(rule.message).some((p) => text.includes(p));
      expect(named, `${file} tries ${rule.id} (“${rule.message.slice(0, 60)}”)`).toBe(true);
    }
  }
});

const uses = catalog.flows
  .filter((flow) => !(flow.id in TRIED_ELSEWHERE))
  .flatMap((flow) => flow.steps.flatMap((step) => step.compiledRules.map((rule) => ({ flow, rule }))));
const questionsOf = (flowId: string) =>
  uses.filter((u) => u.flow.id === flowId && u.rule.kind !== 'error').map((u) => u.rule.id);
const expectedMessage = (template: string, params: Record<string, string> = {}) =>
  template.replace(
    /\{([$\w]+)\}/g,
    (all, name: string) => params[name] ?? String(catalog.limits[name] ?? all),
  );

it('has a violation for every rule a booking flow uses', () => {
  expect(uses.length).toBeGreaterThan(10);
  for (const { flow, rule } of uses)
    expect(violations, `${flow.id} uses ${rule.id}`).toHaveProperty([rule.id]);
});

describe.each(databaseKinds)('flow rules on the API on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let customerId: number;
  const valid: Record<string, Body> = {};
  /** Who submits a flow's body, and the body as that user sends it. */
  const asUserOf = (flow: (typeof catalog.flows)[number], body: Body): [string, Body] =>
    staffOnly(flow)
      ? [staff, { ...body, Equipment: { ...(body.Equipment as Row), CustomerId: customerId } }]
      : [customer, body];
  beforeAll(async () => {
    t = await startTestApp(kind);
    // A customer, its stock and its chassis on hire of the test's own: the rules' refusals and the
    // answered confirmations book on them, not on demo data other tests count.
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    staff = await t.tokenFor('demo.staff');
    await clearThresholds(t);
    const place = await stockedLocation(t, LAX_40, 20);
    const daily = await stockedLocation(t, LAX_40, 20, { daily_lease_allowed: true });
    const [held, onHire] = await onHireChassis(t, customerId, LAX_40, 2);
    valid.poolBooking = unitsPayload('pool', LAX_40, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);
    valid.dailyLeaseBooking = unitsPayload(
      'dailyLease',
      LAX_40,
      [{ LocationId: daily.LocationId, units: 1, Available: daily.Available }],
      [],
    );
    valid.reuseBooking = { Chassis: { ChassisIds: [held] }, Contact: CONTACT };
    valid.repositionBooking = repositionBody(await repositionStage(t), [1]);
    const [reason] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/lookup/poolRedeliveryReasons',
        headers: bearer(customer),
      })
    ).json() as { ReasonCode?: string; Code?: string }[];
    valid.poolRedelivery = {
      Redelivery: {
        LocationId: CONFIGURED_LOCATION_ID,
        RedeliveryDate: new Date().toISOString().slice(0, 10),
        ReasonCode: reason?.ReasonCode ?? reason?.Code,
      },
      Chassis: { ChassisIds: [onHire] },
      Contact: CONTACT,
    };
  });
  afterAll(() => t.close());

  it.each(uses.map((u) => [u.flow.id, u.rule.id, u] as const))(
    '%s refuses a body breaking %s',
    async (_f, _r, { flow, rule }) => {
      const [user, base] = asUserOf(flow, valid[flow.submit.booker] as Body);
      const { body, params } = (violations[rule.id] as (v: Body) => Violation)(base);
      const message = expectedMessage(rule.message, params);
      const others = questionsOf(flow.id).filter((id) => id !== rule.id);
      const res = await submit(t, flow.submit.url, user, { ...body, Acknowledged: others });
      expect(res.statusCode, res.body).toBe(400);
      const refusal = res.json();
      expect(refusal).toMatchObject({ statusCode: 400, code: rule.id, error: message, message });
      if (rule.kind === 'error') {
        expect(refusal.errors.length).toBeGreaterThan(0);
        expect(refusal.errors.every((e: { ruleId?: string }) => e.ruleId === rule.id)).toBe(true);
        expect(refusal.errors[0]).toMatchObject({ field: expect.stringContaining(rule.field), message });
        return;
      }
      // A confirmation or acknowledgement: refused until the user's answer is listed, then booked.
      expect(refusal.unanswered).toEqual([{ ruleId: rule.id, kind: rule.kind, field: rule.field, message }]);
      const answered = await submit(t, flow.submit.url, user, {
        ...body,
        Acknowledged: [...others, rule.id],
      });
      expect(answered.statusCode, answered.body).toBe(200);
    },
  );

  it('books each flow’s valid body once every question is answered', async () => {
    for (const flow of catalog.flows.filter((f) => !(f.id in TRIED_ELSEWHERE))) {
      const [user, base] = asUserOf(flow, valid[flow.submit.booker] as Body);
      const res = await submit(t, flow.submit.url, user, { ...base, Acknowledged: questionsOf(flow.id) });
      expect(res.statusCode, `${flow.id}: ${res.body}`).toBe(200);
    }
  });

  it('refuses fields no form has, and bodies that are not objects', async () => {
    const res = await submit(t, '/api/poolbooking/create', customer, { ...valid.poolBooking, Discount: 50 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'Discount', message: 'Discount is not a field of this request: leave it out.' }],
    });
    const list = await submit(t, '/api/poolbooking/create', customer, [valid.poolBooking]);
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe('Send the booking as a JSON object.');
  });
});
