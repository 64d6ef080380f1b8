/**
 * SPEC §2 "Pending requests list", §7 POST /search: the queue of booking orders waiting for staff,
 * searched newest first and presented with what staff need to decide — customer, order type,
 * locations and units, why it is pending, the last validation's verdict, any decision and (behind
 * the feature flag "pending queue contact info") the contact.
 */
import type { Expression, Kysely, SqlBool } from 'kysely';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type {
  PendingRequest,
  PendingSearch,
  PendingSearchResponse,
  ValidationCheck,
} from '../../schemas/pending';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { contactAddresses } from './booking-notification';
import { customerNameWithScac } from './customer-name';
import { dayStart, type TimeZone } from './dashboard-search';

/** SPEC §5 pending statuses and the request states each stands for (docs/decisions.md). */
export const REQUEST_STATES_OF = {
  PN: ['PENDING', 'VALIDATED'],
  CN: ['REJECTED'],
  FF: ['ACCEPTED'],
} as const;

export const OPEN_REQUEST_STATES: readonly string[] = REQUEST_STATES_OF.PN;

export interface PresentOptions {
  /** The feature flag "pending queue contact info": contact name and emails, or nulls. */
  showContact: boolean;
}

const badCriteria = (message: string) => new AppError(400, message, 'INVALID_CRITERIA');
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (value: Date | string) => new Date(value).toISOString();
const fullName = (first: string | null, last: string | null) =>
  first === null ? 'System' : `${first} ${last ?? ''}`.trim();

/** Checks a search's criteria against the code lists, so a typo is a 400 and never an empty page. */
async function checkSearch(db: Kysely<Database>, s: PendingSearch) {
  const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
  const c = {
    requestType: text(s.RequestTypeCode),
    failure: text(s.FailureCode),
    customer: text(s.CustomerName),
    market: text(s.MarketCode)?.toUpperCase(),
    bookingCode: text(s.BookingCode)?.toUpperCase(),
  };
  if (c.customer !== undefined && c.customer.length < MIN_SEARCH_TEXT_LENGTH)
    throw badCriteria(`Customer must be at least ${MIN_SEARCH_TEXT_LENGTH} characters of its name or SCAC.`);
  if (s.CreatedFrom && s.CreatedTo && s.CreatedFrom > s.CreatedTo)
    throw badCriteria('Created from must be on or before Created to.');
  const exists = async (table: 'pending_request_types' | 'pending_request_failures', code: string) =>
    (await db.selectFrom(table).select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
  if (c.requestType !== undefined && !(await exists('pending_request_types', c.requestType)))
    throw badCriteria(`There is no request type ${c.requestType}: choose one from the list.`);
  if (c.failure !== undefined && !(await exists('pending_request_failures', c.failure)))
    throw badCriteria(`There is no request failure ${c.failure}: choose one from the list.`);
  if (
    c.market !== undefined &&
    !(await db
      .selectFrom('markets')
      .select('market_code')
      .where('market_code', '=', c.market)
      .executeTakeFirst())
  )
    throw badCriteria(`There is no market ${c.market}: choose one from the list.`);
  return c;
}

export async function searchPendingRequests(
  db: Kysely<Database>,
  search: PendingSearch,
  zone: TimeZone,
  options: PresentOptions,
): Promise<PendingSearchResponse> {
  const c = await checkSearch(db, search);
  const states = REQUEST_STATES_OF[(search.BookingPendingStatus ?? 'PN') as keyof typeof REQUEST_STATES_OF];
  let q = db
    .selectFrom('pending_requests as p')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'p.booking_order_id')
    .where('p.status', 'in', [...states]);
  if (c.requestType !== undefined) q = q.where('p.request_type_code', '=', c.requestType);
  if (c.failure !== undefined) q = q.where('p.failure_code', '=', c.failure);
  if (c.market !== undefined) q = q.where('o.market_code', '=', c.market);
  if (search.BookingOrderTypeCode !== undefined)
    q = q.where('o.booking_order_type_code', '=', search.BookingOrderTypeCode);
  if (search.CreatedFrom !== undefined) q = q.where('p.created_at', '>=', dayStart(search.CreatedFrom, zone));
  if (search.CreatedTo !== undefined)
    q = q.where('p.created_at', '<', new Date(dayStart(search.CreatedTo, zone).getTime() + 24 * 3600_000));
  if (c.customer !== undefined) {
    const pattern = `%${literalLike(c.customer)}%`;
    q = q.where('o.customer_id', 'in', (eb) =>
      eb
        .selectFrom('customers as cc')
        .select('cc.customer_id')
        .where(customerNameWithScac('cc'), 'ilike', pattern),
    );
  }
  if (search.LocationId !== undefined) {
    const locationId = search.LocationId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bookings as b')
          .select('b.booking_id')
          .whereRef('b.booking_order_id', '=', 'o.booking_order_id')
          .where('b.location_id', '=', locationId),
      ),
    );
  }
  if (c.bookingCode !== undefined) {
    const prefix = `${literalLike(c.bookingCode)}%`;
    const byOrder = /^\d{1,9}$/.test(c.bookingCode) ? Number(c.bookingCode) : null;
    q = q.where(({ or, eb, exists, selectFrom }) => {
      const alternatives: Expression<SqlBool>[] = [
        exists(
          selectFrom('bookings as b')
            .select('b.booking_id')
            .whereRef('b.booking_order_id', '=', 'o.booking_order_id')
            .where('b.booking_code', 'like', prefix),
        ),
      ];
      if (byOrder !== null) alternatives.push(eb('o.booking_order_id', '=', byOrder));
      return or(alternatives);
    });
  }
  const start = search.StartRecordNumber ?? 1;
  const pageSize = search.PageSize as number;
  const [count, page] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select('p.pending_request_id')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.pending_request_id', 'desc')
      .limit(pageSize)
      .offset(start - 1)
      .execute(),
  ]);
  const ids = page.map((r) => r.pending_request_id);
  return {
    TotalCount: Number(count.n),
    StartRecordNumber: start,
    PageSize: pageSize,
    ResultSet: await presentPendingRequests(db, ids, options),
  };
}

