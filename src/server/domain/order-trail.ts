/**
 * Issue 18, the read side of an order's audit trail (written by order-audit.ts): who (the user, and
 * the API key their system called with), when, and each field old → new, as the order detail and
 * the staff's trail search show it.
 */
import type { Kysely } from 'kysely';
import { bookingStatusName } from '../../domain/status-codes';
import type { TrailEntry } from '../../schemas/dashboard';
import type { Database } from '../db/types';
import { ORDER_AUDIT_ENTITY, type OrderChanges, statusAfter } from './order-audit';

/** audit_log with its user and key: the base of every trail query. */
export const trailRows = (db: Kysely<Database>) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.user_id', 'a.changed_by')
    .leftJoin('api_keys as k', 'k.api_key_id', 'a.api_key_id')
    .select([
      'a.audit_id',
      'a.entity_id',
      'a.changed_at',
      'a.action',
      'a.details',
      'u.user_id',
      'u.first_name',
      'u.last_name',
      'k.name as api_key_name',
    ])
    .where('a.entity_type', '=', ORDER_AUDIT_ENTITY);

type TrailRow = {
  changed_at: Date | string;
  action: string;
  details: unknown;
  first_name: string | null;
  last_name: string | null;
  api_key_name: string | null;
};

/** A value as a person reads it; null stays null (the screen shows a dash). */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map((v) => displayValue(v) ?? '—').join(', ');
  return JSON.stringify(value);
}

const parsed = (details: unknown) =>
  ((typeof details === 'string' ? JSON.parse(details) : details) ?? {}) as Record<string, unknown>;

/** What a trail entry says besides its changes: the reason a request was refused or failed. */
function noteOf(facts: Record<string, unknown>): string | null {
  if (typeof facts.reason === 'string' && facts.reason !== '') return `Reason: ${facts.reason}`;
  if (facts.passed === false) return `Validation failed${facts.failureCode ? `: ${facts.failureCode}` : ''}`;
  if (facts.passed === true) return 'Validation passed';
  if (facts.acceptedOverAvailability) return 'Accepted over availability';
  return null;
}

export function presentTrailEntry(row: TrailRow): TrailEntry {
  const details = parsed(row.details);
  const status = statusAfter(details);
  const user = row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null;
  const changes = (details.changes ?? {}) as OrderChanges;
  return {
    ChangedAt: new Date(row.changed_at).toISOString(),
    // Issue 18: a change made through a key names the key and the user it acts for.
    ChangedBy:
      row.api_key_name !== null
        ? `API key ${row.api_key_name}${user ? ` (${user})` : ''}`
        : (user ?? 'System'),
    ApiKeyName: row.api_key_name,
    Action: row.action,
    StatusCode: status,
    StatusName: bookingStatusName(status),
    Changes: Object.entries(changes).map(([field, c]) => ({
      Field: field,
      Old: displayValue(c?.old),
      New: displayValue(c?.new),
    })),
    Note: noteOf(details),
  };
}

/** An order's whole trail, oldest first (the dashboard detail's History). */
export async function orderTrail(db: Kysely<Database>, orderId: number): Promise<TrailEntry[]> {
  const rows = await trailRows(db)
    .where('a.entity_id', '=', String(orderId))
    .orderBy('a.changed_at')
    .orderBy('a.audit_id')
    .execute();
  return rows.map(presentTrailEntry);
}
