/**
 * Issue 18: a company's webhook subscriptions and their delivery log. Whose they are is the
 * policies' call (mayActFor, customerScope): a customer's administrator manages their own
 * company's, staff any company's; another company's subscription is "not found", so ids do not
 * leak. The secret is shown once (in the answer of a create or a rotation) and never listed.
 */
import type { Kysely } from 'kysely';
import { customerScope, mayActFor } from '../../domain/policies';
import {
  AVAILABILITY_EVENT,
  type Delivery,
  type Subscription,
  type SubscriptionCreate,
  type SubscriptionUpdate,
} from '../../schemas/webhooks';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import { webhookUrlProblem } from '../webhooks/destination';
import { newWebhookSecret } from '../webhooks/signature';
import type { Viewer } from './viewer';

export interface WebhookDeps {
  db: Kysely<Database>;
  allowLoopback: boolean;
  /** Called after a commit that wrote a delivery row (a resend): the dispatcher looks at once. */
  nudge(): void;
}

const bad = (message: string) => new AppError(400, message, 'INVALID_WEBHOOK');
const subscriptionNotFound = () =>
  notFound('This webhook subscription was not found. It may have been deleted, or it is not your company’s.');

const DELIVERY_LOG_SIZE = 100;

function subscriptions(db: Kysely<Database>) {
  return db
    .selectFrom('webhook_subscriptions as s')
    .innerJoin('customers as c', 'c.customer_id', 's.customer_id')
    .select([
      's.subscription_id',
      's.customer_id',
      'c.customer_name',
      'c.scac',
      's.url',
      's.events',
      's.location_ids',
      's.active',
      's.created_at',
    ]);
}
type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptions>['executeTakeFirstOrThrow']>>;

const present = (row: SubscriptionRow, secret?: string): Subscription => ({
  SubscriptionId: row.subscription_id,
  CustomerId: row.customer_id,
  CustomerName: `${row.customer_name} (${row.scac})`,
  Url: row.url,
  Events: row.events,
  LocationIds: row.location_ids,
  Active: row.active,
  CreatedAt: new Date(row.created_at).toISOString(),
  ...(secret ? { Secret: secret } : {}),
});

/** The subscription if it is the viewer's to manage; 404 otherwise (also for another company's). */
async function ownSubscription(db: Kysely<Database>, viewer: Viewer, id: number): Promise<SubscriptionRow> {
  const row = await subscriptions(db).where('s.subscription_id', '=', id).executeTakeFirst();
  if (!row || !mayActFor(viewer, row.customer_id)) throw subscriptionNotFound();
  return row;
}

/** Url, events and locations together: the rules a whole subscription must keep. */
async function checkSubscription(
  deps: WebhookDeps,
  fields: { Url: string; Events: readonly string[]; LocationIds: readonly number[] },
) {
  const problem = await webhookUrlProblem(fields.Url.trim(), deps.allowLoopback);
  if (problem) throw bad(problem);
  const wantsAvailability = fields.Events.includes(AVAILABILITY_EVENT);
  if (wantsAvailability && fields.LocationIds.length === 0)
    throw bad('LocationIds: choose at least one location to hear availability.changed of.');
  if (!wantsAvailability && fields.LocationIds.length > 0)
    throw bad(
      'LocationIds are only for the availability.changed event: add that event or leave LocationIds empty.',
    );
  if (fields.LocationIds.length > 0) {
    const found = await deps.db
      .selectFrom('locations')
      .select('location_id')
      .where('location_id', 'in', [...fields.LocationIds])
      .execute();
    const known = new Set(found.map((l) => l.location_id));
    const unknown = fields.LocationIds.filter((l) => !known.has(l));
    if (unknown.length > 0) throw bad(`LocationIds: no location has the id ${unknown.join(', ')}.`);
  }
}

export async function listSubscriptions(
  db: Kysely<Database>,
  viewer: Viewer,
  customerId: number | undefined,
): Promise<Subscription[]> {
  const scope = customerScope(viewer);
  let query = subscriptions(db).orderBy('c.customer_name').orderBy('s.subscription_id');
  if (scope.kind === 'parties') query = query.where('s.customer_id', '=', scope.customerId);
  if (customerId !== undefined) query = query.where('s.customer_id', '=', customerId);
  return (await query.execute()).map((row) => present(row));
}

