/**
 * Inventory availability: what is available where, whole. Rows per location and size come from
 * countInventory — the count bookings, accept and the pending queue use — summed over classes
 * (each class's Available is clamped at 0 before the sum, as a booking sees it). The org filter
 * keeps the locations the org holds inventory at; the numbers are the pool's there, because
 * bookings draw on the pool at a location, not on one org. The trend is each market's units
 * booked per week (Monday 00:00 UTC) against what is available there now: availability is not
 * kept as a history, so the line of the past is the bookings, and the level is today's.
 */
import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import { equipmentTypeOf, HIDDEN_EQUIPMENT_TYPES } from '../../domain/lookups';
import type {
  AvailabilityFilter,
  AvailabilityResponse,
  AvailabilityRow,
  TrendFilter,
  TrendResponse,
} from '../../schemas/inventory-availability';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { POOL_DRAWING_TYPES } from './availability';
import type { TimeZone } from './dashboard-search';
import { loadDisplayNames } from './display-names';
import { providerManagedOrg } from './internal-reservation-checks';
import { countInventory, type ExtendableFilter, type InventoryCount } from './inventory-availability-counts';

const bad = (message: string, code = 'INVALID_AVAILABILITY_FILTER') => new AppError(400, message, code);
const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** The sizes shown when none is chosen: every chassis size (the pool books chassis). */
async function sizesFor(db: Kysely<Database>, size: string | null): Promise<string[]> {
  if (size) {
    const found = await db
      .selectFrom('equipment_categories')
      .select('equipment_category_code')
      .where('equipment_category_code', '=', size)
      .executeTakeFirst();
    const hidden: readonly string[] = HIDDEN_EQUIPMENT_TYPES;
    if (!found || hidden.includes(equipmentTypeOf(size)))
      throw bad(
        `${size} is not an equipment size the pool books: choose one from the list.`,
        'UNKNOWN_EQUIPMENT_SIZE',
      );
    return [size];
  }
  const rows = await db
    .selectFrom('equipment_categories')
    .select('equipment_category_code')
    .where('equipment_type', '=', 'Chassis')
    .orderBy('equipment_category_code')
    .execute();
  return rows.map((r) => r.equipment_category_code);
}

async function classesFor(db: Kysely<Database>, cls: string | null): Promise<string[]> {
  const rows = await db.selectFrom('equipment_classes').select('code').orderBy('code').execute();
  if (!cls) return rows.map((r) => r.code);
  if (!rows.some((r) => r.code === cls))
    throw bad(`There is no equipment class ${cls}: choose one from the list.`, 'UNKNOWN_EQUIPMENT_CLASS');
  return [cls];
}

async function checkMarket(db: Kysely<Database>, market: string) {
  const found = await db
    .selectFrom('markets')
    .select('market_code')
    .where('market_code', '=', market)
    .executeTakeFirst();
  if (!found) throw bad(`There is no market ${market}: choose one from the list.`, 'UNKNOWN_MARKET');
}

/** Sums class rows into one per location and size (in the order countInventory gave them). */
function byLocationAndSize(counts: readonly InventoryCount[]) {
  const out = new Map<
    string,
    {
      locationId: number;
      category: string;
      stock: number;
      held: number;
      reserved: number;
      pending: number;
      available: number;
    }
  >();
  for (const c of counts) {
    const key = `${c.locationId}|${c.category}`;
    const row = out.get(key) ?? {
      locationId: c.locationId,
      category: c.category,
      stock: 0,
      held: 0,
      reserved: 0,
      pending: 0,
      available: 0,
    };
    row.stock += c.stock;
    row.held += c.held;
    row.reserved += c.reserved;
    row.pending += c.pending;
    row.available += c.available;
    out.set(key, row);
  }
  return [...out.values()];
}

/** Rows per location and size, zero rows included (SPEC §9), with the instant they were read. */
export async function inventoryAvailability(
  db: Kysely<Database>,
  filter: AvailabilityFilter,
): Promise<AvailabilityResponse> {
  const market = text(filter.MarketCode)?.toUpperCase() ?? null;
  if (!market && filter.LocationId === undefined)
    throw bad('Choose a market or a location to see its availability.', 'MARKET_OR_LOCATION');
  const orgCode = text(filter.InventoryOrgCode);
  const org = orgCode ? await providerManagedOrg(db, orgCode) : null;
  if (market) await checkMarket(db, market);
  const [sizes, classes] = await Promise.all([
    sizesFor(db, text(filter.EquipmentSize)),
    classesFor(db, text(filter.EquipmentClass)),
  ]);
  let query = db
    .selectFrom('locations as l')
    .select(['l.location_id', 'l.location_name', 'l.market_code'])
    .where('l.active', '=', true);
  if (market) query = query.where('l.market_code', '=', market);
  if (filter.LocationId !== undefined) query = query.where('l.location_id', '=', filter.LocationId);
  if (org)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('inventory_org_locations as m')
          .select('m.location_id')
          .whereRef('m.location_id', '=', 'l.location_id')
          .where('m.inventory_org_code', '=', org.inventory_org_code),
      ),
    );
  const asOf = new Date();
  const locations = await query.orderBy('l.location_name').orderBy('l.location_id').execute();
  if (filter.LocationId !== undefined && locations.length === 0)
    throw bad(
      `Location ${filter.LocationId} is not an open location${market ? ` of market ${market}` : ''}${org ? ` where ${org.inventory_org_code} holds inventory` : ''}.`,
      'UNKNOWN_LOCATION',
    );
  const counts = await countInventory(db, {
    locationIds: locations.map((l) => l.location_id),
    categories: sizes,
    classes,
    extendable: (filter.Extendable ?? 'All') as ExtendableFilter,
  });
  const names = new Map(locations.map((l) => [l.location_id, l]));
  const rows: AvailabilityRow[] = byLocationAndSize(counts).map((r) => {
    const l = names.get(r.locationId);
    return {
      LocationId: r.locationId,
      LocationName: l?.location_name ?? '',
      MarketCode: l?.market_code ?? '',
      EquipmentSize: r.category,
      InYard: r.stock,
      Held: r.held,
      Reserved: r.reserved,
      Pending: r.pending,
      Available: r.available,
    };
  });
  return { AsOf: asOf.toISOString(), Rows: rows };
}

