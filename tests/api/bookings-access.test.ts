/** Who may submit a booking, for whom, and with which Idempotency-Key. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_VALIDATION_TEXT } from '../../src/domain/messages';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import {
  clearThresholds,
  DAILY_LEASE_URL,
  type Equipment,
  POOL_URL,
  REUSE_URL,
  roomiestLocation,
  submit,
  unitsPayload,
} from './bookings-helpers';

const LAX_40: Equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
const SUBMIT_URLS = [POOL_URL, DAILY_LEASE_URL, REUSE_URL];
const AVAILABILITY_URLS = ['/api/poolbooking/availableunits', '/api/dailyleasebooking/availableunits'];

describe.each(databaseKinds)('booking access on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'customer' | 'ssl' | 'staff' | 'readonly' | 'suspended', string>;
  let place: { LocationId: number; Available: number };
  const body = (extra: Partial<Equipment & { CustomerId: number }> = {}) =>
    unitsPayload('pool', { ...LAX_40, ...extra }, [
      { LocationId: place.LocationId, units: 1, Available: place.Available },
    ]);

  beforeAll(async () => {
    t = await startTestApp(kind);
    tokens = {
      customer: await t.tokenFor('demo.customer'),
      ssl: await t.tokenFor('demo.ssl'),
      staff: await t.tokenFor('demo.staff'),
      readonly: await t.tokenFor('demo.readonly'),
      suspended: await t.tokenFor('demo.suspended'),
    };
    await clearThresholds(t);
    place = await roomiestLocation(t, tokens.customer, 'pool', LAX_40);
  });
  afterAll(() => t.close());

  it('needs a token, and Create or Update on a pool booking entity', async () => {
    for (const url of [...SUBMIT_URLS, ...AVAILABILITY_URLS]) {
      expect((await submit(t, url, null, body())).statusCode, url).toBe(401);
      const readOnly = await submit(t, url, tokens.readonly, body());
      expect(readOnly.statusCode, url).toBe(403);
      expect(readOnly.json().message).toBe('You do not have permission to use this function.');
    }
  });

  it('refuses an account not in good standing with the account-validation text', async () => {
    for (const url of SUBMIT_URLS) {
      const res = await submit(t, url, tokens.suspended, body());
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        message: ACCOUNT_VALIDATION_TEXT,
        error: ACCOUNT_VALIDATION_TEXT,
        code: 'NOT_IN_GOOD_STANDING',
      });
    }
    // Staff cannot book on behalf of such a customer either (Suspended Trucking is customer 3).
    const onBehalf = await submit(t, POOL_URL, tokens.staff, body({ CustomerId: 3 }));
    expect(onBehalf.statusCode).toBe(403);
    expect(onBehalf.json().message).toMatch(/^Suspended Trucking \(SUSP\) is not in good standing/);
  });

  it('needs an Idempotency-Key of 8 to 100 characters', async () => {
    for (const key of [null, 'short', 'k'.repeat(101)]) {
      const res = await submit(t, POOL_URL, tokens.customer, body(), key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY',
        message: expect.stringMatching(/^Send an Idempotency-Key header/),
      });
    }
  });

  it('books customers for their own company and staff for the customer they choose', async () => {
    const own = await submit(t, POOL_URL, tokens.customer, body({ CustomerId: 1 }));
    expect(own.statusCode, own.body).toBe(200);
    const other = await submit(t, POOL_URL, tokens.customer, body({ CustomerId: 2 }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('You can book only for your own company.');

    const ssl = await submit(t, POOL_URL, tokens.ssl, body());
    expect(ssl.statusCode, ssl.body).toBe(200);
    const sslOrder = await t.handle.db
      .selectFrom('booking_orders')
      .select(['customer_id', 'created_by'])
      .where('booking_order_id', '=', ssl.json().BookingOrderId)
      .executeTakeFirstOrThrow();
    expect(sslOrder.customer_id).toBe(2);

    const unnamed = await submit(t, POOL_URL, tokens.staff, body());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Choose the customer to book for.');
    const unknown = await submit(t, POOL_URL, tokens.staff, body({ CustomerId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_CUSTOMER');
    const onBehalf = await submit(t, POOL_URL, tokens.staff, body({ CustomerId: 2 }));
    expect(onBehalf.statusCode, onBehalf.body).toBe(200);
  });

  it('lets customers read availability only as themselves', async () => {
    const ask = (token: string, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: AVAILABILITY_URLS[0] as string,
        headers: bearer(token),
        payload: { ...LAX_40, ...extra },
      });
    expect((await ask(tokens.customer, { CustomerId: 1 })).statusCode).toBe(200);
    expect((await ask(tokens.customer, { CustomerId: 2 })).statusCode).toBe(400);
    expect((await ask(tokens.staff, {})).statusCode).toBe(200);
    expect((await ask(tokens.staff, { CustomerId: 999_999 })).statusCode).toBe(400);
  });
});
