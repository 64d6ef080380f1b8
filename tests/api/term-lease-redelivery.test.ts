/**
 * Term lease redelivery (issue 17): contractForChassis groups the chassis per contract line with
 * the contract's flags; a submit is refused until every needed override is applied, a location
 * chosen and each acknowledgement given (SPEC §4, §5); then one TR order names the chassis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHASSIS_MESSAGES } from '../../src/domain/equipment';
import {
  applyMarketAndLocation,
  applyMinQuantityOverride,
  applyMinRentalPeriodOverride,
  applyPurchaseOptionOverride,
  flagSwapRedelivery,
  type GroupLineItem,
  TERM_REDELIVERY_MESSAGES,
} from '../../src/domain/term-lease-redelivery';
import limits from '../../src/rules/limits.json' with { type: 'json' };
import { notUnderContract } from '../../src/server/bookings/term-lease-redelivery/search';
import { databaseKinds } from '../helpers/database';
import {
  customerWithToken,
  type MadeCustomer,
  makeContract,
  makeCustomer,
  makeOrder,
  onHireChassis,
} from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { bookingCodePattern, CONTACT, submit } from './bookings-helpers';
import { type RedeliveryStage, redeliveryStage } from './term-lease-redelivery-helpers';

const BASE = '/api/longtermredelivery';
const URL = `${BASE}/createlongtermredeliverybooking`;
const CONTRACT_URL = `${BASE}/contractForChassis`;
const DFL = 'term-redelivery.direct-finance-lease';
const MIN_QUANTITY = 'term-redelivery.min-quantity-override';
const MIN_RENTAL = 'term-redelivery.min-rental-period-override';
const LINE_READY = 'term-redelivery.line-ready';
const lineReady = (contract: string) =>
  `Contract ${contract}: some chassis cannot be returned yet — each says why; apply the override or location it asks for, or delete it.`;
/** What a client that hides the reasons would send: no messages, no pending purchase option. */
const forge = (l: GroupLineItem): GroupLineItem => ({
  ...l,
  LineItemDetails: l.LineItemDetails.map((d) => ({
    ...d,
    RedeliveryErrorMessage: null,
    PurchaseOptionOverridePending: false,
  })),
});

