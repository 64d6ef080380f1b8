/**
 * Issue 11 §2: every route × {no token, each demo role, a second customer} answers as
 * tests/api/policy-matrix.ts declares, and every route taking the id of a customer's record
 * answers 404 to another customer (so ids do not leak). A route the table does not name fails.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTypeRegistry } from '../../src/server/bookings/product-types';
import { loadServerFlows } from '../../src/server/flows';
import { YARD_EXPRESS, YARD_EXPRESS_FLOWS } from '../fixtures/booking-types/yard-express';
import { databaseKinds } from '../helpers/database';
import { bearer, type DemoUser, startTestApp, type TestApp } from '../helpers/test-app';
import { buildUser } from './account-helpers';
import {
  MATRIX_ROLES,
  type MatrixRole,
  OWNED_RECORD_ROUTES,
  type OwnedRecord,
  type RoutePolicy,
  routePolicies,
} from './policy-matrix';

/**
 * The matrix's server serves the fixture type too (issue 26): its flow's submit and update must be
 * in the matrix, with the access its flow file declares, without a line naming them.
 */
const fixture = { bookingTypes: [YARD_EXPRESS], extraFlowDirs: [YARD_EXPRESS_FLOWS] };
const ROUTE_POLICIES = routePolicies(
  loadServerFlows(fixture.extraFlowDirs, bookingTypeRegistry(fixture.bookingTypes)).catalog.flows,
);

const NOBODYS_ID = '2147483647';
const DEMO_CUSTOMER_ID = 1;
const STEAMSHIP_LINE_ID = 2;

const policiesOf = (route: string): readonly RoutePolicy[] => {
  const p = ROUTE_POLICIES[route];
  return p === undefined ? [] : Array.isArray(p) ? p : [p as RoutePolicy];
};

const fill = (url: string, params: Readonly<Record<string, string>>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? NOBODYS_ID));

