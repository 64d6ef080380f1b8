/**
 * Staff keep the customers' weekly booking caps (src/server/domain/weekly-threshold.ts applies
 * them): list, add, change, remove, each change in the audit trail. A change takes effect for the
 * next submit, which reads the table inside its own transaction. The threshold meter answers from
 * the same usage query the booker checks (weeklyThresholdUsage).
 */
import { type Kysely, sql } from 'kysely';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import { equipmentTypeOf, HIDDEN_EQUIPMENT_TYPES } from '../../domain/lookups';
import type {
  MeterQuery,
  MeterResponse,
  Threshold,
  ThresholdCreate,
  ThresholdSearch,
  ThresholdSearchResponse,
  ThresholdUpdate,
} from '../../schemas/weekly-threshold';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import { bookingCustomer } from './booking-customer';
import { customerNameWithScac } from './customer-name';
import type { Viewer } from './viewer';
import { weeklyThresholdUsage } from './weekly-threshold';

const bad = (message: string, code = 'INVALID_THRESHOLD') => new AppError(400, message, code);
const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const scopeText = (market: string | null, size: string | null) =>
  `${market ?? 'all markets'}, ${size ?? 'all sizes'}`;

async function usedThisWeek(
  db: Kysely<Database>,
  t: {
    threshold_id: number;
    customer_id: number;
    market_code: string | null;
    equipment_category_code: string | null;
  },
) {
  // '' matches no market or size, so only this threshold's own scope (or a wider one) applies.
  const usage = await weeklyThresholdUsage(db, {
    customerId: t.customer_id,
    marketCode: t.market_code ?? '',
    category: t.equipment_category_code ?? '',
  });
  return usage.find((u) => u.thresholdId === t.threshold_id)?.used ?? 0;
}

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('weekly_thresholds as t')
    .innerJoin('customers as c', 'c.customer_id', 't.customer_id')
    .leftJoin('users as u', 'u.user_id', 't.modified_by');
}

async function present(db: Kysely<Database>, ids: readonly number[]): Promise<Threshold[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db)
    .select([
      't.threshold_id',
      't.customer_id',
      'c.customer_name',
      'c.scac',
      't.market_code',
      't.equipment_category_code',
      't.weekly_limit',
      'u.first_name',
      'u.last_name',
      't.modified_at',
    ])
    .where('t.threshold_id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.threshold_id, r]));
  const out: Threshold[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    out.push({
      ThresholdId: r.threshold_id,
      CustomerId: r.customer_id,
      CustomerNameWithSCAC: `${r.customer_name} (${r.scac})`,
      MarketCode: r.market_code,
      EquipmentSize: r.equipment_category_code,
      WeeklyLimit: r.weekly_limit,
      UsedThisWeek: await usedThisWeek(db, r),
      ModifiedBy: r.first_name ? `${r.first_name} ${r.last_name}`.trim() : null,
      ModifiedAt: new Date(r.modified_at).toISOString(),
    });
  }
  return out;
}

export async function searchThresholds(
  db: Kysely<Database>,
  s: ThresholdSearch,
): Promise<ThresholdSearchResponse> {
  const name = blankToNull(s.CustomerName);
  if (name !== null && name.length < MIN_SEARCH_TEXT_LENGTH)
    throw bad(
      `Customer must be at least ${MIN_SEARCH_TEXT_LENGTH} characters of its name or SCAC.`,
      'INVALID_CRITERIA',
    );
  let q = baseQuery(db);
  if (s.CustomerId !== undefined) q = q.where('t.customer_id', '=', s.CustomerId);
  if (name !== null) q = q.where(customerNameWithScac('c'), 'ilike', `%${literalLike(name)}%`);
  const market = blankToNull(s.MarketCode)?.toUpperCase();
  if (market) q = q.where('t.market_code', '=', market);
  const size = blankToNull(s.EquipmentSize);
  if (size) q = q.where('t.equipment_category_code', '=', size);
  const start = s.StartRecordNumber ?? 1;
  const pageSize = s.PageSize as number;
  const [count, page] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select('t.threshold_id')
      .orderBy('c.customer_name')
      .orderBy('t.market_code', (o) => o.nullsFirst())
      .orderBy('t.equipment_category_code', (o) => o.nullsFirst())
      .orderBy('t.threshold_id')
      .limit(pageSize)
      .offset(start - 1)
      .execute(),
  ]);
  return {
    TotalCount: Number(count.n),
    StartRecordNumber: start,
    PageSize: pageSize,
    ResultSet: await present(
      db,
      page.map((r) => r.threshold_id),
    ),
  };
}

