/**
 * SPEC §7 Dashboard export (CSV) and Download to spreadsheet (.xlsx): every row the current search
 * matches, all pages, read through a database cursor in batches and written as it is read, so
 * memory stays flat however many rows match. Both files have the same columns.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CompiledQuery, type Kysely } from 'kysely';
import { CODES_AS_THEY_ARE, type DisplayNames } from '../../domain/display-names';
import { PENDING_NUMBER_TEXT } from '../../domain/messages';
import type { DashboardCriteria, DashboardRow } from '../../schemas/dashboard';
import type { Database } from '../db/types';
import type { ErrorLog } from '../errors';
import {
  newestFirst,
  type RowRecord,
  rowSource,
  scopeOf,
  selectRowColumns,
  toDashboardRow,
} from './dashboard-rows';
import { applyCriteria, checkCriteria, type TimeZone } from './dashboard-search';
import { loadDisplayNames } from './display-names';
import type { Viewer } from './viewer';

/** Rows fetched per round trip: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_ROWS = 2000;

/** A spreadsheet column: its header, its width, and the cell a row gives it. */
export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => string | number | Date | null;
  /** Excel number format for dates and numbers. */
  numFmt?: string;
}
type Column = SheetColumn<DashboardRow>;

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** The export's columns, in order: what the dashboard shows plus the order number, with names for codes. */
export function exportColumns(zone: TimeZone, names: DisplayNames = CODES_AS_THEY_ARE): readonly Column[] {
  // Spreadsheets hold wall-clock times: shift each instant into the caller's zone.
  const local = (iso: string) => new Date(new Date(iso).getTime() + zone.offsetMinutes * 60_000);
  return [
    { header: 'Booking Number', width: 16, value: (r) => r.BookingCode ?? PENDING_NUMBER_TEXT },
    { header: 'Order Number', width: 14, value: (r) => r.BookingOrderId, numFmt: '0' },
    { header: 'Order Type', width: 22, value: (r) => r.BookingOrderTypeName },
    { header: 'Customer', width: 36, value: (r) => r.CustomerNameWithSCAC },
    { header: 'Location', width: 32, value: (r) => r.LocationName },
    { header: 'Market', width: 22, value: (r) => names.market(r.MarketCode) },
    { header: 'Size', width: 16, value: (r) => names.size(r.EquipmentSize) },
    { header: 'Quantity', width: 10, value: (r) => r.Quantity, numFmt: '0' },
    { header: 'Status', width: 12, value: (r) => r.StatusName },
    { header: 'Created', width: 18, value: (r) => local(r.CreatedAt), numFmt: DATE_FORMAT },
    { header: 'Updated', width: 18, value: (r) => local(r.UpdatedAt), numFmt: DATE_FORMAT },
  ];
}

/**
 * Reads every row matching checked criteria through a read-only transaction's cursor (one consistent snapshot) and
 * hands them over batch by batch; `onBatch` may wait (for the response to drain) before the next.
 */
export async function forEachRowBatch(
  db: Kysely<Database>,
  viewer: Viewer,
  criteria: DashboardCriteria,
  zone: TimeZone,
  onBatch: (rows: DashboardRow[]) => Promise<void>,
): Promise<number> {
  const scope = scopeOf(viewer);
  const query = newestFirst(selectRowColumns(applyCriteria(rowSource(db, scope), criteria, zone))).compile();
  let total = 0;
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await trx.executeQuery(
        CompiledQuery.raw(`declare dashboard_export no scroll cursor for ${query.sql}`, [
          ...query.parameters,
        ]),
      );
      for (;;) {
        const batch = await trx.executeQuery<RowRecord>(
          CompiledQuery.raw(`fetch forward ${EXPORT_BATCH_ROWS} from dashboard_export`),
        );
        if (batch.rows.length === 0) break;
        total += batch.rows.length;
        await onBatch(batch.rows.map(toDashboardRow));
      }
    });
  return total;
}

/** Waits until a stream wants more, so a slow download never piles rows up in memory. */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('the download was closed before it finished'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', done);
      out.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const closed = () => done(new Error('the download was closed before it finished'));
    out.once('drain', done);
    out.once('close', closed);
  });
}

/** CSV as spreadsheets read it: quoted where needed, and no cell that a spreadsheet would run as a formula. */
export function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString().slice(0, 16).replace('T', ' ') : value;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function writeCsv(
  out: Writable,
  db: Kysely<Database>,
  viewer: Viewer,
  criteria: DashboardCriteria,
  zone: TimeZone,
): Promise<number> {
  const columns = exportColumns(zone, await loadDisplayNames({ db }));
  const line = (cells: readonly (string | number | Date | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
  out.write(line(columns.map((c) => c.header)));
  return forEachRowBatch(db, viewer, criteria, zone, async (rows) => {
    out.write(rows.map((r) => line(columns.map((c) => c.value(r)))).join(''));
    await drained(out);
  });
}

/**
 * Writes one sheet of rows to `out` as an .xlsx, batch by batch as `feed` hands them over (the
 * dashboard's and the audit trail's downloads, issue 18), so memory stays flat however many rows.
 */
export async function writeWorkbook<Row>(
  out: Writable,
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  feed: (onBatch: (rows: readonly Row[]) => Promise<void>) => Promise<number>,
): Promise<number> {
  // Inline strings, not a shared-string table: the table would grow with every row until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Chassis booking portal';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const total = await feed(async (rows) => {
    for (const r of rows) sheet.addRow(columns.map((c) => c.value(r))).commit();
    await drained(out);
  });
  sheet.commit();
  await workbook.commit();
  return total;
}

async function writeExcel(
  out: Writable,
  db: Kysely<Database>,
  viewer: Viewer,
  criteria: DashboardCriteria,
  zone: TimeZone,
): Promise<number> {
  const columns = exportColumns(zone, await loadDisplayNames({ db }));
  return writeWorkbook(out, 'Bookings', columns, (onBatch) =>
    forEachRowBatch(db, viewer, criteria, zone, onBatch),
  );
}

/**
 * A file written into a stream the route sends as it is written; a failure mid-way aborts it (and is
 * logged as an error); a client that goes away mid-way is logged at info.
 */
export function streamedFile(
  write: (out: Writable) => Promise<unknown>,
  log: ErrorLog,
  what: string,
): Readable {
  const out = new PassThrough();
  write(out)
    .then(() => {
      if (!out.writableEnded) out.end();
    })
    .catch((error: Error) => {
      // Issue 28: the stream was destroyed from the reading side — the client closed the download
      // (a cancelled save, a closed tab). That is no fault of ours: info, not error.
      if (out.destroyed) {
        log.info(
          { err: { message: error.message, code: (error as NodeJS.ErrnoException).code } },
          `${what} stopped: the client closed the download`,
        );
        return;
      }
      log.error({ err: error }, `${what} stopped`);
      out.destroy(error);
    });
  return out;
}

export type ExportKind = 'csv' | 'xlsx';

/**
 * The file of a search, as a stream the route sends. The criteria are checked before the first
 * byte, so a bad search is still a 400; a failure mid-way aborts the download (and is logged).
 */
export function dashboardFile(
  kind: ExportKind,
  db: Kysely<Database>,
  viewer: Viewer,
  criteria: DashboardCriteria,
  zone: TimeZone,
  log: ErrorLog,
): Readable {
  const checked = checkCriteria(criteria, viewer);
  const write = kind === 'csv' ? writeCsv : writeExcel;
  return streamedFile((out) => write(out, db, viewer, checked, zone), log, `dashboard ${kind} export`);
}