describe.each(databaseKinds)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<MatrixRole, string>();
  let otherCustomerId = 0;
  let otherUser: { userName: string; password: string };

  /** A new session for every role (the matrix signs each one out at its end). */
  const signInAll = async () => {
    const demo: Record<
      Exclude<MatrixRole, 'anonymous' | 'otherCustomer' | 'readKey' | 'fullKey' | 'gateKey'>,
      DemoUser
    > = {
      customer: 'demo.customer',
      steamshipLine: 'demo.ssl',
      staff: 'demo.staff',
      readOnly: 'demo.readonly',
      suspended: 'demo.suspended',
    };
    for (const [role, user] of Object.entries(demo)) tokens.set(role as MatrixRole, await t.tokenFor(user));
    const res = await t.login(otherUser.userName, otherUser.password);
    expect(res.statusCode).toBe(200);
    tokens.set('otherCustomer', res.json().token);
  };

  /** Issue 18: the API keys of the second customer, by matrix role (made once; sign-outs leave them). */
  const apiKeys = new Map<MatrixRole, string>();
  const tokenOf = (role: MatrixRole) => tokens.get(role);
  const authOf = (role: MatrixRole): Record<string, string> => {
    const key = apiKeys.get(role);
    if (key) return { authorization: `ApiKey ${key}` };
    const token = tokenOf(role);
    return token ? bearer(token) : {};
  };
  const call = (role: MatrixRole, method: string, url: string, body?: unknown) => {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...authOf(role), 'idempotency-key': `matrix-${role}-${method}-${url}` },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: (body ?? {}) as object }),
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {}, fixture);
    const db = t.handle.db;
    // A full customer of another company that is no party to the demo customer's orders.
    const other = await sql<{ customer_id: number }>`
      select c.customer_id from customers c
      where c.customer_id > 3 and c.active and c.good_standing
        and not exists (select 1 from booking_orders o where o.customer_id = ${DEMO_CUSTOMER_ID}
          and c.customer_id in (o.responsible_party_id, o.motor_carrier_id))
      order by c.customer_id limit 1`.execute(db);
    otherCustomerId = other.rows[0]?.customer_id ?? 0;
    expect(otherCustomerId).toBeGreaterThan(3);
    otherUser = await buildUser(t, { customerId: otherCustomerId });
    await signInAll();
    // Made by staff for the second customer: a key acts for its one company, not as staff.
    for (const [role, abilities] of [
      ['readKey', ['read']],
      ['fullKey', ['book', 'read', 'cancel']],
      // Issue 31: a location operator's gate key: gate events and nothing else.
      ['gateKey', ['gate']],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/apikeys',
        headers: bearer(tokenOf('staff') as string),
        payload: {
          Name: `matrix ${role}`,
          Abilities: abilities,
          ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          CustomerId: otherCustomerId,
          ...(role === 'gateKey' ? { LocationIds: [18478] } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      apiKeys.set(role, res.json().Key);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('names every route, and each route declares the ability the table says', () => {
    expect(
      ROUTE_POLICIES['POST /api/yardexpress/create']?.toString(),
      'the fixture flow’s submit',
    ).toBeDefined();
    const served = [...t.app.routeAccess.entries()].filter(([route]) => !route.includes(' /api/docs'));
    const missing = served.filter(([route]) => policiesOf(route).length === 0).map(([r]) => r);
    expect(missing, 'routes with no row in tests/api/policy-matrix.ts').toEqual([]);
    const stale = Object.keys(ROUTE_POLICIES).filter((r) => !t.app.routeAccess.has(r));
    expect(stale, 'rows of routes the server does not have').toEqual([]);
    for (const [route, access] of served) {
      const declared = typeof access === 'string' ? access : access.name;
      for (const p of policiesOf(route)) expect(`${route} → ${declared}`).toBe(`${route} → ${p.ability}`);
    }
  });

  it('answers every route for every caller as the table says', async () => {
    const wrong: string[] = [];
    // Sign-out last: it ends the session whose token the other rows use.
    const routes = Object.keys(ROUTE_POLICIES).sort(
      (a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')),
    );
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      for (const policy of policiesOf(route)) {
        for (const role of MATRIX_ROLES) {
          const res = await call(role, method, fill(url, policy.params ?? {}));
          const expected = policy.who[role];
          const got = res.statusCode;
          const refused = got === 401 || got === 403;
          const ok = expected === 'allowed' ? !refused && got < 500 : got === expected;
          if (!ok)
            wrong.push(
              `${route} ${JSON.stringify(policy.params ?? {})} as ${role}: ${got}, expected ${expected}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("answers 404 to another customer asking for a customer's order, contract or user by id", async () => {
    await signInAll();
    const db = t.handle.db;
    const idOf = async (record: OwnedRecord): Promise<number> => {
      if (record.kind === 'user') {
        const row = await db
          .selectFrom('users')
          .select('user_id')
          .where('user_name', '=', 'demo.customer')
          .executeTakeFirstOrThrow();
        return row.user_id;
      }
      if (record.kind === 'contract') {
        const row = await db
          .selectFrom('term_lease_contracts')
          .select('contract_id')
          .where('customer_id', '=', DEMO_CUSTOMER_ID)
          .orderBy('contract_id')
          .executeTakeFirstOrThrow();
        return row.contract_id;
      }
      const row = await sql<{ booking_order_id: number }>`
        select o.booking_order_id from booking_orders o
        where o.customer_id = ${DEMO_CUSTOMER_ID} and o.booking_order_type_code = ${record.orderType}
          and coalesce(o.responsible_party_id, 0) not in (${STEAMSHIP_LINE_ID}, ${otherCustomerId})
          and coalesce(o.motor_carrier_id, 0) not in (${STEAMSHIP_LINE_ID}, ${otherCustomerId})
        order by o.booking_order_id limit 1`.execute(db);
      const id = row.rows[0]?.booking_order_id;
      if (id === undefined) throw new Error(`the seed has no ${record.orderType} order of the demo customer`);
      return id;
    };
    const wrong: string[] = [];
    for (const entry of OWNED_RECORD_ROUTES) {
      const [method, url] = entry.route.split(' ') as [string, string];
      const id = String(await idOf(entry.record));
      const inPath = 'path' in entry.idIn ? { [entry.idIn.path]: id } : {};
      const target = fill(url, { ...entry.params, ...inPath });
      const body = 'body' in entry.idIn ? { [entry.idIn.body]: Number(id) } : undefined;
      const [policy] = policiesOf(entry.route);
      // The owner reads it (so the id is real); writes are not repeated by the owner.
      if (method === 'GET') {
        const own = await call('customer', method, target, body);
        if (own.statusCode !== 200) wrong.push(`${entry.route} id ${id} as its owner: ${own.statusCode}`);
      }
      for (const role of ['otherCustomer', 'steamshipLine', 'readKey', 'fullKey'] as const) {
        if (policy?.who[role] !== 'allowed') continue;
        const res = await call(role, method, target, body);
        if (res.statusCode !== 404)
          wrong.push(`${entry.route} id ${id} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else expect(res.json().message, entry.route).toEqual(expect.any(String));
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
