/**
 * Issue 27 (docs/decisions.md): who a customer may name as motor carrier. Searched by at least 2
 * characters (SPEC §5), a customer finds their own company and every other active motor carrier
 * (class MC) in good standing; staff find every active motor carrier. The customer asking and the
 * carriers it may or may not find are the test's own (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { customerWithToken, makeCustomer } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

interface Row {
  CustomerId: number;
  CustomerClass: string;
  CustomerNameWithSCAC: string;
  GoodStanding: boolean;
  Active: boolean;
}

describe.each(databaseKinds)('motor carrier picker on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let customerId: number;
  let staff: string;
  let carrier: { customer_id: number; customer_name: string; scac: string };
  let suspended: { customer_id: number; customer_name: string };
  let notAllowed: { customer_id: number; customer_name: string };
  const asRow = (c: { customerId: number; customerName: string; scac: string }) => ({
    customer_id: c.customerId,
    customer_name: c.customerName,
    scac: c.scac,
  });
  beforeAll(async () => {
    t = await startTestApp(kind);
    const own = await customerWithToken(t);
    customer = own.token;
    customerId = own.customerId;
    staff = await t.tokenFor('demo.staff');
    carrier = asRow(await makeCustomer(t, { customerClass: 'MC' }));
    // One carrier not in good standing, so the test can tell the two apart.
    suspended = asRow(await makeCustomer(t, { customerClass: 'MC', goodStanding: false }));
    notAllowed = asRow(await makeCustomer(t, { poolBookingAllowed: false }));
  });
  afterAll(() => t.close());

  const find = async (token: string, search: string): Promise<Row[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lookup/motorCarriers?search=${encodeURIComponent(search)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('finds another active motor carrier in good standing for a customer, by name or SCAC', async () => {
    const byName = await find(customer, carrier.customer_name.slice(0, 3));
    expect(byName.map((r) => r.CustomerId)).toContain(carrier.customer_id);
    expect(byName.every((r) => r.CustomerClass === 'MC')).toBe(true);
    expect(byName.map((r) => r.CustomerId)).not.toContain(suspended.customer_id);
    expect(byName.filter((r) => r.CustomerId !== customerId).every((r) => r.GoodStanding && r.Active)).toBe(
      true,
    );
    const byScac = await find(customer, carrier.scac.toLowerCase());
    expect(byScac.map((r) => r.CustomerId)).toContain(carrier.customer_id);
  });

  it('never shows a customer a carrier not in good standing; staff see it', async () => {
    const text = suspended.customer_name.slice(0, 4);
    expect((await find(customer, text)).map((r) => r.CustomerId)).not.toContain(suspended.customer_id);
    expect((await find(staff, text)).map((r) => r.CustomerId)).toContain(suspended.customer_id);
  });

  it('gives a customer only their own company without 2 characters to search by', async () => {
    expect((await find(customer, 'a')).map((r) => r.CustomerId)).toEqual([customerId]);
  });

  it("filters staff's customer search by whether the customer may pool-book (SPEC §9: All 0, Yes 1, No 2)", async () => {
    const text = notAllowed.customer_name.slice(0, 3);
    const ids = async (allowed: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/lookup/customers?search=${encodeURIComponent(text)}&poolBookingAllowed=${allowed}`,
        headers: bearer(staff),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<Row & { PoolBookingAllowed: boolean }>).map((r) => [
        r.CustomerId,
        r.PoolBookingAllowed,
      ]);
    };
    const all = await ids(0);
    expect(all).toContainEqual([notAllowed.customer_id, false]);
    expect(await ids(2)).toEqual(all.filter(([, allowed]) => allowed === false));
    expect(await ids(1)).toEqual(all.filter(([, allowed]) => allowed === true));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/lookup/customers?poolBookingAllowed=7',
      headers: bearer(staff),
    });
    expect(bad.statusCode).toBe(400);
  });
});
