/**
 * Issue 31: "My chassis" (the company's chassis on hire, searchable, exportable, narrowed to what a
 * flow accepts) and the chassis lookup: ours or not, available or on hire to you or to someone
 * else, never to whom.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_REDELIVERY_EQUIPMENT_CATEGORIES } from '../../src/domain/lookups';
import { databaseKinds } from '../helpers/database';
import { addContractLine, customerWithToken, makeContract, onHireChassis } from '../helpers/factories';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { CONTACT, REUSE_URL, submit } from './bookings-helpers';
import { GATE_EQUIPMENT, makeGateKey, minutesAgo, openPoolBooking, sendGate } from './gate-helpers';

describe.each(databaseKinds)('chassis held and looked up on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  let customerId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    customer = await t.tokenFor('demo.customer');
    customerId = (
      await t.handle.db
        .selectFrom('users')
        .select('customer_id')
        .where('user_name', '=', 'demo.customer')
        .executeTakeFirstOrThrow()
    ).customer_id as number;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it("lists exactly the company's chassis on hire, with the booking and place of a gate pick-up", async () => {
    const res = await get(customer, '/api/chassis/held?PageSize=1000');
    expect(res.statusCode, res.body).toBe(200);
    const held = await sql<{ chassis_id: string }>`
      select chassis_id from chassis where on_hire_customer_id = ${customerId} and status = 'ON_HIRE' order by chassis_id`.execute(
      t.handle.db,
    );
    expect(res.json().TotalCount).toBe(held.rows.length);
    expect(res.json().ResultSet.map((r: { ChassisId: string }) => r.ChassisId)).toEqual(
      held.rows.map((r) => r.chassis_id).slice(0, 1000),
    );
    const first = res.json().ResultSet[0];
    expect(first.EquipmentSizeName).not.toBe(first.EquipmentSize);

    // A pick-up by gate: the list says when, from which booking and where.
    const { booking, chassis, customer: picker } = await openPoolBooking(t);
    const key = await makeGateKey(t, staff, [booking.location_id], 'Gate my chassis');
    const at = minutesAgo(3);
    await sendGate(t, key, [
      {
        ChassisId: chassis[0] as string,
        Kind: 'OutGate',
        LocationId: booking.location_id,
        EventTime: at,
        BookingCode: booking.booking_code,
      },
    ]);
    const found = await get(picker.token, `/api/chassis/held?Search=${booking.booking_code}`);
    expect(found.json().ResultSet).toEqual([
      expect.objectContaining({
        ChassisId: chassis[0],
        BookingCode: booking.booking_code,
        OnHireSince: at,
        PickedUpAt: expect.any(String),
      }),
    ]);

    const csv = await get(customer, '/api/chassis/held/export');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'Chassis ID,Size,Class,On hire since,Booking,Term lease contract,Picked up at',
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(held.rows.length + 1);
  });

  it('narrows the list to what pool redelivery accepts, and staff must name the company', async () => {
    const res = await get(customer, '/api/chassis/held?Purpose=poolRedelivery&PageSize=1000');
    const rows = res.json().ResultSet as Array<{
      ChassisId: string;
      EquipmentSize: string;
      ContractNumber: string | null;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.ContractNumber).toBeNull();
      expect(POOL_REDELIVERY_EQUIPMENT_CATEGORIES as readonly string[]).toContain(r.EquipmentSize);
    }
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/poolredelivery/check',
      headers: bearer(customer),
      payload: { ChassisIds: rows.slice(0, 300).map((r) => r.ChassisId) },
    });
    expect(check.json().Results.every((v: { Valid: boolean }) => v.Valid)).toBe(true);
    const staffNoCompany = await get(staff, '/api/chassis/held');
    expect(staffNoCompany.statusCode).toBe(400);
    const otherCompany = await get(customer, '/api/chassis/held?CustomerId=2');
    expect(otherCompany.statusCode).toBe(404);
  });

  it('offers reuse and term lease redelivery only what they accept, for the customer staff name', async () => {
    const list = async (token: string, query: string) => {
      const res = await get(token, `/api/chassis/held?${query}&PageSize=1000`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        TotalCount: number;
        ResultSet: Array<{
          ChassisId: string;
          ContractNumber: string | null;
          ContractStart: string | null;
          OnHireSince: string | null;
        }>;
      };
    };
    // A customer of its own with two pool units and one term leased unit out.
    const own = await customerWithToken(t);
    const pool = await onHireChassis(t, own.customerId, GATE_EQUIPMENT, 2);
    const contract = await makeContract(t, own.customerId, { effective_date: '2025-03-03' });
    await addContractLine(t, contract.contractId, GATE_EQUIPMENT);
    const termLeased = await onHireChassis(t, own.customerId, GATE_EQUIPMENT, 1, {
      org: contract.org,
      contractId: contract.contractId,
    });
    const reuse = await list(own.token, 'Purpose=reuse');
    expect(reuse.TotalCount).toBe(2);
    expect(reuse.ResultSet.map((r) => [r.ChassisId, r.ContractNumber, r.ContractStart])).toEqual(
      [...pool].sort().map((id) => [id, null, null]),
    );
    // Staff booking for the customer see the customer's list.
    expect(await list(staff, `Purpose=reuse&CustomerId=${own.customerId}`)).toEqual(reuse);

    // A chassis on an open reuse booking cannot be reused again (issue 27's claim): it leaves the list.
    const [reused, kept] = [...pool].sort() as [string, string];
    const booked = await submit(t, REUSE_URL, own.token, {
      Chassis: { ChassisIds: [reused] },
      Contact: CONTACT,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const after = await list(own.token, 'Purpose=reuse');
    expect(after.TotalCount).toBe(1);
    expect(after.ResultSet.map((r) => r.ChassisId)).toEqual([kept]);

    // Term lease redelivery: chassis on a term lease only, each one its contract check finds.
    const term = await list(own.token, 'Purpose=termLeaseRedelivery');
    // No gate event says when it went out: the list gives the contract's first day, as written.
    expect(
      term.ResultSet.map((r) => [r.ChassisId, r.ContractNumber, r.ContractStart, r.OnHireSince]),
    ).toEqual([[termLeased[0], contract.contractNumber, '2025-03-03', null]]);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/longtermredelivery/contractForChassis',
      headers: bearer(own.token),
      payload: { ChassisIds: termLeased },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(
      check
        .json()
        .Results.filter((v: { Valid: boolean }) => !v.Valid)
        .map((v: { Message: string }) => v.Message),
    ).toEqual([]);
  });

  it('looks a chassis up for anyone: ours and available, on hire to you, to someone else (never whom), or not ours', async () => {
    const one = async (where: ReturnType<typeof sql>) =>
      (
        await sql<{
          chassis_id: string;
        }>`select chassis_id from chassis c where ${where} order by chassis_id limit 1`.execute(t.handle.db)
      ).rows[0]?.chassis_id as string;
    const available = await one(sql`c.status = 'AVAILABLE'`);
    const mine = await one(sql`c.on_hire_customer_id = ${customerId}`);
    const others = await one(sql`c.status = 'ON_HIRE' and c.on_hire_customer_id <> ${customerId}`);
    const look = async (id: string, token = customer) =>
      (await get(token, `/api/chassis/lookup/${id}`)).json();

    expect(await look(available)).toMatchObject({
      Ours: true,
      Standing: 'Available',
      LocationName: expect.any(String),
    });
    expect(await look(mine)).toMatchObject({
      Standing: 'OnHireToYou',
      Message: expect.stringMatching(/on hire to your company/),
    });
    const other = await look(others);
    expect(other).toMatchObject({ Standing: 'OnHireToOther', LocationName: null });
    expect(JSON.stringify(other)).not.toMatch(/Customer|SCAC/i);
    expect(await look(`${others.slice(0, 4)}-${others.slice(4)}`, staff)).toMatchObject({
      ChassisId: others,
      Standing: 'OnHireToOther',
    });
    expect(await look('DCLZ123456')).toMatchObject({
      Ours: false,
      Standing: 'NotOurs',
      OtherPool: 'DCLI',
      Message: 'DCLZ123456 is not our chassis: its prefix belongs to the DCLI pool.',
    });
    expect(await look('ABCD123456')).toMatchObject({
      Ours: false,
      OtherPool: null,
      Message: 'ABCD123456 is not our chassis.',
    });
    const bad = await get(customer, '/api/chassis/lookup/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/is not a valid chassis ID/);
  });
});
