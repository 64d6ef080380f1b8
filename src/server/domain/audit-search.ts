/**
 * Issue 18: the staff's search of the orders' audit trail — by the user who made a change, the
 * order's customer and the day (the caller's time zone) — a page at a time, newest first, and the
 * same entries as a spreadsheet (one row per field changed, through the dashboard's writer).
 * Who may search is decided by the route's ability (policies: auditSearch), not here.
 */
import type { Readable, Writable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
  type AuditSearchResponse,
} from '../../schemas/audit';
import type { Database } from '../db/types';
import { AppError, type ErrorLog } from '../errors';
import { type SheetColumn, streamedFile, writeWorkbook } from './dashboard-export';
import type { TimeZone } from './dashboard-search';
import { presentTrailEntry, trailRows } from './order-trail';

/** Rows read per round trip of an export. */
const EXPORT_BATCH = 1000;

/** The instant a caller's day starts, or a 400 for a day that is not on the calendar. */
function dayStart(day: string, zone: TimeZone): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc.getTime()) || midnightUtc.toISOString().slice(0, 10) !== day)
    throw new AppError(400, `Day must be a date on the calendar as YYYY-MM-DD (got '${day}').`, 'VALIDATION');
  return new Date(midnightUtc.getTime() - zone.offsetMinutes * 60_000);
}

/** Every entry matching the filters, with its order and customer; oldest-first order is the caller's. */
function matching(db: Kysely<Database>, filter: AuditFilter, zone: TimeZone) {
  let query = trailRows(db)
    // audit_log keys the order by its id as text (one table for every entity type).
    .innerJoin('booking_orders as o', (join) =>
      join.on((eb) => eb(eb.cast('o.booking_order_id', 'text'), '=', eb.ref('a.entity_id'))),
    )
    .leftJoin('customers as c', 'c.customer_id', 'o.customer_id')
    .select(['o.booking_order_id', 'o.customer_id', 'c.customer_name', 'c.scac']);
  if (filter.UserId !== undefined) query = query.where('a.changed_by', '=', filter.UserId);
  if (filter.CustomerId !== undefined) query = query.where('o.customer_id', '=', filter.CustomerId);
  if (filter.Day !== undefined) {
    const from = dayStart(filter.Day, zone);
    query = query
      .where('a.changed_at', '>=', from)
      .where('a.changed_at', '<', new Date(from.getTime() + 24 * 3_600_000));
  }
  return query;
}

type MatchRow = Awaited<ReturnType<ReturnType<typeof matching>['execute']>>[number];

const presentEntry = (r: MatchRow): AuditEntry => ({
  AuditId: r.audit_id,
  BookingOrderId: r.booking_order_id,
  CustomerId: r.customer_id,
  CustomerNameWithSCAC: r.customer_name ? `${r.customer_name} (${r.scac})` : null,
  UserId: r.user_id,
  ...presentTrailEntry(r),
});

export async function searchAuditTrail(
  db: Kysely<Database>,
  filter: AuditFilter & { Page?: number },
  zone: TimeZone,
): Promise<AuditSearchResponse> {
  const page = filter.Page ?? 1;
  const found = matching(db, filter, zone);
  const [count, rows] = await Promise.all([
    db
      .selectFrom(found.as('m'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    found
      .orderBy('a.changed_at', 'desc')
      .orderBy('a.audit_id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
  ]);
  return {
    // count(*) is a number on PGlite and a string on pg.
    TotalCount: Number(count.n),
    Page: page,
    PageSize: AUDIT_PAGE_SIZE,
    Entries: rows.map(presentEntry),
  };
}

/** One spreadsheet row per field an entry changed (one row for an entry that changed none). */
interface ExportRow {
  entry: AuditEntry;
  change: AuditEntry['Changes'][number] | null;
}

function exportColumns(zone: TimeZone): readonly SheetColumn<ExportRow>[] {
  // Spreadsheets hold wall-clock times: shift each instant into the caller's zone.
  const local = (iso: string) => new Date(new Date(iso).getTime() + zone.offsetMinutes * 60_000);
  return [
    { header: 'When', width: 18, value: (r) => local(r.entry.ChangedAt), numFmt: 'yyyy-mm-dd hh:mm:ss' },
    { header: 'Order Number', width: 14, value: (r) => r.entry.BookingOrderId, numFmt: '0' },
    { header: 'Customer', width: 36, value: (r) => r.entry.CustomerNameWithSCAC },
    { header: 'By', width: 32, value: (r) => r.entry.ChangedBy },
    { header: 'API Key', width: 20, value: (r) => r.entry.ApiKeyName },
    { header: 'Action', width: 14, value: (r) => r.entry.Action },
    { header: 'Status', width: 12, value: (r) => r.entry.StatusName },
    { header: 'Field', width: 36, value: (r) => r.change?.Field ?? null },
    { header: 'Old', width: 24, value: (r) => r.change?.Old ?? null },
    { header: 'New', width: 24, value: (r) => r.change?.New ?? null },
    { header: 'Note', width: 30, value: (r) => r.entry.Note },
  ];
}

/** Every matching entry, newest first, read in batches by keyset so memory stays flat. */
async function forEachEntryBatch(
  db: Kysely<Database>,
  filter: AuditFilter,
  zone: TimeZone,
  onBatch: (rows: readonly ExportRow[]) => Promise<void>,
): Promise<number> {
  let after: { at: Date | string; id: number } | null = null;
  let total = 0;
  for (;;) {
    const last = after;
    const rows: MatchRow[] = await matching(db, filter, zone)
      .$if(last !== null, (q) =>
        q.where(sql<boolean>`(a.changed_at, a.audit_id) < (${last?.at}, ${last?.id})`),
      )
      .orderBy('a.changed_at', 'desc')
      .orderBy('a.audit_id', 'desc')
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return total;
    total += rows.length;
    const tail = rows[rows.length - 1] as MatchRow;
    after = { at: tail.changed_at, id: tail.audit_id };
    await onBatch(
      rows
        .map(presentEntry)
        .flatMap((entry): ExportRow[] =>
          entry.Changes.length > 0
            ? entry.Changes.map((change) => ({ entry, change }))
            : [{ entry, change: null }],
        ),
    );
  }
}

/** The filtered trail as an .xlsx stream; a bad Day is a 400 before the first byte. */
export function auditTrailWorkbook(
  db: Kysely<Database>,
  filter: AuditFilter,
  zone: TimeZone,
  log: ErrorLog,
): Readable {
  if (filter.Day !== undefined) dayStart(filter.Day, zone);
  return streamedFile(
    (out: Writable) =>
      writeWorkbook(out, 'Audit trail', exportColumns(zone), (onBatch) =>
        forEachEntryBatch(db, filter, zone, onBatch),
      ),
    log,
    'audit trail export',
  );
}
