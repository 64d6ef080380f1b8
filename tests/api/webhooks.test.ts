/**
 * Issue 18, webhooks, on the real server and database (PGlite; PostgreSQL too with
 * TEST_DATABASE_URL): a receiver on loopback checks every delivery's signature; a failing receiver
 * is retried with a growing pause; a slow endpoint does not hold up another subscription; one
 * order's events arrive in order; a delivery a dead instance had claimed is sent by another, and
 * the outbox row is in the change's own commit; bad input is a 400 that says what to fix, and
 * another company's subscription is a 404. Both companies, their users and the locations booked at
 * are the test's own (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/schemas/webhooks';
import { buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { webhookUrlProblem } from '../../src/server/webhooks/destination';
import { verifySignature } from '../../src/server/webhooks/signature';
import { databaseKinds } from '../helpers/database';
import {
  buildUser,
  customerWithToken,
  makeCustomer,
  makeOrder,
  onHireChassis,
  stockedLocation,
} from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { clearThresholds, POOL_URL, submit, unitsPayload } from './bookings-helpers';
import { makeGateKey, minutesAgo, openPoolBooking, sendGate } from './gate-helpers';
import { type Receiver, startReceiver, until } from './webhook-helpers';

const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const ENV = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_RETRY_BASE_MS: '300',
  WEBHOOK_RETRY_CHECK_MS: '100',
  WEBHOOK_TIMEOUT_MS: '4000',
};

describe.each(databaseKinds)('webhooks on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let customerId: number;
  let otherCustomerId: number;
  const receivers: Receiver[] = [];

  const receiver = async (answer?: Parameters<typeof startReceiver>[0]) => {
    const r = await startReceiver(answer);
    receivers.push(r);
    return r;
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function subscribe(url: string, events = ['order.created', 'order.cancelled', 'order.changed']) {
    const res = await call('POST', '/api/webhooks/subscriptions', staff, {
      CustomerId: customerId,
      Url: url,
      Events: events,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { SubscriptionId: number; Secret: string };
  }

  /** Stops earlier tests' subscriptions, so each test hears only its own. */
  const pauseAll = () => t.handle.db.updateTable('webhook_subscriptions').set({ active: false }).execute();

  async function book(): Promise<number> {
    const place = await stockedLocation(t, EQUIPMENT, 3);
    const res = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', EQUIPMENT, [
        { LocationId: place.LocationId, units: 1, Available: place.Available },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().BookingOrderId as number;
  }

  const cancel = async (orderId: number) => {
    const res = await call('PUT', '/api/bookingorder/cancelOrder', customer, { BookingOrderId: orderId });
    expect(res.statusCode, res.body).toBe(200);
  };

  const deliveries = (subscriptionId: number) =>
    t.handle.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('delivery_id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind, ENV);
    await clearThresholds(t);
    staff = await t.tokenFor('demo.staff');
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    otherCustomerId = (await makeCustomer(t, { customerClass: 'SSL' })).customerId;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('delivers an order change signed with the subscription secret, the order as the dashboard shows it', async () => {
    const hooks = await receiver();
    const sub = await subscribe(hooks.url);
    expect(sub.Secret).toMatch(/^whsec_/);
    const orderId = await book();

    const [hook] = await hooks.waitFor(1);
    expect(hook?.body.event).toBe('order.created');
    expect(hook?.body.order?.BookingOrderId).toBe(orderId);
    expect(hook?.headers['x-webhook-id']).toBe(hook?.body.id);
    expect(hook?.headers['x-webhook-event']).toBe('order.created');
    expect(verifySignature(hook?.headers['x-signature'] as string, hook?.raw as string, sub.Secret)).toBe(
      true,
    );
    // The same body under another secret, or a changed body, does not verify.
    expect(verifySignature(hook?.headers['x-signature'] as string, hook?.raw as string, 'whsec_other')).toBe(
      false,
    );
    expect(verifySignature(hook?.headers['x-signature'] as string, `${hook?.raw} `, sub.Secret)).toBe(false);
    const detail = (await call('GET', `/api/dashboard/details/${orderId}`, customer)).json();
    const { CanCancel: _c, CanEdit: _e, ...shown } = detail;
    expect(hook?.body.order).toEqual(shown);

    // The delivery log says so; the secret is never listed again.
    await until(async () => (await deliveries(sub.SubscriptionId)).every((d) => d.delivered_at !== null));
    const log = await call('GET', `/api/webhooks/subscriptions/${sub.SubscriptionId}/deliveries`, staff);
    expect(log.statusCode).toBe(200);
    expect(log.json().Deliveries).toMatchObject([
      { Event: 'order.created', Status: 'delivered', Attempts: 1, LastStatus: 200, LastError: null },
    ]);
    const list = await call('GET', `/api/webhooks/subscriptions?CustomerId=${customerId}`, staff);
    const listed = list
      .json()
      .Subscriptions.find((s: { SubscriptionId: number }) => s.SubscriptionId === sub.SubscriptionId);
    expect(listed).toMatchObject({ Url: hooks.url, Active: true });
    expect(listed.Secret).toBeUndefined();
    await pauseAll();
  }, 60_000);

  it('tries a failing receiver again with a growing pause until it answers 2xx', async () => {
    const hooks = await receiver((n) => ({ status: n < 2 ? 503 : 204 }));
    const sub = await subscribe(hooks.url, ['order.created']);
    await book();

    const got = await hooks.waitFor(3);
    await until(async () => (await deliveries(sub.SubscriptionId))[0]?.delivered_at != null);
    const [row] = await deliveries(sub.SubscriptionId);
    expect(row?.attempts).toBe(3);
    expect(row?.last_status).toBe(204);
    expect(row?.last_error).toBeNull();
    // One id throughout: the receiver de-duplicates by it.
    expect(new Set(got.map((h) => h.body.id)).size).toBe(1);
    const [first, second, third] = got.map((h) => h.receivedAt) as [number, number, number];
    // WEBHOOK_RETRY_BASE_MS 300, then 600: the second pause is the longer.
    expect(second - first).toBeGreaterThanOrEqual(300);
    expect(third - second).toBeGreaterThanOrEqual(600);
    expect(third - second).toBeGreaterThan(second - first);
    await pauseAll();
  }, 60_000);

  it('keeps a failure in the log (status, error, next try) and "send again" makes a new delivery', async () => {
    const hooks = await receiver(() => ({ status: 500 }));
    const sub = await subscribe(hooks.url, ['order.created']);
    await book();
    await hooks.waitFor(1);
    await until(async () => (await deliveries(sub.SubscriptionId))[0]?.last_error != null);
    const log = (
      await call('GET', `/api/webhooks/subscriptions/${sub.SubscriptionId}/deliveries`, staff)
    ).json();
    expect(log.Deliveries[0]).toMatchObject({ Status: 'pending', LastStatus: 500 });
    expect(log.Deliveries[0].LastError).toContain('HTTP 500');
    expect(log.Deliveries[0].NextAttemptAt).not.toBeNull();

    hooks.answer = () => ({ status: 200 });
    const again = await call(
      'POST',
      `/api/webhooks/subscriptions/${sub.SubscriptionId}/deliveries/${log.Deliveries[0].DeliveryId}/resend`,
      staff,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ ResentFrom: log.Deliveries[0].DeliveryId, Event: 'order.created' });
    expect(again.json().WebhookId).not.toBe(log.Deliveries[0].WebhookId);
    await until(async () => (await deliveries(sub.SubscriptionId)).every((d) => d.delivered_at !== null));
    await pauseAll();
  }, 60_000);

  it('does not let a slow endpoint hold up another subscription', async () => {
    const slow = await receiver(() => ({ status: 200, delayMs: 2500 }));
    const fast = await receiver();
    await subscribe(slow.url, ['order.created']);
    await subscribe(fast.url, ['order.created']);
    await book();
    await book();

    const [, second] = await fast.waitFor(2);
    const [firstSlow] = await slow.waitFor(1);
    // Both of the fast receiver's deliveries came while the slow one still held its first.
    expect(second?.receivedAt).toBeLessThan((firstSlow?.receivedAt as number) + 2500);
    expect(firstSlow?.answeredAt ?? Number.POSITIVE_INFINITY).toBeGreaterThan(second?.receivedAt as number);
    await slow.waitFor(2, 20_000);
    await pauseAll();
  }, 60_000);

  it('sends one order’s events in order: a later one waits until the earlier is delivered', async () => {
    // The first try of each delivery fails, so the created event is still pending when the
    // cancel commits.
    const tried = new Set<string>();
    const hooks = await receiver((_n, hook) => {
      if (tried.has(hook.body.id)) return { status: 200 };
      tried.add(hook.body.id);
      return { status: 500 };
    });
    const sub = await subscribe(hooks.url, ['order.created', 'order.cancelled']);
    const orderId = await book();
    await hooks.waitFor(1);
    await cancel(orderId);

    await until(async () => {
      const rows = await deliveries(sub.SubscriptionId);
      return rows.length === 2 && rows.every((d) => d.delivered_at !== null);
    });
    const events = hooks.received.map((h) => h.body.event);
    const firstCancelled = events.indexOf('order.cancelled');
    const createdDelivered = hooks.received.findIndex(
      (h, i) => h.body.event === 'order.created' && events.slice(0, i).includes('order.created'),
    );
    expect(createdDelivered).toBeGreaterThanOrEqual(0);
    expect(firstCancelled).toBeGreaterThan(createdDelivered);
    const [created, cancelled] = await deliveries(sub.SubscriptionId);
    expect(Number(created?.delivered_at)).toBeLessThanOrEqual(Number(cancelled?.delivered_at));
    await pauseAll();
  }, 60_000);

  it('commits the delivery with the change, and another instance sends what a dead one had claimed', async () => {
    // The first POST never gets an answer: the instance that sent it is as good as dead for this row.
    const hooks = await receiver((n) => (n === 0 ? 'hang' : { status: 200 }));
    const sub = await subscribe(hooks.url, ['order.created']);
    const orderId = await book();
    // In the commit: the row is there as soon as the booking is answered.
    const [row] = await deliveries(sub.SubscriptionId);
    expect(row).toMatchObject({ event: 'order.created', booking_order_id: orderId, delivered_at: null });
    await hooks.waitFor(1);

    // Its claim runs out (moved back rather than waited for); a second instance on the database sends it.
    await t.handle.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: new Date(Date.now() - 1000) })
      .where('subscription_id', '=', sub.SubscriptionId)
      .execute();
    const tokens = createTokenService(new TextEncoder().encode(t.config.jwtSecret as string), 20);
    const second = await buildApp({ db: t.handle.db, tokens, config: t.config });
    try {
      const [first, again] = await hooks.waitFor(2);
      expect(again?.body.id).toBe(first?.body.id);
      await until(async () => (await deliveries(sub.SubscriptionId))[0]?.delivered_at != null);
    } finally {
      await second.close();
    }
    // The dead instance's POST ends later (WEBHOOK_TIMEOUT_MS); it must not overwrite the delivery.
    // Instead of waiting that long: only the first instance is left, and it claims for this
    // subscription again only once that POST has ended and its outcome is recorded. So a later
    // event of the subscription, arriving, proves the outcome was written.
    const marker = await book();
    const [, , third] = await hooks.waitFor(3);
    expect(third?.body.order?.BookingOrderId).toBe(marker);
    const [done] = await deliveries(sub.SubscriptionId);
    expect(done?.delivered_at).not.toBeNull();
    expect(done?.last_error).toBeNull();
    expect(hooks.received).toHaveLength(3);
    await pauseAll();
  }, 60_000);

  it('maps every audit action of an order to its event, in order (the audit trail’s webhook trigger)', async () => {
    const hooks = await receiver();
    const sub = await subscribe(hooks.url, [
      'order.created',
      'order.changed',
      'order.accepted',
      'order.rejected',
      'order.cancelled',
      'redelivery.confirmed',
    ]);
    const orderOf = async (type: string) => ({
      booking_order_id: (await makeOrder(t, customerId, type)).orderId,
    });
    const audit = (orderId: number, action: string) =>
      t.handle.db
        .insertInto('audit_log')
        .values({ entity_type: 'booking_order', entity_id: String(orderId), action, changed_by: null })
        .execute();
    // A term lease redelivery of the customer's, open: created and accepted also confirm the redelivery.
    const tr = await orderOf('TR');
    for (const action of [
      'created',
      'validated',
      'status_changed',
      'accepted',
      'rejected',
      'cancelled',
      'edited',
      'a_later_action',
    ])
      await audit(tr.booking_order_id, action);
    // An internal reservation order is never a customer's: nothing.
    await audit((await orderOf('IR')).booking_order_id, 'created');

    const expected = [
      'order.created',
      'redelivery.confirmed',
      'order.changed',
      'order.changed',
      'order.accepted',
      'redelivery.confirmed',
      'order.rejected',
      'order.cancelled',
      'order.changed',
      'order.changed',
    ];
    expect((await deliveries(sub.SubscriptionId)).map((d) => d.event)).toEqual(expected);
    await hooks.waitFor(expected.length);
    // One order's deliveries arrive in the order of its changes.
    expect(hooks.received.map((h) => h.body.event)).toEqual(expected);
    await pauseAll();
  }, 60_000);

  it('tells a subscriber of a location that its availability changed, naming only the location', async () => {
    const hooks = await receiver();
    const place = await stockedLocation(t, EQUIPMENT, 3);
    // Another company's subscription hears of the customer's booking at the location it chose.
    const res = await call('POST', '/api/webhooks/subscriptions', staff, {
      CustomerId: otherCustomerId,
      Url: hooks.url,
      Events: ['availability.changed'],
      LocationIds: [place.LocationId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const booked = await submit(
      t,
      POOL_URL,
      customer,
      unitsPayload('pool', EQUIPMENT, [
        { LocationId: place.LocationId, units: 1, Available: place.Available },
      ]),
    );
    expect(booked.statusCode, booked.body).toBe(200);

    const [hook] = await hooks.waitFor(1);
    expect(hook?.body.event).toBe('availability.changed');
    expect(hook?.body).toMatchObject({ locations: [{ LocationId: place.LocationId }] });
    // Whose order changed it is not said.
    expect(hook?.body).not.toHaveProperty('order');
    // Nowhere as a number of its own: its digits may turn up inside the event's UUID.
    const orderId = String(booked.json().BookingOrderId);
    expect(hook?.raw).not.toMatch(new RegExp(`(^|[^0-9A-Za-z-])${orderId}($|[^0-9A-Za-z-])`));
    await pauseAll();
  }, 60_000);

  it('hears what one gate batch moved, in order: the order its pick-up fulfilled, and availability where a chassis came back', async () => {
    const hooks = await receiver();
    const { booking, chassis } = await openPoolBooking(t, 1);
    const back = await stockedLocation(t, EQUIPMENT, 1);
    const [returned] = await onHireChassis(t, booking.customer_id, EQUIPMENT, 1);
    const res = await call('POST', '/api/webhooks/subscriptions', staff, {
      CustomerId: booking.customer_id,
      Url: hooks.url,
      Events: ['order.changed', 'availability.changed'],
      LocationIds: [booking.location_id, back.LocationId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json() as { SubscriptionId: number };
    const key = await makeGateKey(t, staff, [booking.location_id, back.LocationId], 'Gate webhooks');
    const gate = await sendGate(t, key, [
      {
        ChassisId: chassis[0] as string,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: minutesAgo(20),
        BookingCode: booking.booking_code,
      },
      // No redelivery names it: a plain return, which only availability hears of.
      {
        ChassisId: returned as string,
        Kind: 'InGate',
        LocationId: back.LocationId,
        EventTime: minutesAgo(10),
      },
    ]);
    expect(gate.statusCode, gate.body).toBe(200);
    expect(gate.json()).toMatchObject({ Applied: 2, Exceptions: 0 });

    const rows = (await deliveries(sub.SubscriptionId)).map((d) => [
      d.event,
      d.booking_order_id,
      d.location_ids,
    ]);
    expect(rows).toEqual([
      ['order.changed', booking.booking_order_id, null],
      ['availability.changed', null, [booking.location_id]],
      ['availability.changed', null, [back.LocationId]],
    ]);
    const heard = await hooks.waitFor(rows.length);
    expect(heard.map((h) => h.body.event).sort()).toEqual([
      'availability.changed',
      'availability.changed',
      'order.changed',
    ]);
    await pauseAll();
  }, 60_000);

  it('documents every event in the OpenAPI document’s webhooks section, and the routes under Webhooks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const created = doc.webhooks['order.created'].post;
    expect(created.parameters.map((p: { name: string }) => p.name)).toContain('X-Signature');
    expect(created.requestBody.content['application/json'].schema.properties.order.properties).toHaveProperty(
      'BookingOrderId',
    );
    expect(doc.paths['/api/webhooks/subscriptions'].post.tags).toEqual(['Webhooks']);
  });

  it('answers bad input with a 400 that says what to fix', async () => {
    const post = (payload: object) => call('POST', '/api/webhooks/subscriptions', staff, payload);
    const cases: Array<[object, RegExp]> = [
      [
        { CustomerId: customerId, Url: 'ftp://example.com/x', Events: ['order.created'] },
        /http:\/\/ or https:\/\//,
      ],
      [{ CustomerId: customerId, Url: 'not a url', Events: ['order.created'] }, /absolute http/],
      [
        { CustomerId: customerId, Url: 'http://10.1.2.3/hook', Events: ['order.created'] },
        /private or internal/,
      ],
      [
        { CustomerId: customerId, Url: 'http://169.254.169.254/latest', Events: ['order.created'] },
        /private or internal/,
      ],
      [
        { CustomerId: customerId, Url: 'https://u:p@example.com/h', Events: ['order.created'] },
        /user name or password/,
      ],
      [{ CustomerId: customerId, Url: 'http://127.0.0.1/h', Events: [] }, /Events/],
      [{ CustomerId: customerId, Url: 'http://127.0.0.1/h', Events: ['order.exploded'] }, /Events/],
      [
        { CustomerId: customerId, Url: 'http://127.0.0.1/h', Events: ['availability.changed'] },
        /LocationIds/,
      ],
      [
        {
          CustomerId: customerId,
          Url: 'http://127.0.0.1/h',
          Events: ['availability.changed'],
          LocationIds: [2147483000],
        },
        /no location has the id 2147483000/,
      ],
      [
        { CustomerId: customerId, Url: 'http://127.0.0.1/h', Events: ['order.created'], LocationIds: [1] },
        /only for the availability/,
      ],
      [{ Url: 'http://127.0.0.1/h', Events: ['order.created'] }, /CustomerId/],
      [
        { CustomerId: 2147483000, Url: 'http://127.0.0.1/h', Events: ['order.created'] },
        /no company has the id/,
      ],
      [{ CustomerId: customerId, Events: ['order.created'] }, /Url/],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    // Loopback is refused unless WEBHOOK_ALLOW_LOOPBACK allows it (only these tests do).
    expect(await webhookUrlProblem('http://127.0.0.1:9/h', false)).toMatch(/loopback/);
    expect(await webhookUrlProblem('http://localhost/h', false)).toMatch(/loopback/);
    expect(await webhookUrlProblem('http://[::1]/h', false)).toMatch(/loopback/);
    expect(await webhookUrlProblem('http://[::ffff:10.0.0.1]/h', true)).toMatch(/private/);
    expect(await webhookUrlProblem('http://127.0.0.1:9/h', true)).toBeNull();
  }, 60_000);

  it('hides another company’s subscription (404) from a customer administrator', async () => {
    const hooks = await receiver();
    const theirs = await subscribe(hooks.url, ['order.created']);
    // The seed gives no customer Update on the application role entity: a role that does.
    const role = await t.handle.db
      .insertInto('roles')
      .values({ role_name: 'Customer Administrator (test)', role_rank: 10, is_internal: false })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('role_permissions')
      .values({ role_id: role.role_id, entity: 'ApplicationRole', bits: 2 })
      .execute();
    // A user of the other company of its own, with that role besides its own.
    const user = await buildUser(t, { customerId: otherCustomerId });
    await t.handle.db
      .insertInto('user_roles')
      .values({ user_id: user.userId, role_id: role.role_id })
      .execute();
    const signedIn = await t.login(user.userName, user.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const admin = signedIn.json().token as string;

    // Their own company's: created without naming it, listed, changed.
    const own = await call('POST', '/api/webhooks/subscriptions', admin, {
      Url: hooks.url,
      Events: ['order.cancelled'],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().CustomerId).toBe(otherCustomerId);
    const listed = (await call('GET', '/api/webhooks/subscriptions', admin)).json().Subscriptions;
    // Only their own company's (the availability test made one for it too), never the other's.
    expect(listed.map((s: { SubscriptionId: number }) => s.SubscriptionId)).toContain(
      own.json().SubscriptionId,
    );
    expect(listed.map((s: { SubscriptionId: number }) => s.SubscriptionId)).not.toContain(
      theirs.SubscriptionId,
    );
    expect(new Set(listed.map((s: { CustomerId: number }) => s.CustomerId))).toEqual(
      new Set([otherCustomerId]),
    );

    // Another company's: not found, whatever the call.
    const path = `/api/webhooks/subscriptions/${theirs.SubscriptionId}`;
    const [firstDelivery] = await deliveries(theirs.SubscriptionId);
    for (const [method, url, payload] of [
      ['GET', `${path}/deliveries`, undefined],
      ['PUT', path, { Active: false }],
      ['DELETE', path, undefined],
      ['POST', `${path}/deliveries/${firstDelivery?.delivery_id ?? 1}/resend`, undefined],
    ] as const) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toMatch(/not found/);
    }
    const forThem = await call('POST', '/api/webhooks/subscriptions', admin, {
      CustomerId: customerId,
      Url: hooks.url,
      Events: ['order.created'],
    });
    expect(forThem.statusCode).toBe(404);
    // Staff may delete it.
    expect((await call('DELETE', path, staff)).statusCode).toBe(204);
    expect((await call('GET', `${path}/deliveries`, staff)).statusCode).toBe(404);
  }, 60_000);
});
