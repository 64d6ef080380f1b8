/**
 * Term lease redelivery (issue 17), the rest of SPEC §7 longTermRedelivery: the create under its
 * name (and the base POST pointing at it), the update of an edited order with the SPEC §4
 * transitions — each refused until it holds, applied whole or not at all —, who may edit which
 * order, and the search model's EquipmentSizes and InventoryOrg (default IDL) honoured.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDELIVERY_MESSAGES } from '../../src/domain/redelivery';
import {
  acknowledgeDirectFinanceLease,
  applyMarketAndLocation,
  applyMinRentalPeriodOverride,
  applyPurchaseOptionOverride,
  cancelLine,
  deleteDetail,
  flagSwapRedelivery,
  type GroupLineItem,
  rejectPurchaseOptionOverride,
  removeLine,
  TERM_REDELIVERY_MESSAGES,
  undoCancelLine,
} from '../../src/domain/term-lease-redelivery';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeCustomer } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, submit } from './bookings-helpers';
import { type RedeliveryStage, redeliveryStage } from './term-lease-redelivery-helpers';

const BASE = '/api/longtermredelivery';
const CREATE = `${BASE}/createlongtermredeliverybooking`;
const UPDATE = `${BASE}/updatelongtermredelivery`;
const CONTRACT = `${BASE}/contractForChassis`;
const DFL = 'term-redelivery.direct-finance-lease';
const MIN_RENTAL = 'term-redelivery.min-rental-period-override';
const LINE_READY = 'term-redelivery.line-ready';

interface Booking {
  BookingCode: string;
  BookingStatusCode: string;
  LocationId: number;
  UnitsRequestedCount: number;
  BookingComment: string | null;
  Chassis: string[];
}

describe.each(databaseKinds)('term lease redelivery edit on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let s: RedeliveryStage;
  /** The stage's chassis under its purchase option contract and its direct finance lease. */
  let option: string[];
  let finance: string[];

  const contractFor = (ids: readonly string[], extra: object = {}, token = customer) =>
    t.app.inject({
      method: 'POST',
      url: CONTRACT,
      headers: bearer(token),
      payload: { ChassisIds: ids, ...extra },
    });
  const linesFor = async (ids: readonly string[], extra: object = {}): Promise<GroupLineItem[]> => {
    const res = await contractFor(ids, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().GroupLineItems;
  };
  const located = (l: GroupLineItem, at = 0) =>
    applyMarketAndLocation(l, l.MarketList[0] as string, l.LocationList[at] as number);
  /** Every override a chassis needs besides the purchase option, and the acknowledgements they ask. */
  const ready = (lines: GroupLineItem[]) => {
    const ack = new Set<string>();
    const out = lines.map((l) => {
      let line = applyMinRentalPeriodOverride(l);
      if (l.LineItemDetails.some((d) => d.NeedsMinRentalPeriodOverride)) ack.add(MIN_RENTAL);
      if (l.ShowDirectFinanceLeaseWarning) {
        line = acknowledgeDirectFinanceLease(line, true);
        ack.add(DFL);
      }
      return line;
    });
    return { lines: out, ack: [...ack] };
  };
  const body = (lines: GroupLineItem[], ack: string[], search: object = {}) => ({
    Search: { ChassisIds: lines.flatMap((l) => l.LineItemDetails.map((d) => d.ChassisId)), ...search },
    Redelivery: { GroupLineItems: lines },
    Contact: CONTACT,
    ...(ack.length ? { Acknowledged: ack } : {}),
  });
  const create = async (lines: GroupLineItem[], ack: string[], search: object = {}) => {
    const res = await submit(t, CREATE, customer, body(lines, ack, search));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { BookingOrderId: number; Version: number; Bookings: Booking[] };
  };
  const update = (
    order: { BookingOrderId: number; Version: number },
    lines: GroupLineItem[],
    ack: string[],
    token = customer,
    search: object = {},
  ) =>
    submit(t, UPDATE, token, {
      ...body(lines, ack, { BookingOrderId: order.BookingOrderId, ...search }),
      BookingOrderId: order.BookingOrderId,
      Version: order.Version,
    });
  const document = async (id: number, token = customer) =>
    t.app.inject({ method: 'GET', url: `/api/bookingorder/${id}/document`, headers: bearer(token) });
  const openBookings = (bookings: Booking[]) => bookings.filter((b) => b.BookingStatusCode === 'OP');

  beforeAll(async () => {
    t = await startTestApp(kind);
    s = await redeliveryStage(t, { option: 15, finance: 13 });
    customer = s.me.token;
    option = s.option.chassis;
    finance = s.finance.chassis;
  });
  afterAll(() => t.close());

  it('creates at POST /createlongtermredeliverybooking; the base POST points there (308); read-only staff get 403', async () => {
    const base = await t.app.inject({ method: 'POST', url: BASE, headers: bearer(customer), payload: {} });
    expect(base.statusCode).toBe(308);
    expect(base.headers.location).toBe(CREATE);
    const readonly = await t.tokenFor('demo.readonly');
    for (const url of [BASE, CREATE, UPDATE])
      expect((await submit(t, url, readonly, {})).statusCode, url).toBe(403);
    const one = ready((await linesFor([finance[0] as string])).map((l) => located(l)));
    const order = await create(one.lines, one.ack);
    expect(order.Bookings.map((b) => b.Chassis)).toEqual([[finance[0]]]);
    // Read-only staff see it, and may not change it.
    const doc = await document(order.BookingOrderId, readonly);
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().CanEdit).toBe(false);
    expect((await update(order, one.lines, one.ack, readonly)).statusCode).toBe(403);
  });

  it('an edited order opens with its choices and moves its chassis: the market and location applied, a chassis added, one moved; numbers kept', async () => {
    const [a, b, c] = finance.slice(1, 4) as [string, string, string];
    const first = ready((await linesFor([a, b])).map((l) => located(l)));
    const order = await create(first.lines, first.ack);
    const [before] = order.Bookings;
    const doc = (await document(order.BookingOrderId)).json();
    expect(doc).toMatchObject({ CanEdit: true, Chassis: [a, b].sort() });
    expect(doc.EditRoute).toBe(`/term_lease_redelivery/pre_request?edit=${order.BookingOrderId}`);

    // Without the order's id its chassis are on a redelivery; with it they are its own, as it left them.
    const outside = (await contractFor([a])).json();
    expect(outside.Results[0].Message).toBe(
      REDELIVERY_MESSAGES.alreadyOnRedelivery(a, before?.BookingCode ?? null),
    );
    const opened = await linesFor([a, b, c], { BookingOrderId: order.BookingOrderId });
    const [line] = opened;
    expect(line).toMatchObject({ DirectFinanceLeaseWarningChecked: true });
    const byId = new Map(line?.LineItemDetails.map((d) => [d.ChassisId, d]));
    expect(byId.get(a)?.LocationId).toBe(before?.LocationId);
    expect(byId.get(b)?.LocationId).toBe(before?.LocationId);
    expect(byId.get(c)?.LocationId).toBeNull();
    expect(byId.get(a)?.MinRentalPeriodOverrideApplied).toBe(byId.get(a)?.NeedsMinRentalPeriodOverride);

    // SPEC §4: the line's market and location go to the detail without one (c); b moves to another location.
    const l = line as GroupLineItem;
    expect(l.LocationList).toEqual(s.locations);
    const other = l.LocationList.find((id) => id !== before?.LocationId) as number;
    const applied = applyMarketAndLocation(l, l.MarketList[0] as string, before?.LocationId as number);
    expect(applied.LineItemDetails.find((d) => d.ChassisId === c)?.LocationId).toBe(before?.LocationId);
    const moved = ready([
      {
        ...applied,
        LineItemDetails: applied.LineItemDetails.map((d) =>
          d.ChassisId === b ? { ...d, LocationId: other } : d,
        ),
      },
    ]);
    const res = await update(order, moved.lines, moved.ack);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json();
    expect(edited.Version).toBe(order.Version + 1);
    const bookings = openBookings(edited.Bookings);
    expect(bookings.find((x) => x.BookingCode === before?.BookingCode)?.Chassis).toEqual([a, c].sort());
    expect(bookings.find((x) => x.LocationId === other)?.Chassis).toEqual([b]);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', String(order.BookingOrderId))
      .where('action', '=', 'edited')
      .execute();
    expect(audit).toHaveLength(1);
    // The same edit again changes nothing.
    const again = await update(edited, moved.lines, moved.ack);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('NOTHING_CHANGED');
  });

  it('refuses an edit until each SPEC §4 condition holds, and writes nothing of a refused one', async () => {
    const [po] = option;
    const [f1, f2] = finance.slice(4, 6) as [string, string];
    const lines = ready(
      (await linesFor([po as string, f1, f2])).map((l) => located(applyPurchaseOptionOverride(l))),
    );
    const order = await create(lines.lines, lines.ack);
    const opened = ready(await linesFor([po as string, f1, f2], { BookingOrderId: order.BookingOrderId }));
    const poLine = opened.lines.find((l) => l.NeedsPurchaseOptionOverride) as GroupLineItem;
    const dflLine = opened.lines.find((l) => l.ShowDirectFinanceLeaseWarning) as GroupLineItem;
    expect(poLine.PurchaseOptionOverrideApplied).toBe(true);
    const rows = async () =>
      (
        await sql<{ booking_id: number; status_code: string; n: number }>`
          select b.booking_id, b.status_code, (select count(*) from booking_chassis bc where bc.booking_id = b.booking_id)::int as n
          from bookings b where b.booking_order_id = ${order.BookingOrderId} order by b.booking_id`.execute(
          t.handle.db,
        )
      ).rows;
    const untouched = await rows();
    const withLines = (po2: GroupLineItem, dfl: GroupLineItem) => [po2, dfl];

    // Rejecting the purchase option override marks every detail pending and not allowed.
    const rejected = rejectPurchaseOptionOverride(poLine);
    expect(
      rejected.LineItemDetails.every((d) => d.PurchaseOptionOverridePending && !d.RedeliveryAllowed),
    ).toBe(true);
    const pending = await update(order, withLines(rejected, dflLine), opened.ack);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().code).toBe(LINE_READY);
    // The direct finance lease acknowledgement is asked again on every edit.
    const unacknowledged = await update(
      order,
      withLines(poLine, acknowledgeDirectFinanceLease(dflLine, false)),
      opened.ack.filter((a) => a !== DFL),
    );
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json().code).toBe(DFL);
    // A location the line does not offer: HasInvalidLocationApplied, and the server's reason.
    const invalid = {
      ...dflLine,
      LineItemDetails: dflLine.LineItemDetails.map((d) => ({
        ...d,
        LocationId: 999999,
        RedeliveryErrorMessage: null,
      })),
    };
    const badLocation = await update(
      order,
      withLines(poLine, { ...invalid, IsBookingValid: true }),
      opened.ack,
    );
    expect(badLocation.statusCode).toBe(400);
    expect(JSON.stringify(badLocation.json())).toContain(TERM_REDELIVERY_MESSAGES.invalidLocation(f1));
    // Every detail deleted cancels both lines: nothing left to return.
    const emptied = [poLine, dflLine].map((l) =>
      l.LineItemDetails.reduce((acc, d) => deleteDetail(acc, d.ChassisId), l),
    );
    expect(emptied.every((l) => l.IsCancelled)).toBe(true);
    const none = await update(order, emptied, opened.ack);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(REDELIVERY_MESSAGES.atLeastOne);
    // Another order's id in the search, and another customer: refused.
    const wrongOrder = await update(order, withLines(poLine, dflLine), opened.ack, customer, {
      BookingOrderId: order.BookingOrderId + 1000,
    });
    expect(wrongOrder.json().message).toBe(TERM_REDELIVERY_MESSAGES.notThisOrder);
    const staff = await t.tokenFor('demo.staff');
    const otherCustomer = await submit(t, UPDATE, staff, {
      ...body(withLines(poLine, dflLine), opened.ack, { BookingOrderId: order.BookingOrderId }),
      Customer: { CustomerId: (await makeCustomer(t)).customerId },
      BookingOrderId: order.BookingOrderId,
      Version: order.Version,
    });
    expect(otherCustomer.json().message).toBe(TERM_REDELIVERY_MESSAGES.customerFixed);
    expect(await rows()).toEqual(untouched);
    const doc = (await document(order.BookingOrderId)).json();
    expect(doc.Version).toBe(order.Version);

    // Cancel a line and undo it: nothing changed. Remove it (SPEC §4 "removed"): its booking is
    // cancelled and its chassis are free to list again; the other line stays as it was.
    const undone = await update(order, withLines(undoCancelLine(cancelLine(poLine)), dflLine), opened.ack);
    expect(undone.json().code, undone.body).toBe('NOTHING_CHANGED');
    const removed = await update(order, removeLine([poLine, dflLine], poLine.EquipmentLineId), opened.ack);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await document(order.BookingOrderId)).json().Bookings as Booking[];
    expect(after.filter((b) => b.BookingStatusCode === 'CN').map((b) => b.Chassis)).toEqual([[]]);
    expect(openBookings(after).flatMap((b) => b.Chassis)).toEqual([f1, f2].sort());
    expect((await contractFor([po as string])).json().Results[0]).toMatchObject({ Valid: true });
  });

  it('flags and unflags a swap on an edit: the replacement units booked, then cancelled, in the same order', async () => {
    const swapsAllowed = (allowed: boolean) =>
      t.handle.db
        .updateTable('term_lease_contracts')
        .set({ swaps_allowed: allowed })
        .where('contract_id', '=', s.finance.contractId)
        .execute();
    await swapsAllowed(true);
    const id = finance[6] as string;
    const first = ready((await linesFor([id])).map((l) => located(l)));
    const order = await create(first.lines, first.ack);
    const opened = ready(await linesFor([id], { BookingOrderId: order.BookingOrderId }));
    const swapped = await update(
      order,
      opened.lines.map((l) => flagSwapRedelivery(l, true)),
      opened.ack,
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    const swap = openBookings((await document(order.BookingOrderId)).json().Bookings).map((b) => [
      b.BookingComment,
      b.Chassis,
      b.UnitsRequestedCount,
    ]);
    expect(swap).toEqual([
      ['Swap redelivery: units returned', [id], 1],
      ['Swap redelivery: replacement units', [], 1],
    ]);
    const swaps = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getlongtermswapredeliveries/${order.BookingOrderId}`,
      headers: bearer(customer),
    });
    expect(swaps.json().GroupLineItems).toEqual([expect.objectContaining({ IsSwapRedelivery: true })]);
    const reopened = ready(await linesFor([id], { BookingOrderId: order.BookingOrderId }));
    expect(reopened.lines[0]?.IsSwapRedelivery).toBe(true);
    const unswapped = await update(
      swapped.json(),
      reopened.lines.map((l) => flagSwapRedelivery(l, false)),
      reopened.ack,
    );
    expect(unswapped.statusCode, unswapped.body).toBe(200);
    expect(
      openBookings((await document(order.BookingOrderId)).json().Bookings).map((b) => [
        b.BookingComment,
        b.Chassis,
      ]),
    ).toEqual([[null, [id]]]);
    await swapsAllowed(false);
  });

  it("another customer's order is a 404; a stale Version a 409; two edits with one Version: exactly one wins", async () => {
    const [a, b] = finance.slice(7, 9) as [string, string];
    const first = ready((await linesFor([a, b])).map((l) => located(l)));
    const order = await create(first.lines, first.ack);
    const { token: ssl } = await customerWithToken(t);
    expect((await document(order.BookingOrderId, ssl)).statusCode).toBe(404);
    expect((await contractFor([a], { BookingOrderId: order.BookingOrderId }, ssl)).statusCode).toBe(404);
    const theirs = await update(order, first.lines, first.ack, ssl);
    expect(theirs.statusCode).toBe(404);
    const opened = ready(await linesFor([a, b], { BookingOrderId: order.BookingOrderId }));
    const [line] = opened.lines as [GroupLineItem];
    const dropA = [deleteDetail(line, a)];
    const dropB = [deleteDetail(line, b)];
    const answers = await Promise.all([update(order, dropA, opened.ack), update(order, dropB, opened.ack)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('ORDER_CHANGED');
    const stale = await update(order, dropA, opened.ack);
    expect(stale.statusCode).toBe(409);
    const doc = (await document(order.BookingOrderId)).json();
    expect(doc.Version).toBe(order.Version + 1);
    expect(doc.Chassis).toHaveLength(1);
  });

  it('honours the search model: EquipmentSizes lists only those sizes, InventoryOrg (default IDL) offers its locations', async () => {
    const id = finance[9] as string;
    const size = s.equipment.EquipmentSize;
    const otherSize = 'Chassis.20';
    const wrongSize = (await contractFor([id], { EquipmentSizes: [otherSize] })).json();
    expect(wrongSize.Results[0].Message).toBe(TERM_REDELIVERY_MESSAGES.notOfSizes(id, size, [otherSize]));
    expect(wrongSize.GroupLineItems).toEqual([]);
    expect((await contractFor([id], { EquipmentSizes: [size, otherSize] })).json().Results[0].Valid).toBe(
      true,
    );
    const unknownSize = await contractFor([id], { EquipmentSizes: ['Chassis.99'] });
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.json().message).toBe(TERM_REDELIVERY_MESSAGES.sizeUnknown('Chassis.99'));
    for (const org of ['TERM', 'NOPE']) {
      const res = await contractFor([id], { InventoryOrg: org });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TERM_REDELIVERY_MESSAGES.inventoryOrgUnknown(org));
    }
    const orgLocations = async (org: string) =>
      new Set(
        (
          await t.handle.db
            .selectFrom('inventory_org_locations')
            .select('location_id')
            .where('inventory_org_code', '=', org)
            .execute()
        ).map((r) => r.location_id),
      );
    const [idl] = await linesFor([id]);
    const [mrp] = await linesFor([id], { InventoryOrg: 'MRP' });
    const mrpLocations = await orgLocations('MRP');
    const idlLocations = await orgLocations('IDL');
    expect(idl?.LocationList.every((l) => idlLocations.has(l))).toBe(true);
    expect(mrp?.LocationList.every((l) => mrpLocations.has(l))).toBe(true);
    expect(mrp?.LocationList.length).toBeLessThanOrEqual(idl?.LocationList.length as number);
    // The stage's first location is of MRP, its second not.
    expect(idl?.LocationList).toEqual(s.locations);
    expect(mrp?.LocationList).toEqual([s.locations[0]]);

    // The create is held to the same search: a chassis of another size is refused, the org's locations only.
    const sized = ready([located(idl as GroupLineItem)]);
    const refused = await submit(
      t,
      CREATE,
      customer,
      body(sized.lines, sized.ack, { EquipmentSizes: [otherSize] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TERM_REDELIVERY_MESSAGES.notOfSizes(id, size, [otherSize]));
    const outsideMrp = s.locations[1];
    const there = ready([
      applyMarketAndLocation(idl as GroupLineItem, idl?.MarketList[0] as string, outsideMrp),
    ]);
    const res = await submit(t, CREATE, customer, body(there.lines, there.ack, { InventoryOrg: 'MRP' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(TERM_REDELIVERY_MESSAGES.invalidLocation(id));
    const inMrp = ready([located(mrp as GroupLineItem)]);
    const search = {
      InventoryOrg: 'MRP',
      EquipmentSizes: [size],
      MarketCode: mrp?.MarketList[0],
      LocationIds: [mrp?.LocationList[0]],
    };
    const order = await create(inMrp.lines, inMrp.ack, search);
    const doc = (await document(order.BookingOrderId)).json();
    expect(doc.Details).toMatchObject(search);
    expect(doc.Details.LocationId).toBeUndefined();
    expect(doc.Chassis).toEqual([id]);

    // An order stored while the search kept one LocationId opens (getLongTermRedeliveryOrder, the
    // flow's edit.open) with it as the list.
    const { LocationIds: _list, ...older } = doc.Details;
    await t.handle.db
      .updateTable('booking_orders')
      .set({ details: JSON.stringify({ ...older, LocationId: mrp?.LocationList[0] }) })
      .where('booking_order_id', '=', order.BookingOrderId)
      .execute();
    const opened = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getLongTermRedeliveryOrder/${order.BookingOrderId}`,
      headers: bearer(customer),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().Details).toMatchObject({ ...older, LocationIds: [mrp?.LocationList[0]] });
    expect(opened.json().Details.LocationId).toBeUndefined();
  });
});
