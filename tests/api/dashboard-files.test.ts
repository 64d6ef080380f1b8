/**
 * POST /api/dashboard/export (CSV) and /api/dashboard/downloadExcel (.xlsx): exactly the rows the
 * search matches, all pages, in the same order; the workbook read back with exceljs cell by cell.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardRow } from '../../src/schemas/dashboard';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { allRows, post } from './dashboard-helpers';

const HEADERS = [
  'Booking Number',
  'Order Number',
  'Order Type',
  'Customer',
  'Location',
  'Market',
  'Size',
  'Quantity',
  'Status',
  'Created',
  'Updated',
];
/** New York in winter: the files show wall-clock times of the caller's zone. */
const OFFSET_HOURS = -5;
const zoned = { TimeZoneOffset: String(OFFSET_HOURS) };
const wallClock = (iso: string) => new Date(Date.parse(iso) + OFFSET_HOURS * 3600_000);

/** A small CSV reader for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

/** What a person reads for the codes (issue 14), straight from the tables the names live in. */
let sizeNames = new Map<string, string>();
let marketNames = new Map<string, string>();

const expectedCells = (r: DashboardRow) => [
  r.BookingCode ?? 'Awaiting review',
  r.BookingOrderId,
  r.BookingOrderTypeName,
  r.CustomerNameWithSCAC,
  r.LocationName,
  r.MarketCode ? `${r.MarketCode} – ${marketNames.get(r.MarketCode)}` : null,
  sizeNames.get(r.EquipmentSize),
  r.Quantity,
  r.StatusName,
];

describe.each(databaseKinds)('dashboard export and Excel download on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let ssl: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    [staff, customer, ssl] = await Promise.all([
      t.tokenFor('demo.staff'),
      t.tokenFor('demo.customer'),
      t.tokenFor('demo.ssl'),
    ]);
    const db = t.handle.db;
    const sizes = await db
      .selectFrom('equipment_categories')
      .select(['equipment_category_code', 'description'])
      .execute();
    sizeNames = new Map(sizes.map((c) => [c.equipment_category_code, c.description]));
    const markets = await db.selectFrom('markets').select(['market_code', 'market_name']).execute();
    marketNames = new Map(markets.map((m) => [m.market_code, m.market_name]));
    expect(sizeNames.get('Chassis.40')).toBe("40' Chassis");
  });
  afterAll(() => t.close());

  const everything = { CreatedFrom: '2000-01-01', CreatedTo: '2100-12-31' };

  it('exports every matching row of every page as CSV, in the search order', async () => {
    const criteria = { ...everything, BookingOrderTypeCode: 'PB', PageSize: 20, StartRecordNumber: 41 };
    const rows = await allRows(t, staff, criteria);
    expect(rows.length).toBeGreaterThan(100);
    const res = await post(t, '/api/dashboard/export', staff, criteria, zoned);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{8}-\d{4}\.csv"$/);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(HEADERS);
    expect(lines).toHaveLength(rows.length);
    lines.forEach((line, i) => {
      const r = rows[i] as DashboardRow;
      expect(line.slice(0, 9)).toEqual(expectedCells(r).map((v) => (v === null ? '' : String(v))));
      expect(line[9]).toBe(wallClock(r.CreatedAt).toISOString().slice(0, 16).replace('T', ' '));
    });
  });

  it('writes the same rows into a real workbook: typed cells, dates as dates, a frozen header', async () => {
    const criteria = { ...everything, MarketCode: 'LAX' };
    const rows = await allRows(t, staff, criteria);
    expect(rows.length).toBeGreaterThan(50);
    const res = await post(t, '/api/dashboard/downloadExcel', staff, criteria, zoned);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="bookings-\d{8}-\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bookings');
    if (!sheet) throw new Error('no Bookings sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(4).width).toBeGreaterThan(20);
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((r, i) => {
      const cells = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      expect(cells.slice(0, 9)).toEqual(expectedCells(r).map((v) => (v === null ? undefined : v)));
      for (const [col, iso] of [
        [9, r.CreatedAt],
        [10, r.UpdatedAt],
      ] as const) {
        const value = cells[col];
        expect(value).toBeInstanceOf(Date);
        // Excel keeps times as fractions of a day: equal to the millisecond is as close as it gets.
        expect(Math.abs((value as Date).getTime() - wallClock(iso).getTime())).toBeLessThanOrEqual(1);
      }
    });
    expect(sheet.getCell('J2').numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('gives a customer only its own parties’ rows in both files, whatever it sends', async () => {
    for (const token of [customer, ssl]) {
      const rows = await allRows(t, token, everything);
      const csv = await post(t, '/api/dashboard/export', token, everything);
      expect(csv.statusCode).toBe(200);
      const codes = parseCsv(csv.body)
        .slice(1)
        .map((line) => Number(line[1]));
      expect(codes).toEqual(rows.map((r) => r.BookingOrderId));
      const xlsx = await post(t, '/api/dashboard/downloadExcel', token, everything);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('Bookings')?.rowCount).toBe(rows.length + 1);
    }
    const refused = await post(t, '/api/dashboard/export', customer, { CustomerName: 'acme' });
    expect(refused.statusCode).toBe(400);
  });

  it('answers a bad export with a 400 before any file starts', async () => {
    for (const url of ['/api/dashboard/export', '/api/dashboard/downloadExcel']) {
      const empty = await post(t, url, staff, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('Invalid search criteria');
      const reversed = await post(t, url, staff, { CreatedFrom: '2026-02-02', CreatedTo: '2026-02-01' });
      expect(reversed.statusCode).toBe(400);
      const unknown = await post(t, url, staff, { Sort: 'x' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatch(/Sort is not a field of this request: leave it out\./);
    }
  });
});
