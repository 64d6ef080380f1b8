/**
 * Issue 18, API keys: made, listed and revoked on My Account by a company's administrator (or
 * staff for any company); shown once and stored hashed; a call with `Authorization: ApiKey …` goes
 * through the same routes as the portal's, narrowed to the key's company and abilities; a revoked
 * key is refused at once (on PostgreSQL, on a second instance within a second, as auth-cache.test).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_AUTH_PROVIDER } from '../../src/domain/constants';
import { buildApp } from '../../src/server/app';
import { API_KEY_FAILURES_PER_MINUTE } from '../../src/server/auth/api-key-auth';
import { authCacheFor } from '../../src/server/auth/auth-cache';
import { createTokenService } from '../../src/server/auth/tokens';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import { ROLE_ID } from '../../src/server/db/seed/roles';
import { orderEventsFor } from '../../src/server/events/order-events';
import { databaseKinds } from '../helpers/database';
import { buildUser, customerWithToken, stockedLocation } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { eventually, until } from '../helpers/until';
import {
  availableAt,
  clearThresholds,
  type Equipment,
  POOL_URL,
  submit,
  unitsPayload,
} from './bookings-helpers';

const KEYS = '/api/account/apikeys';
const REFUSAL_DEADLINE_MS = 1_000;
const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const EVERYTHING = { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31' };
const KEY_PATTERN = /^brr_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const apiKey = (key: string) => ({ authorization: `ApiKey ${key}` });

type SignedIn = Awaited<ReturnType<typeof customerWithToken>>;

describe.each(databaseKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: DatabaseHandle | null = null;
  let admin: string;
  /** Staff, where a staff token only acts (makes a key for a company). */
  let staff: string;
  /** The company whose keys the tests make, and a token of its plain (non-administrator) user. */
  let me: SignedIn;
  let customer: string;
  let other: SignedIn;
  let otherCustomerId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await clearThresholds(t);
    me = await customerWithToken(t);
    customer = me.token;
    other = await customerWithToken(t);
    otherCustomerId = other.customerId;
    // A customer's administrator: the Customer Full role plus Update on the application role entity.
    const db = t.handle.db;
    const role = await db
      .insertInto('roles')
      .values({ role_name: 'Customer Administrator (test)', role_rank: 9, is_internal: false })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.role_id, entity: 'ApplicationRole', bits: 1 | 2 })
      .execute();
    const user = await buildUser(t, { customerId: me.customerId });
    await db.insertInto('user_roles').values({ user_id: user.userId, role_id: role.role_id }).execute();
    const login = await t.login(user.userName, user.password);
    expect(login.statusCode, login.body).toBe(200);
    admin = login.json().token;
    staff = await t.tokenFor('demo.staff');
    if (kind === 'pglite') {
      b = t.app;
      return;
    }
    second = await openDatabase({ kind: 'postgres', url: t.handle.url as string, poolSize: 5 });
    b = await buildApp({
      db: second.db,
      tokens: createTokenService(
        new TextEncoder().encode(t.config.jwtSecret as string),
        t.config.tokenLifetimeMinutes,
      ),
      config: t.config,
      orderEvents: await orderEventsFor(second),
      authCache: await authCacheFor(second),
    });
  }, 120_000);
  afterAll(async () => {
    if (second) {
      await b.close();
      await second.close();
    }
    await t?.close();
  });

  const create = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: KEYS, headers: bearer(token), payload: body });
  /** A working key of the company with these abilities, made by its administrator. */
  async function keyWith(abilities: string[], name = `key ${Math.random()}`) {
    const res = await create(admin, { Name: name, Abilities: abilities, ExpiresAt: inAYear() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { ApiKeyId: number; Key: string; Prefix: string; Name: string };
  }
  /**
   * A change made straight in the database (not through a route) is heard through NOTIFY: the key is
   * refused within a second, on PostgreSQL a moment after the commit.
   */
  function refusedWithin(app: FastifyInstance, key: string) {
    return eventually(
      async () => {
        const res = await searchWith(app, key);
        return res.statusCode === 401 ? res : undefined;
      },
      { what: 'the key to be refused (401)', timeoutMs: REFUSAL_DEADLINE_MS },
    );
  }
  /** A pool booking of one unit at a location of its own, booked by a company's user: its order's id. */
  async function poolOrder(token: string): Promise<number> {
    const place = await stockedLocation(t, LAX_40, 3);
    const res = await submit(
      t,
      POOL_URL,
      token,
      unitsPayload('pool', LAX_40, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().BookingOrderId;
  }
  const searchWith = (app: FastifyInstance, key: string) =>
    app.inject({ method: 'POST', url: '/api/dashboard/search', headers: apiKey(key), payload: EVERYTHING });

  it('shows a new key once, stores only its SHA-256, and lists it without the key', async () => {
    const res = await create(admin, {
      Name: '  TMS production ',
      Abilities: ['read', 'book'],
      ExpiresAt: inAYear(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made.Key).toMatch(KEY_PATTERN);
    expect(made).toMatchObject({ Name: 'TMS production', CustomerId: me.customerId, Status: 'Active' });
    expect(made.Key.startsWith(`${made.Prefix}_`)).toBe(true);
    expect(made.Abilities).toEqual(['read', 'book']);

    const stored = await t.handle.db
      .selectFrom('api_keys')
      .selectAll()
      .where('api_key_id', '=', made.ApiKeyId)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(made.Key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(made.Key.slice(made.Prefix.length + 1));

    const list = await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((k: { ApiKeyId: number }) => k.ApiKeyId === made.ApiKeyId);
    expect(listed).toMatchObject({ Name: 'TMS production', Prefix: made.Prefix, LastUsedAt: null });
    expect(list.body).not.toContain(made.Key);
    expect(list.body).not.toContain(stored.key_hash);
  });

  it('lets staff manage any company’s keys, a customer’s administrator only their own, and nobody else', async () => {
    const forOther = await create(staff, {
      Name: 'staff-made',
      Abilities: ['read'],
      ExpiresAt: inAYear(),
      CustomerId: otherCustomerId,
    });
    expect(forOther.statusCode, forOther.body).toBe(201);
    expect(forOther.json().CustomerId).toBe(otherCustomerId);
    const staffList = await t.app.inject({
      method: 'GET',
      url: `${KEYS}?CustomerId=${otherCustomerId}`,
      headers: bearer(staff),
    });
    expect(staffList.json().map((k: { Name: string }) => k.Name)).toContain('staff-made');

    const noCompany = await create(staff, { Name: 'x', Abilities: ['read'], ExpiresAt: inAYear() });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toMatch(/CustomerId/);
    // Another company's keys are "not found" to a customer's administrator, as any record of theirs.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${KEYS}?CustomerId=${otherCustomerId}`,
      headers: bearer(admin),
    });
    expect(foreign.statusCode).toBe(404);
    const revokeForeign = await t.app.inject({
      method: 'POST',
      url: `${KEYS}/${forOther.json().ApiKeyId}/revoke`,
      headers: bearer(admin),
    });
    expect(revokeForeign.statusCode).toBe(404);
    // A customer's user without the administrator's bits is refused.
    const plain = await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(customer) });
    expect(plain.statusCode).toBe(403);
  });

  it('answers bad requests with a 400 that says what to send', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ Name: '   ', Abilities: ['read'], ExpiresAt: inAYear() }, /Name/],
      [{ Name: 'x', Abilities: ['delete'], ExpiresAt: inAYear() }, /Abilities/],
      [{ Name: 'x', Abilities: [], ExpiresAt: inAYear() }, /at least one/],
      [{ Name: 'x', Abilities: ['read'], ExpiresAt: '2020-01-01' }, /in the future/],
      [
        { Name: 'x', Abilities: ['read'], ExpiresAt: `${new Date().getUTCFullYear() + 3}-01-01` },
        /two years/,
      ],
      [{ Name: 'x', Abilities: ['read'], ExpiresAt: 'next tuesday' }, /ExpiresAt/],
      [{ Name: 'x', Abilities: ['read'] }, /ExpiresAt/],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    await keyWith(['read'], 'Same name');
    const twice = await create(admin, { Name: 'same NAME', Abilities: ['read'], ExpiresAt: inAYear() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already has a working key/);
    const revokeNothing = await t.app.inject({
      method: 'POST',
      url: `${KEYS}/2147483647/revoke`,
      headers: bearer(admin),
    });
    expect(revokeNothing.statusCode).toBe(404);
  });

  it('lets a read key search its company’s dashboard but not book or cancel', async () => {
    const booked = await poolOrder(customer);
    const { Key } = await keyWith(['read']);
    const res = await searchWith(t.app, Key);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().ResultSet as Array<{ BookingOrderId: number }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.BookingOrderId)).toContain(booked);
    // Only the company's own orders (or those it is a party to), as its users see them.
    const byCustomer = await search(t, customer);
    expect(res.json().TotalCount).toBe(byCustomer.TotalCount);

    const place = await stockedLocation(t, LAX_40, 3);
    const book = await t.app.inject({
      method: 'POST',
      url: POOL_URL,
      headers: { ...apiKey(Key), 'idempotency-key': `read-key-${Date.now()}` },
      payload: unitsPayload('pool', LAX_40, [
        { LocationId: place.LocationId, units: 1, Available: place.Available },
      ]),
    });
    expect(book.statusCode).toBe(403);
    expect(book.json().message).toMatch(/does not have the book ability/);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.LocationId)).toBe(3);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers: apiKey(Key),
      payload: { BookingOrderId: rows[0]?.BookingOrderId },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toMatch(/cancel ability/);
  });

  it('books a pool booking with a book key, as its maker for its company, and the audit names the key', async () => {
    const key = await keyWith(['book', 'read']);
    const place = await stockedLocation(t, LAX_40, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: POOL_URL,
      headers: { ...apiKey(key.Key), 'idempotency-key': `book-key-${Date.now()}` },
      payload: unitsPayload('pool', LAX_40, [
        { LocationId: place.LocationId, units: 1, Available: place.Available },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await availableAt(t, customer, 'pool', LAX_40, place.LocationId)).toBe(2);
    const orderId = res.json().BookingOrderId as number;
    const order = await t.handle.db
      .selectFrom('booking_orders')
      .innerJoin('users', 'users.user_id', 'booking_orders.created_by')
      .select(['booking_orders.customer_id', 'users.customer_id as maker_customer'])
      .where('booking_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(me.customerId);
    const audited = await t.handle.db
      .selectFrom('audit_log')
      .select('api_key_id')
      .where('entity_type', '=', 'booking_order')
      .where('entity_id', '=', String(orderId))
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((a) => a.api_key_id === key.ApiKeyId)).toBe(true);

    // Cancelling needs the cancel ability; then the same order is cancelled with one that has it.
    const withBook = await t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers: apiKey(key.Key),
      payload: { BookingOrderId: orderId },
    });
    expect(withBook.statusCode).toBe(403);
    // Every cancel route asks the cancel ability, the term lease redelivery's own as well.
    const withBookTr = await t.app.inject({
      method: 'PUT',
      url: '/api/longtermredelivery/cancelOrder',
      headers: apiKey(key.Key),
      payload: { BookingOrderId: orderId },
    });
    expect(withBookTr.statusCode, withBookTr.body).toBe(403);
    expect(withBookTr.json().message).toMatch(/cancel ability/);
    const canceller = await keyWith(['cancel']);
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers: apiKey(canceller.Key),
      payload: { BookingOrderId: orderId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The list says when each key was used (written at most once a minute per server).
    const list = (await t.app.inject({ method: 'GET', url: KEYS, headers: bearer(admin) })).json();
    expect(list.find((k: { ApiKeyId: number }) => k.ApiKeyId === key.ApiKeyId).LastUsedAt).toEqual(
      expect.any(String),
    );
  });

  it('answers 404 to a key asking for another company’s order', async () => {
    const { Key } = await keyWith(['read', 'cancel']);
    const id = await poolOrder(other.token);
    // Its own company's user sees it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/details/${id}`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/details/${id}`,
      headers: apiKey(Key),
    });
    expect(detail.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/bookingorder/cancelOrder',
      headers: apiKey(Key),
      payload: { BookingOrderId: id },
    });
    expect(cancel.statusCode).toBe(404);
  });

  it('refuses keys on a person’s own routes, the live hub, and key management (a key cannot make keys)', async () => {
    const { Key } = await keyWith(['book', 'read', 'cancel']);
    for (const [method, url] of [
      ['GET', '/api/users/me/account'],
      ['POST', '/api/auth/changepassword'],
      ['POST', '/api/dashboard/hub/negotiate'],
      ['GET', KEYS],
      ['POST', KEYS],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: apiKey(Key),
        ...(method === 'POST'
          ? { payload: { Name: 'minted', Abilities: ['book'], ExpiresAt: inAYear() } }
          : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/API key/);
    }
  });

  it('refuses a revoked key at once, on every instance', async () => {
    const key = await keyWith(['read']);
    expect((await searchWith(b, key.Key)).statusCode).toBe(200);
    expect((await searchWith(t.app, key.Key)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `${KEYS}/${key.ApiKeyId}/revoke`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({ Status: 'Revoked', RevokedAt: expect.any(String) });
    // The very next call on the instance that revoked it.
    const next = await searchWith(t.app, key.Key);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toMatch(/revoked/);
    // The other instance hears of it through NOTIFY (PostgreSQL) within a second.
    await until(async () => (await searchWith(b, key.Key)).statusCode === 401, {
      what: 'the other instance to refuse the revoked key (401)',
      timeoutMs: REFUSAL_DEADLINE_MS,
    });
    // Revoking again answers it as it is.
    const again = await t.app.inject({
      method: 'POST',
      url: `${KEYS}/${key.ApiKeyId}/revoke`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an expired key, and a key whose maker is no longer active', async () => {
    const expired = await keyWith(['read']);
    expect((await searchWith(t.app, expired.Key)).statusCode).toBe(200);
    await t.handle.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('api_key_id', '=', expired.ApiKeyId)
      .execute();
    const res = await refusedWithin(t.app, expired.Key);
    expect(res.json().message).toMatch(/expired on/);

    // A staff user of its own makes it, since the test deactivates its maker.
    const maker = await buildUser(t, {
      customerId: null,
      roleId: ROLE_ID.staffAdmin,
      authProvider: DIRECTORY_AUTH_PROVIDER,
    });
    const login = await t.login(maker.userName, maker.password);
    expect(login.statusCode, login.body).toBe(200);
    const made = await create(login.json().token, {
      Name: 'staff key',
      Abilities: ['read'],
      ExpiresAt: inAYear(),
      CustomerId: me.customerId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { Key } = made.json();
    expect((await searchWith(t.app, Key)).statusCode).toBe(200);
    const setActive = (active: boolean) =>
      t.handle.db.updateTable('users').set({ active }).where('user_id', '=', maker.userId).execute();
    await setActive(false);
    const refused = await refusedWithin(t.app, Key);
    expect(refused.json().message).toMatch(/no longer active/);
    await setActive(true);
    // Reactivated: the key works again once the change is heard (within a second).
    await until(async () => (await searchWith(t.app, Key)).statusCode === 200, {
      what: "the reactivated maker's key to work again (200)",
      timeoutMs: REFUSAL_DEADLINE_MS * 2,
    });
  });

  it('acts for its one company even when staff made it', async () => {
    const made = await create(staff, {
      Name: 'staff for the company',
      Abilities: ['read'],
      ExpiresAt: inAYear(),
      CustomerId: me.customerId,
    });
    const res = await searchWith(t.app, made.json().Key);
    expect(res.statusCode).toBe(200);
    expect(res.json().TotalCount).toBe((await search(t, customer)).TotalCount);
  });

  it('holds a key staff made for a company to what that company’s own users may do', async () => {
    // Issue 28, finding 10: staff hold every bit, the steamship line's users no reposition or pool
    // redelivery bits; a key staff make for the line gets exactly the line's answers.
    const line = await customerWithToken(t, { customerClass: 'SSL', roleId: ROLE_ID.steamshipLine });
    const ssl = line.token;
    const made = await create(staff, {
      Name: 'staff for the steamship line',
      Abilities: ['book', 'read', 'cancel'],
      ExpiresAt: inAYear(),
      CustomerId: line.customerId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().Key as string;
    const calls = [
      ['/api/repositionbooking/create', 403],
      ['/api/repositionbooking/availability', 403],
      ['/api/poolredelivery/check', 403],
      ['/api/poolredelivery', 403],
      // What the line's users may do, the key may too (the empty body is then a 400).
      ['/api/poolbooking/create', 400],
      ['/api/longtermbooking/createlongtermbooking', 400],
    ] as const;
    for (const [url, expected] of calls) {
      const byKey = await b.inject({ method: 'POST', url, headers: apiKey(key), payload: {} });
      const byUser = await b.inject({ method: 'POST', url, headers: bearer(ssl), payload: {} });
      expect(byUser.statusCode, `${url} as the line's user`).toBe(expected);
      expect(byKey.statusCode, `${url} with the key: ${byKey.body}`).toBe(expected);
    }
  });

  it('names the ApiKey scheme in the OpenAPI document on exactly the routes a key may call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const schemes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s: object) => Object.keys(s));
    expect(schemes('/api/dashboard/search', 'post')).toEqual(['bearer', 'ApiKey']);
    expect(schemes('/api/poolbooking/create', 'post')).toContain('ApiKey');
    expect(schemes('/api/users/me/account', 'get')).not.toContain('ApiKey');
    expect(schemes('/api/account/apikeys', 'post')).toEqual(['bearer']);
  });

  it('rate-limits an address that keeps sending keys that are not valid', async () => {
    const from = { remoteAddress: '203.0.113.77' };
    const bad = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/dashboard/search',
        headers: apiKey('brr_00000000_nope'),
        payload: {},
        ...from,
      });
    for (let i = 0; i < API_KEY_FAILURES_PER_MINUTE; i++) {
      const res = await bad();
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/not valid/);
    }
    const throttled = await bad();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Wait a minute/);
    // Another address is not held back.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: apiKey('brr_00000000_nope'),
      payload: {},
      remoteAddress: '203.0.113.78',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  /** The dashboard's answer for a signed-in user, to compare a key's with. */
  async function search(app: TestApp, token: string): Promise<{ TotalCount: number }> {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: bearer(token),
      payload: EVERYTHING,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
});