/** The scope staff chose, checked: an existing market and a bookable size, or null for all. */
async function checkScope(db: Kysely<Database>, market: string | null, size: string | null) {
  if (market !== null) {
    const m = await db
      .selectFrom('markets')
      .select('market_code')
      .where('market_code', '=', market)
      .executeTakeFirst();
    if (!m) throw bad(`There is no market ${market}: choose one from the list, or none for all markets.`);
  }
  if (size !== null) {
    const c = await db
      .selectFrom('equipment_categories')
      .select('equipment_category_code')
      .where('equipment_category_code', '=', size)
      .executeTakeFirst();
    const hidden: readonly string[] = HIDDEN_EQUIPMENT_TYPES;
    if (!c || hidden.includes(equipmentTypeOf(size)))
      throw bad(
        `${size} is not an equipment size customers book: choose one from the list, or none for all sizes.`,
      );
  }
}

async function customerName(db: Kysely<Database>, customerId: number) {
  const c = await db
    .selectFrom('customers')
    .select(['customer_name', 'scac', 'active'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!c) throw bad(`There is no customer ${customerId}: choose one from the list.`);
  return { who: `${c.customer_name} (${c.scac})`, active: c.active };
}

const isScopeClash = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes('weekly_thresholds_scope_idx')
  );
};

async function clash(
  db: Kysely<Database>,
  customerId: number,
  market: string | null,
  size: string | null,
  except = 0,
) {
  const other = await db
    .selectFrom('weekly_thresholds')
    .select('threshold_id')
    .where('customer_id', '=', customerId)
    .where(sql<boolean>`coalesce(market_code, '') = ${market ?? ''}`)
    .where(sql<boolean>`coalesce(equipment_category_code, '') = ${size ?? ''}`)
    .where('threshold_id', '<>', except)
    .executeTakeFirst();
  return other?.threshold_id ?? null;
}

const clashError = (who: string, market: string | null, size: string | null, id: number | null) =>
  new AppError(
    409,
    `${who} already has a weekly threshold for ${scopeText(market, size)}${id ? ` (threshold ${id})` : ''}: change that one instead.`,
    'THRESHOLD_EXISTS',
  );

async function audit(
  trx: Kysely<Database>,
  id: number,
  action: 'created' | 'changed' | 'removed',
  userId: number,
  details: object,
) {
  await trx
    .insertInto('audit_log')
    .values({
      entity_type: 'weekly_threshold',
      entity_id: String(id),
      action,
      changed_by: userId,
      details: JSON.stringify(details),
    })
    .execute();
}

const snapshot = (r: {
  customer_id: number;
  market_code: string | null;
  equipment_category_code: string | null;
  weekly_limit: number;
}) => ({
  customerId: r.customer_id,
  market: r.market_code,
  size: r.equipment_category_code,
  limit: r.weekly_limit,
});

export async function createThreshold(
  db: Kysely<Database>,
  viewer: Viewer,
  body: ThresholdCreate,
): Promise<Threshold> {
  const market = blankToNull(body.MarketCode)?.toUpperCase() ?? null;
  const size = blankToNull(body.EquipmentSize);
  const { who, active } = await customerName(db, body.CustomerId);
  if (!active) throw bad(`${who} is not an active customer.`);
  await checkScope(db, market, size);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const existing = await clash(trx, body.CustomerId, market, size);
      if (existing !== null) throw clashError(who, market, size, existing);
      const row = await trx
        .insertInto('weekly_thresholds')
        .values({
          customer_id: body.CustomerId,
          market_code: market,
          equipment_category_code: size,
          weekly_limit: body.WeeklyLimit,
          modified_by: viewer.userId,
          modified_at: new Date(),
        })
        .returning(['threshold_id', 'customer_id', 'market_code', 'equipment_category_code', 'weekly_limit'])
        .executeTakeFirstOrThrow();
      await audit(trx, row.threshold_id, 'created', viewer.userId, { after: snapshot(row) });
      return row.threshold_id;
    });
  } catch (error) {
    // Two staff adding the same scope at once: the unique index settles it.
    if (isScopeClash(error)) throw clashError(who, market, size, null);
    throw error;
  }
  return (await present(db, [id]))[0] as Threshold;
}