/** The requests with these ids, in the order given (missing ids are left out). */
export async function presentPendingRequests(
  db: Kysely<Database>,
  ids: readonly number[],
  { showContact }: PresentOptions,
): Promise<PendingRequest[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('pending_requests as p')
    .innerJoin('booking_orders as o', 'o.booking_order_id', 'p.booking_order_id')
    .innerJoin('customers as c', 'c.customer_id', 'o.customer_id')
    .innerJoin('pending_request_types as t', 't.code', 'p.request_type_code')
    .innerJoin('booking_order_types as ot', 'ot.code', 'o.booking_order_type_code')
    .leftJoin('pending_request_failures as f', 'f.code', 'p.failure_code')
    .leftJoin('reasons as r', (join) =>
      join.onRef('r.reason_code', '=', 'p.pending_reason_code').on('r.reason_kind', '=', 'PENDING'),
    )
    .leftJoin('users as vu', 'vu.user_id', 'p.validated_by')
    .leftJoin('users as du', 'du.user_id', 'p.decided_by')
    .select([
      'p.pending_request_id',
      'p.booking_order_id',
      'p.request_type_code',
      't.name as request_type_name',
      'p.pending_reason_code',
      'r.description as reason_description',
      'p.status',
      'p.failure_code',
      'f.name as failure_name',
      'p.validated_at',
      'vu.first_name as validated_first',
      'vu.last_name as validated_last',
      'p.validation_checks',
      'p.decided_at',
      'du.first_name as decided_first',
      'du.last_name as decided_last',
      'p.decision_reason',
      'p.created_at',
      'o.booking_order_type_code',
      'ot.name as booking_order_type_name',
      'ot.pool_yards',
      'o.status_code',
      'o.market_code',
      'o.contact_name',
      'o.email_addresses',
      'c.customer_id',
      'c.customer_name',
      'c.scac',
      'c.customer_class',
    ])
    .where('p.pending_request_id', 'in', [...ids])
    .execute();
  const orderIds = [...new Set(rows.map((r) => r.booking_order_id))];
  const bookings =
    orderIds.length === 0
      ? []
      : await db
          .selectFrom('bookings as b')
          .innerJoin('locations as l', 'l.location_id', 'b.location_id')
          .select([
            'b.booking_order_id',
            'b.booking_id',
            'b.booking_code',
            'b.status_code',
            'b.location_id',
            'l.location_name',
            'b.equipment_category_code',
            'b.equipment_class_code',
            'b.units_requested_count',
          ])
          .where('b.booking_order_id', 'in', orderIds)
          .orderBy('b.booking_id')
          .execute();
  const byId = new Map(rows.map((r) => [r.pending_request_id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const own = bookings.filter((b) => b.booking_order_id === r.booking_order_id);
    const decided = r.status === 'ACCEPTED' || r.status === 'REJECTED';
    return [
      {
        PendingRequestId: r.pending_request_id,
        BookingOrderId: r.booking_order_id,
        BookingOrderTypeCode: r.booking_order_type_code,
        BookingOrderTypeName: r.booking_order_type_name,
        InventoryCheckable: r.pool_yards !== null,
        RequestTypeCode: r.request_type_code,
        RequestTypeName: r.request_type_name,
        Status: r.status,
        BookingPendingStatus: r.status_code,
        CustomerId: r.customer_id,
        CustomerNameWithSCAC: `${r.customer_name} (${r.scac})`,
        CustomerClass: r.customer_class,
        MarketCode: r.market_code,
        PendingReasons: [
          { ReasonCode: r.pending_reason_code, Description: r.reason_description ?? r.pending_reason_code },
        ],
        Bookings: own.map((b) => ({
          BookingId: b.booking_id,
          BookingCode: b.booking_code,
          StatusCode: b.status_code,
          LocationId: b.location_id,
          LocationName: b.location_name,
          EquipmentSize: b.equipment_category_code,
          EquipmentClass: b.equipment_class_code,
          UnitsRequestedCount: b.units_requested_count,
        })),
        TotalUnits: own.reduce((sum, b) => sum + b.units_requested_count, 0),
        Validation:
          r.validated_at === null
            ? null
            : {
                Passed: r.failure_code === null,
                FailureCode: r.failure_code,
                FailureName: r.failure_name,
                ValidatedBy: fullName(r.validated_first, r.validated_last),
                ValidatedAt: iso(r.validated_at),
                Checks: (Array.isArray(r.validation_checks) ? r.validation_checks : []) as ValidationCheck[],
              },
        Decision:
          decided && r.decided_at !== null
            ? {
                Status: r.status as 'ACCEPTED' | 'REJECTED',
                DecidedBy: fullName(r.decided_first, r.decided_last),
                DecidedAt: iso(r.decided_at),
                Reason: r.decision_reason ?? null,
              }
            : null,
        ContactName: showContact ? r.contact_name : null,
        EmailAddresses: showContact ? contactAddresses(r.email_addresses ?? '') : null,
        CreatedAt: iso(r.created_at),
      },
    ];
  });
}