/** Each market's units booked per week against its units available now. */
export async function availabilityTrend(db: Kysely<Database>, filter: TrendFilter): Promise<TrendResponse> {
  const market = text(filter.MarketCode)?.toUpperCase() ?? null;
  if (market) await checkMarket(db, market);
  const [sizes, classes] = await Promise.all([
    sizesFor(db, text(filter.EquipmentSize)),
    classesFor(db, text(filter.EquipmentClass)),
  ]);
  const weeks = filter.Weeks ?? 8;
  const asOf = new Date();
  const { rows: mondays } = await sql<{ week: string }>`
    select to_char(w, 'YYYY-MM-DD') as week
    from generate_series(date_trunc('week', now() at time zone 'UTC') - ${weeks - 1} * interval '1 week',
      date_trunc('week', now() at time zone 'UTC'), interval '1 week') as w
    order by w`.execute(db);
  let marketQuery = db.selectFrom('markets').select(['market_code', 'market_name']).orderBy('market_code');
  if (market) marketQuery = marketQuery.where('market_code', '=', market);
  const markets = await marketQuery.execute();
  const { rows: booked } = await sql<{ market_code: string; week: string; units: number | string }>`
    select l.market_code, to_char(date_trunc('week', b.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      sum(b.units_requested_count) as units
    from bookings b
      join booking_orders o on o.booking_order_id = b.booking_order_id
      join locations l on l.location_id = b.location_id
    where b.created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' - ${weeks - 1} * interval '1 week'
      and b.status_code in ('OP', 'PN', 'FF', 'CL')
      and o.booking_order_type_code = any(${POOL_DRAWING_TYPES})
      and b.equipment_category_code in (${sql.join(sizes)})
      and b.equipment_class_code in (${sql.join(classes)})
      ${market ? sql`and l.market_code = ${market}` : sql``}
    group by 1, 2`.execute(db);
  const locations = await db
    .selectFrom('locations')
    .select(['location_id', 'market_code'])
    .where('active', '=', true)
    .$if(market !== null, (q) => q.where('market_code', '=', market as string))
    .execute();
  const counts = await countInventory(db, {
    locationIds: locations.map((l) => l.location_id),
    categories: sizes,
    classes,
  });
  const marketOf = new Map(locations.map((l) => [l.location_id, l.market_code]));
  const availableNow = new Map<string, number>();
  for (const c of counts) {
    const m = marketOf.get(c.locationId) ?? '';
    availableNow.set(m, (availableNow.get(m) ?? 0) + c.available);
  }
  const weekList = mondays.map((w) => w.week);
  return {
    AsOf: asOf.toISOString(),
    Weeks: weekList,
    Markets: markets.map((m) => ({
      MarketCode: m.market_code,
      MarketName: m.market_name,
      AvailableNow: availableNow.get(m.market_code) ?? 0,
      BookedUnits: weekList.map((w) =>
        Number(booked.find((b) => b.market_code === m.market_code && b.week === w)?.units ?? 0),
      ),
    })),
  };
}

/**
 * The table as the spreadsheet the dashboard writes (.xlsx), with the instant it was read: names
 * for sizes and markets (issue 25), and the time as the caller's wall clock, as the dashboard's.
 */
export async function availabilityWorkbook(
  db: Kysely<Database>,
  data: AvailabilityResponse,
  zone: TimeZone,
): Promise<Buffer> {
  const names = await loadDisplayNames({ db });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Availability');
  sheet.columns = [
    { header: 'Location', key: 'LocationName', width: 36 },
    { header: 'Location ID', key: 'LocationId', width: 12 },
    { header: 'Market', key: 'Market', width: 24 },
    { header: 'Size', key: 'Size', width: 22 },
    { header: 'In Yard', key: 'InYard', width: 10 },
    { header: 'Held', key: 'Held', width: 10 },
    { header: 'Reserved', key: 'Reserved', width: 10 },
    { header: 'Pending', key: 'Pending', width: 10 },
    { header: 'Available', key: 'Available', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of data.Rows)
    sheet.addRow({ ...row, Market: names.market(row.MarketCode), Size: names.size(row.EquipmentSize) });
  sheet.addRow([]);
  const asOf = new Date(new Date(data.AsOf).getTime() + zone.offsetMinutes * 60_000);
  const stamp = sheet.addRow(['As of', asOf]);
  stamp.getCell(2).numFmt = 'mmm d, yyyy h:mm AM/PM';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