export async function createSubscription(
  deps: WebhookDeps,
  viewer: Viewer,
  body: SubscriptionCreate,
): Promise<Subscription> {
  const customerId = body.CustomerId ?? viewer.customerId;
  if (customerId == null)
    throw bad('CustomerId: say which company the subscription is for (staff belong to no company).');
  if (!mayActFor(viewer, customerId))
    throw notFound('This company was not found, or its webhooks are not yours to manage.');
  const company = await deps.db
    .selectFrom('customers')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!company) throw bad(`CustomerId: no company has the id ${customerId}.`);
  const fields = { Url: body.Url.trim(), Events: body.Events, LocationIds: body.LocationIds ?? [] };
  await checkSubscription(deps, fields);
  const secret = newWebhookSecret();
  const { subscription_id } = await deps.db
    .insertInto('webhook_subscriptions')
    .values({
      customer_id: customerId,
      url: fields.Url,
      events: [...fields.Events],
      location_ids: [...fields.LocationIds],
      secret,
      active: body.Active ?? true,
      created_by: viewer.userId,
    })
    .returning('subscription_id')
    .executeTakeFirstOrThrow();
  return present(await ownSubscription(deps.db, viewer, subscription_id), secret);
}

export async function updateSubscription(
  deps: WebhookDeps,
  viewer: Viewer,
  id: number,
  body: SubscriptionUpdate,
): Promise<Subscription> {
  const current = await ownSubscription(deps.db, viewer, id);
  const fields = {
    Url: (body.Url ?? current.url).trim(),
    Events: body.Events ?? current.events,
    // Dropping availability.changed drops its locations with it, unless new ones are given.
    LocationIds:
      body.LocationIds ??
      ((body.Events ?? current.events).includes(AVAILABILITY_EVENT) ? current.location_ids : []),
  };
  await checkSubscription(deps, fields);
  const secret = body.RotateSecret ? newWebhookSecret() : undefined;
  await deps.db
    .updateTable('webhook_subscriptions')
    .set({
      url: fields.Url,
      events: [...fields.Events],
      location_ids: [...fields.LocationIds],
      ...(body.Active === undefined ? {} : { active: body.Active }),
      ...(secret ? { secret } : {}),
      updated_at: new Date(),
    })
    .where('subscription_id', '=', id)
    .execute();
  return present(await ownSubscription(deps.db, viewer, id), secret);
}

/** Deletes the subscription and its delivery log; a delivery not yet sent is dropped with it. */
export async function deleteSubscription(db: Kysely<Database>, viewer: Viewer, id: number): Promise<void> {
  await ownSubscription(db, viewer, id);
  await db.deleteFrom('webhook_subscriptions').where('subscription_id', '=', id).execute();
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listDeliveries(db: Kysely<Database>, viewer: Viewer, id: number): Promise<Delivery[]> {
  await ownSubscription(db, viewer, id);
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', id)
    .orderBy('delivery_id', 'desc')
    .limit(DELIVERY_LOG_SIZE)
    .execute();
  return rows.map((d) => ({
    DeliveryId: Number(d.delivery_id),
    WebhookId: d.webhook_id,
    Event: d.event,
    BookingOrderId: d.booking_order_id,
    LocationIds: d.location_ids,
    Status: d.delivered_at ? 'delivered' : d.failed_at ? 'failed' : 'pending',
    Attempts: d.attempts,
    LastStatus: d.last_status,
    LastError: d.last_error,
    OccurredAt: new Date(d.occurred_at).toISOString(),
    LastAttemptAt: iso(d.last_attempt_at),
    NextAttemptAt: d.delivered_at || d.failed_at ? null : iso(d.next_attempt_at),
    DeliveredAt: iso(d.delivered_at),
    ResentFrom: d.resent_from === null ? null : Number(d.resent_from),
  }));
}

/**
 * "Send again": a new delivery of the same event with a new id (the receiver asked for it, so it
 * must not drop it as a repeat), tried at once and then on the usual schedule.
 */
export async function resendDelivery(
  deps: WebhookDeps,
  viewer: Viewer,
  id: number,
  deliveryId: number,
): Promise<Delivery> {
  await ownSubscription(deps.db, viewer, id);
  const original = await deps.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .where('subscription_id', '=', id)
    .executeTakeFirst();
  if (!original) throw notFound('This delivery was not found in the subscription’s log.');
  const copy = await deps.db
    .insertInto('webhook_deliveries')
    .values({
      subscription_id: id,
      event: original.event,
      booking_order_id: original.booking_order_id,
      location_ids: original.location_ids,
      occurred_at: original.occurred_at,
      resent_from: original.delivery_id,
    })
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  deps.nudge();
  const [presented] = (await listDeliveries(deps.db, viewer, id)).filter(
    (d) => d.DeliveryId === Number(copy.delivery_id),
  );
  if (!presented) throw new Error(`delivery ${copy.delivery_id} vanished after its insert`);
  return presented;
}