describe.each(databaseKinds)('term lease redelivery on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let staff: string;
  let s: RedeliveryStage;
  /** Another customer of its own: the one staff name when the chassis are not its. */
  let other: MadeCustomer;
  /** The stage's chassis under its purchase option contract (minimum quantity 10) and its direct finance lease. */
  let option: string[];
  let finance: string[];

  const contractFor = async (token: string, ids: readonly string[], extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: CONTRACT_URL,
      headers: bearer(token),
      payload: { ChassisIds: ids, ...extra },
    });
  const linesFor = async (ids: readonly string[]): Promise<GroupLineItem[]> => {
    const res = await contractFor(customer, ids);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().GroupLineItems;
  };
  const body = (lines: GroupLineItem[], acknowledged: string[] = [], ids?: string[]) => ({
    Search: { ChassisIds: ids ?? lines.flatMap((l) => l.LineItemDetails.map((d) => d.ChassisId)) },
    Redelivery: { GroupLineItems: lines },
    Contact: CONTACT,
    ...(acknowledged.length ? { Acknowledged: acknowledged } : {}),
  });
  const located = (l: GroupLineItem) =>
    applyMarketAndLocation(l, l.MarketList[0] as string, l.LocationList[0] as number);
  /** Chassis picked up recently need the rental period override: applied, with its acknowledgement. */
  const rentalReady = (lines: GroupLineItem[]) => {
    const needs = lines.some((l) => l.LineItemDetails.some((d) => d.NeedsMinRentalPeriodOverride));
    return { lines: lines.map(applyMinRentalPeriodOverride), ack: needs ? [MIN_RENTAL] : [] };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    s = await redeliveryStage(t, { option: 15, finance: 6 });
    customer = s.me.token;
    option = s.option.chassis;
    finance = s.finance.chassis;
    other = await makeCustomer(t);
  });
  afterAll(() => t.close());

  it('contractForChassis: a verdict per chassis and one group line per contract line with the contract flags', async () => {
    const [pool] = (await onHireChassis(t, s.me.customerId, s.equipment, 1)) as [string];
    const theirs = await makeContract(t, other.customerId);
    const [others] = (await onHireChassis(t, other.customerId, s.equipment, 1, {
      org: theirs.org,
      contractId: theirs.contractId,
    })) as [string];
    const ids = [option[0], finance[0], pool, others, 'NOPE1'] as string[];
    const res = await contractFor(customer, ids);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.Results.map((r: { Message: string | null }) => r.Message)).toEqual([
      null,
      null,
      notUnderContract(pool),
      CHASSIS_MESSAGES.notOnHire(others, s.me.customerName),
      CHASSIS_MESSAGES.format('NOPE1'),
    ]);
    expect(answer.RequestedValidChassis).toEqual(ids.slice(0, 2));
    const byContract = new Map(answer.GroupLineItems.map((l: GroupLineItem) => [l.ContractId, l]));
    const po = byContract.get(s.option.contractId) as GroupLineItem;
    expect(po).toMatchObject({ NeedsPurchaseOptionOverride: true, ShowDirectFinanceLeaseWarning: false });
    expect(po.LineItemDetails[0]).toMatchObject({
      ChassisId: option[0],
      PurchaseOptionOverridePending: true,
      RedeliveryAllowed: false,
      RedeliveryErrorMessage: TERM_REDELIVERY_MESSAGES.purchaseOptionPending(
        option[0] as string,
        s.option.contractNumber,
      ),
    });
    expect(po).toMatchObject({ ContractNumber: s.option.contractNumber, LocationList: s.locations });
    expect(byContract.get(s.finance.contractId)).toMatchObject({
      ShowDirectFinanceLeaseWarning: true,
      NeedsPurchaseOptionOverride: false,
    });

    // The search's market and locations (SPEC §3 LocationIds, a list): each line that offers the
    // market gets the first of the locations it offers, in the list's order.
    const market = po.MarketList[0] as string;
    const location = (po.LocationList[1] ?? po.LocationList[0]) as number;
    const searched = await contractFor(customer, ids.slice(0, 1), {
      MarketCode: market,
      LocationIds: [999999, location, po.LocationList[0]].filter((v, i, all) => all.indexOf(v) === i),
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const [line] = searched.json().GroupLineItems as GroupLineItem[];
    expect(line).toMatchObject({ SelectedMarketCode: market, SelectedLocationId: location });
    expect(line?.LineItemDetails[0]?.LocationId).toBe(location);
    // None of them offered: the line is left to choose its own.
    const elsewhere = await contractFor(customer, ids.slice(0, 1), {
      MarketCode: market,
      LocationIds: [999999],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().GroupLineItems[0]).toMatchObject({ SelectedLocationId: null });
    // A single LocationId is no longer part of the search: refused, not silently ignored.
    const single = await contractFor(customer, ids.slice(0, 1), { MarketCode: market, LocationId: location });
    expect(single.statusCode).toBe(400);
  });

  it('checks at most the validation limit per call, and takes at most the term lease limit per redelivery', async () => {
    const max = limits.termLeaseValidationChassisMax;
    const ids = Array.from({ length: max + 1 }, (_, i) => `PLCZ${String(100000 + i)}`);
    expect((await contractFor(customer, ids)).statusCode).toBe(400);
    const over = Array.from(
      { length: limits.termLeaseRedeliveryChassisMax + 1 },
      (_, i) => `PLCZ${String(100000 + i)}`,
    );
    const res = await submit(t, URL, customer, body([], [], over));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(
      `At most ${limits.termLeaseRedeliveryChassisMax} chassis can be returned in one term lease redelivery: split the list.`,
    );
    const none = await submit(t, URL, customer, body([], [], [option[0] as string]));
    expect(none.json().message).toBe('Redelivery needs at least one valid chassis to continue');
  });

  it('refuses a purchase option line until the override is applied, and a chassis until its line has a location', async () => {
    const id = option[1] as string;
    const lines = await linesFor([id]);
    const contract = lines[0]?.ContractNumber as string;
    const pending = await submit(t, URL, customer, body(lines.map(located)));
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ code: LINE_READY, message: lineReady(contract) });
    const unlocated = await submit(t, URL, customer, body(lines.map(applyPurchaseOptionOverride)));
    expect(unlocated.json()).toMatchObject({ code: LINE_READY, message: lineReady(contract) });
    // A client that clears the reasons is not believed: the flags are the server's, and so are the reasons.
    const forgedPending = await submit(t, URL, customer, body(lines.map(located).map(forge)));
    expect(forgedPending.json().message).toBe(TERM_REDELIVERY_MESSAGES.purchaseOptionPending(id, contract));
    expect(forgedPending.json().errors[0].field).toBe('Redelivery.GroupLineItems.0.LineItemDetails.0');
    const forgedUnlocated = lines.map(applyPurchaseOptionOverride).map((l) => ({
      ...forge(l),
      LineItemDetails: forge(l).LineItemDetails.map((d) => ({ ...d, LocationId: 999999 })),
    }));
    expect((await submit(t, URL, customer, body(forgedUnlocated))).json().message).toBe(
      TERM_REDELIVERY_MESSAGES.invalidLocation(id),
    );
  });

  it('a direct finance lease line is blocked until acknowledged, then booked as a TR order naming the chassis', async () => {
    const ids = finance.slice(0, 2);
    const ready = rentalReady((await linesFor(ids)).map(located));
    const lines = ready.lines;
    const unacknowledged = await submit(t, URL, customer, body(lines, ready.ack));
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json().code).toBe(DFL);
    expect(unacknowledged.json().message).toMatch(
      /is a direct finance lease: returning units early does not end the payments/,
    );
    const ok = await submit(t, URL, customer, body(lines, [DFL, ...ready.ack]));
    expect(ok.statusCode, ok.body).toBe(200);
    const order = ok.json();
    expect(order).toMatchObject({
      BookingOrderTypeCode: 'TR',
      StatusCode: 'OP',
      Message: 'Your redelivery is booked.',
    });
    expect(order.Bookings).toHaveLength(1);
    expect(order.Bookings[0].BookingCode).toMatch(bookingCodePattern('TR'));
    expect(order.Bookings[0].Chassis).toEqual([...ids].sort());
    expect(order.Bookings[0].LocationId).toBe(lines[0]?.LocationList[0]);

    // Already on an open redelivery; after cancelOrder they can be listed again.
    const again = await contractFor(customer, ids);
    expect(again.json().Results[0].Message).toMatch(/is already on open redelivery TR\d+/);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/cancelOrder`,
      headers: bearer(customer),
      payload: { BookingOrderId: order.BookingOrderId, AdditionalEmails: 'yard@example.com' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await contractFor(customer, ids)).json().Results[0].Valid).toBe(true);
  });

  it('the minimum quantity override is needed below the contract minimum, and must be acknowledged', async () => {
    // Returning 10 of its 15 leaves fewer than the minimum (10) on hire under the contract.
    const ids = option.slice(0, option.length - 5);
    const lines = (await linesFor(ids)).map((l) => located(applyPurchaseOptionOverride(l)));
    expect(lines.every((l) => l.LineItemDetails.every((d) => d.NeedsMinQuantityOverride))).toBe(true);
    const refused = await submit(t, URL, customer, body(lines.map(forge)));
    expect(refused.json().errors[0].message).toBe(
      TERM_REDELIVERY_MESSAGES.minQuantity(ids[0] as string, lines[0]?.ContractNumber as string),
    );
    const ready = rentalReady(lines.map(applyMinQuantityOverride));
    const unacknowledged = await submit(t, URL, customer, body(ready.lines, ready.ack));
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.json().code).toBe(MIN_QUANTITY);
    expect(unacknowledged.json().message).toBe(
      `The minimum quantity override on contract ${lines[0]?.ContractNumber} may bring early return fees. I accept them.`,
    );
    const ok = await submit(t, URL, customer, body(ready.lines, [MIN_QUANTITY, ...ready.ack]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .Bookings.reduce((n: number, b: { UnitsRequestedCount: number }) => n + b.UnitsRequestedCount, 0),
    ).toBe(ids.length);
  });

  it('two redeliveries of the same chassis at once: exactly one wins; staff redeliver for the customer they name', async () => {
    const ids = finance.slice(2, 4);
    const { lines, ack } = rentalReady((await linesFor(ids)).map(located));
    const answers = await Promise.all([
      submit(t, URL, customer, body(lines, [DFL, ...ack])),
      submit(t, URL, staff, { ...body(lines, [DFL, ...ack]), Customer: { CustomerId: s.me.customerId } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().message).toMatch(
      /is already on open redelivery/,
    );
    const forOther = await submit(t, URL, staff, {
      ...body(lines, [DFL, ...ack]),
      Customer: { CustomerId: other.customerId },
    });
    expect(forOther.statusCode).toBe(400);
    expect(forOther.json().errors[0].message).toBe(
      CHASSIS_MESSAGES.notOnHire(ids[0] as string, other.customerName),
    );
  });

  it('a swap is refused on a contract that does not allow swaps', async () => {
    const { lines, ack } = rentalReady((await linesFor([finance[4] as string])).map(located));
    expect(lines[0]?.SwapsAllowed).toBe(false);
    const res = await submit(
      t,
      URL,
      customer,
      body(
        lines.map((l) => ({ ...l, IsSwapRedelivery: true })),
        [DFL, ...ack],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      TERM_REDELIVERY_MESSAGES.swapNotAllowed(lines[0]?.ContractNumber as string),
    );
  });

  it('a swap returns the units and books as many replacements in one order; the GET calls show it', async () => {
    await t.handle.db
      .updateTable('term_lease_contracts')
      .set({ swaps_allowed: true })
      .where('contract_id', '=', s.finance.contractId)
      .execute();
    const id = finance[5] as string;
    const { lines, ack } = rentalReady((await linesFor([id])).map(located));
    const swap = lines.map((l) => flagSwapRedelivery(l, true));
    const res = await submit(t, URL, customer, body(swap, [DFL, ...ack]));
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(
      order.Bookings.map((b: { Chassis?: string[]; UnitsRequestedCount: number }) => [
        b.Chassis ?? [],
        b.UnitsRequestedCount,
      ]),
    ).toEqual([
      [[id], 1],
      [[], 1],
    ]);
    const get = (path: string, token = customer) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${path}/${order.BookingOrderId}`, headers: bearer(token) });
    const swaps = (await get('getlongtermswapredeliveries')).json();
    expect(swaps.GroupLineItems).toEqual([
      expect.objectContaining({ ContractId: s.finance.contractId, IsSwapRedelivery: true }),
    ]);
    expect(swaps.Bookings.map((b: { BookingComment: string }) => b.BookingComment)).toEqual([
      'Swap redelivery: units returned',
      'Swap redelivery: replacement units',
    ]);
    const details = (await get('getlongtermredeliverydetails')).json();
    expect(details.GroupLineItems[0]).toMatchObject({
      ContractId: s.finance.contractId,
      DirectFinanceLeaseWarningChecked: true,
    });
    expect((await get('getLongTermRedeliveryOrder')).json()).toMatchObject({
      BookingOrderId: order.BookingOrderId,
      BookingOrderTypeCode: 'TR',
    });
    expect((await get('getViewLongTermRedeliveryOrder')).statusCode).toBe(200);
    expect((await get('getLongTermRedeliveryOrder', (await customerWithToken(t)).token)).statusCode).toBe(
      404,
    );
    const pool = await makeOrder(t, s.me.customerId, 'PB');
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getLongTermRedeliveryOrder/${pool.orderId}`,
      headers: bearer(customer),
    });
    expect(wrongType.statusCode).toBe(404);
  });
});
