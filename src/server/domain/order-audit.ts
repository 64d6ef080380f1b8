/**
 * Issue 18, the write side of an order's audit trail: every change to a booking order or its
 * bookings is recorded here, in the transaction of the change, as ONE audit_log row against the
 * order (entity_type 'booking_order', entity_id the order id). A change to one of its bookings names
 * the booking number in the field ("Booking PB26000123.UnitsRequestedCount"), so the order's trail
 * shows it.
 *
 * For the webhooks (helper B) and anyone reading audit_log: entity_type is ORDER_AUDIT_ENTITY and
 * action one of ORDER_AUDIT_ACTIONS; these names are stable. `details` is readable JSON:
 *   { "changes": { "<Field>": { "old": …, "new": … }, … }, …facts of the change }
 * A status change is the field "Status" (old/new booking status codes). `changed_by` is the user
 * (null for the system), `api_key_id` the API key the user's system called with, if any.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Viewer } from './viewer';

export const ORDER_AUDIT_ENTITY = 'booking_order';

/** Every action an order's trail holds. Stable names: webhooks and saved searches key on them. */
export const ORDER_AUDIT_ACTIONS = [
  /** The order was booked (or requested, when it waits in the pending queue). */
  'created',
  /** Its status moved outside a named action (the seed's history of older orders). */
  'status_changed',
  /** Edited through its flow: each field old → new. */
  'edited',
  /** Staff validated a pending request (passed or not). */
  'validated',
  /** Staff accepted a pending request: Status PN → OP and the bookings got numbers. */
  'accepted',
  /** Staff rejected a pending request: Status PN → CN. */
  'rejected',
  /** The order was cancelled (or closed, when some units were picked up). */
  'cancelled',
  /** Issue 31: a gate's out-gate picked a chassis up against one of its bookings. */
  'picked_up',
  /** Issue 31: a gate's in-gate brought back a chassis its redelivery named. */
  'returned',
] as const;
export type OrderAuditAction = (typeof ORDER_AUDIT_ACTIONS)[number];

/** The field name a status change is recorded under. */
export const STATUS_FIELD = 'Status';

/** Who made a change: the user and, for a call with `Authorization: ApiKey …`, the key. */
export interface OrderActor {
  userId: number;
  apiKeyId: number | null;
}

export const actorOf = (viewer: Pick<Viewer, 'userId' | 'apiKeyId'>): OrderActor => ({
  userId: viewer.userId,
  apiKeyId: viewer.apiKeyId ?? null,
});

export interface FieldChange {
  old: unknown;
  new: unknown;
}
export type OrderChanges = Record<string, FieldChange>;

/** An updater's list of changed fields (submission.ts) as the trail's {field: {old, new}}. */
export function changesOf(list: readonly { field: string; before: unknown; after: unknown }[]): OrderChanges {
  const changes: OrderChanges = {};
  for (const c of list) {
    // Several added bookings or fees share a field name: number the later ones, lose none.
    let key = c.field;
    for (let n = 2; key in changes; n++) key = `${c.field} (${n})`;
    changes[key] = { old: c.before ?? null, new: c.after ?? null };
  }
  return changes;
}

export interface OrderAuditEntry {
  /** null: the system (a job, the seed), not a person. */
  actor: OrderActor | null;
  orderId: number;
  action: OrderAuditAction;
  changes?: OrderChanges;
  /** Facts of the change that are not an old → new pair (the pending request, a reason, …). */
  facts?: Record<string, unknown>;
  /** When; the database's now() otherwise. Pass the clock the change itself used. */
  at?: Date;
}

/** The row an entry is stored as: shared by the domain and the seed, so both write one shape. */
export function orderAuditRow(entry: OrderAuditEntry) {
  return {
    entity_type: ORDER_AUDIT_ENTITY,
    entity_id: String(entry.orderId),
    action: entry.action,
    changed_by: entry.actor?.userId ?? null,
    api_key_id: entry.actor?.apiKeyId ?? null,
    ...(entry.at ? { changed_at: entry.at } : {}),
    details: JSON.stringify({ changes: entry.changes ?? {}, ...entry.facts }),
  };
}

/** Records one change of an order in the caller's transaction. */
export async function recordOrderChange(trx: Kysely<Database>, entry: OrderAuditEntry): Promise<void> {
  await trx.insertInto('audit_log').values(orderAuditRow(entry)).execute();
}

/** The status an entry left the order in: its Status change, or (rows written before issue 18) to/status. */
export function statusAfter(details: unknown): string | null {
  const d = (typeof details === 'string' ? JSON.parse(details) : details) as Record<string, unknown> | null;
  const changes = d?.changes as OrderChanges | undefined;
  const status = changes?.[STATUS_FIELD]?.new ?? d?.to ?? d?.status ?? null;
  return typeof status === 'string' ? status : null;
}

/** A booking's field in its order's trail, named by its booking number (a pending one has none yet). */
export const bookingField = (b: { booking_code: string | null; booking_id: number }, field: string): string =>
  `Booking ${b.booking_code ?? `#${b.booking_id}`}.${field}`;
