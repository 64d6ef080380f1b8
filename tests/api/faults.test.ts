/**
 * Issue 11 §4, faults: the product's own server (`src/server/main.ts`, as `npm start` runs it) is
 * killed with SIGKILL in the middle of a burst of booking submits. After a restart on the same
 * database — PGlite's data directory, and PostgreSQL when TEST_DATABASE_URL is set — every order is
 * whole or absent, and each client retrying with its Idempotency-Key books exactly once: an order
 * answered before the kill is answered again, never booked twice.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { killed, type PortalDatabase, portalDatabases, startPortal } from '../helpers/portal-process';
import { CONTACT } from './bookings-helpers';

const BURST = 12;
const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

async function call(
  origin: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  key?: string,
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(origin: string): Promise<string> {
  const res = await call(origin, 'POST', '/api/auth/login', undefined, {
    UserId: 'demo.customer',
    Password: 'Demo!2345',
    ApplicationCode: 'BRR',
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json?.token as string;
}

/** A one-unit pool booking at a LAX location with room; the body each key is sent with. */
async function oneUnitBody(origin: string, token: string) {
  const rows = (await call(origin, 'POST', '/api/poolbooking/availableunits', token, EQUIPMENT))
    .json as unknown as { LocationId: number; Available: number }[];
  const place = rows.reduce((best, r) => (r.Available > best.Available ? r : best));
  return {
    Equipment: EQUIPMENT,
    AvailableUnits: [
      {
        LocationId: place.LocationId,
        Available: place.Available,
        CustomerBooking: { UnitsRequestedCount: 1 },
      },
    ],
    Contact: CONTACT,
    // More than the row showed is not asked here: BURST units stay well inside the roomiest yard.
  };
}

describe.each(portalDatabases)('the server killed mid-burst on %s', (_name, prepare) => {
  const children: ChildProcess[] = [];
  let where: PortalDatabase | null = null;
  afterAll(async () => {
    await Promise.all(children.map(killed));
    await where?.cleanup();
  });

  it('keeps every order whole or absent, and a retry with its key books exactly once', {
    timeout: 600_000,
  }, async () => {
    where = await prepare();
    const first = await startPortal(where.env);
    children.push(first.child);
    const token = await signIn(first.origin);
    const body = await oneUnitBody(first.origin, token);
    const keys = Array.from({ length: BURST }, () => randomUUID());

    // The burst, and the kill once the first answers are in: some commit, some are cut off.
    const answers = keys.map((key) =>
      call(first.origin, 'POST', '/api/poolbooking/create', token, body, key).catch(() => null),
    );
    await Promise.race(answers);
    await killed(first.child);
    const before = await Promise.all(answers);
    const answeredBefore = new Map(
      keys.flatMap((key, i) => {
        const a = before[i];
        return a?.status === 200 ? [[key, a.json?.BookingOrderId as number] as const] : [];
      }),
    );
    expect(answeredBefore.size).toBeGreaterThan(0);

    // Restarted on the same database: every client retries with its key.
    const second = await startPortal(where.env);
    children.push(second.child);
    const again = await signIn(second.origin);
    const orders = new Set<number>();
    for (const key of keys) {
      const retry = await call(second.origin, 'POST', '/api/poolbooking/create', again, body, key);
      expect(retry.status, JSON.stringify(retry.json)).toBe(200);
      const orderId = retry.json?.BookingOrderId as number;
      if (answeredBefore.has(key))
        expect(orderId, `key ${key} was answered before the kill`).toBe(answeredBefore.get(key));
      orders.add(orderId);
      // Whole: the order has its one booking of one unit, as requested.
      const detail = await call(second.origin, 'GET', `/api/dashboard/details/${orderId}`, again);
      expect(detail.status).toBe(200);
      const bookings = (detail.json?.Bookings ?? []) as { Quantity?: number; UnitsRequestedCount?: number }[];
      expect(bookings).toHaveLength(1);
    }
    expect(orders.size).toBe(BURST);
    await killed(second.child);
  });
});