const thresholdNotFound = (id: number) =>
  notFound(`There is no weekly threshold ${id}: it may have been removed. Reload the list.`);

export async function updateThreshold(
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
  body: ThresholdUpdate,
): Promise<Threshold> {
  const market = blankToNull(body.MarketCode)?.toUpperCase() ?? null;
  const size = blankToNull(body.EquipmentSize);
  await checkScope(db, market, size);
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('weekly_thresholds')
        .select(['customer_id', 'market_code', 'equipment_category_code', 'weekly_limit'])
        .where('threshold_id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw thresholdNotFound(id);
      const existing = await clash(trx, before.customer_id, market, size, id);
      if (existing !== null) {
        const { who } = await customerName(trx, before.customer_id);
        throw clashError(who, market, size, existing);
      }
      const after = await trx
        .updateTable('weekly_thresholds')
        .set({
          market_code: market,
          equipment_category_code: size,
          weekly_limit: body.WeeklyLimit,
          modified_by: viewer.userId,
          modified_at: new Date(),
        })
        .where('threshold_id', '=', id)
        .returning(['customer_id', 'market_code', 'equipment_category_code', 'weekly_limit'])
        .executeTakeFirstOrThrow();
      await audit(trx, id, 'changed', viewer.userId, { before: snapshot(before), after: snapshot(after) });
    });
  } catch (error) {
    if (isScopeClash(error))
      throw new AppError(
        409,
        'Another threshold took that scope just now. Reload the list.',
        'THRESHOLD_EXISTS',
      );
    throw error;
  }
  return (await present(db, [id]))[0] as Threshold;
}

export async function removeThreshold(db: Kysely<Database>, viewer: Viewer, id: number): Promise<Threshold> {
  const [shown] = await present(db, [id]);
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('weekly_thresholds')
      .where('threshold_id', '=', id)
      .returning(['customer_id', 'market_code', 'equipment_category_code', 'weekly_limit'])
      .executeTakeFirst();
    if (!gone) throw thresholdNotFound(id);
    await audit(trx, id, 'removed', viewer.userId, { before: snapshot(gone) });
  });
  return shown as Threshold;
}

/**
 * The threshold meter (issue 12): every cap that applies to a booking of this market and size for
 * the customer, with this week's use — the numbers the booker will check on submit.
 */
export async function thresholdMeter(
  db: Kysely<Database>,
  viewer: Viewer,
  q: MeterQuery,
): Promise<MeterResponse> {
  const customer = await bookingCustomer(db, viewer, q.CustomerId, {
    requireGoodStanding: false,
    lock: false,
  });
  const marketCode = q.MarketCode.trim().toUpperCase();
  const usage = await weeklyThresholdUsage(db, {
    customerId: customer.customerId,
    marketCode,
    category: q.EquipmentSize,
  });
  const { rows } = await sql<{ week_start: Date }>`
    select (date_trunc('week', now() at time zone 'UTC') at time zone 'UTC') as week_start`.execute(db);
  return {
    CustomerId: customer.customerId,
    MarketCode: marketCode,
    EquipmentSize: q.EquipmentSize,
    WeekStart: new Date(rows[0]?.week_start as Date).toISOString(),
    Thresholds: usage.map((u) => ({
      ThresholdId: u.thresholdId,
      MarketCode: u.marketCode,
      EquipmentSize: u.category,
      WeeklyLimit: u.weeklyLimit,
      Used: u.used,
      Remaining: Math.max(0, u.weeklyLimit - u.used),
    })),
  };
}
