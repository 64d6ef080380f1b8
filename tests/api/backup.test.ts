/**
 * Issue 29: `npm run backup` / `npm run restore` (src/server/db/backup.ts). A backup of a database
 * with a fresh booking, cancelled (so it has an audit trail), restored into an empty database,
 * holds every order and every audit entry as they were; a restore over a database that has tables
 * is refused with a message that says what to do.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../../src/server/db/backup';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/types';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { appOnDatabase, bearer, type TestApp } from '../helpers/test-app';
import { POOL_URL, submit, unitsPayload } from './bookings-helpers';

const EQUIPMENT = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };

/** Every order and every audit entry, as a restore must give them back. */
async function contents(db: Kysely<Database>) {
  const orders = await sql`select * from booking_orders order by booking_order_id`.execute(db);
  const audit = await sql`select * from audit_log order by audit_id`.execute(db);
  return { orders: orders.rows, audit: audit.rows };
}

/** A booking, then its cancellation: a new order with a trail of two entries. */
async function bookAndCancel(t: TestApp): Promise<number> {
  const { token } = await customerWithToken(t);
  const place = await stockedLocation(t, EQUIPMENT, 3);
  const booked = await submit(
    t,
    POOL_URL,
    token,
    unitsPayload('pool', EQUIPMENT, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
  );
  expect(booked.statusCode, booked.body).toBe(200);
  const orderId = booked.json().BookingOrderId as number;
  const cancelled = await t.app.inject({
    method: 'PUT',
    url: '/api/bookingorder/cancelOrder',
    headers: bearer(token),
    payload: { BookingOrderId: orderId },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return orderId;
}

const folder = mkdtempSync(join(tmpdir(), 'brr-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('backup and restore on PGlite', () => {
  const dataDir = join(folder, 'pglite-data');
  const restoredDir = join(folder, 'pglite-restored');
  const file = join(folder, 'pglite-backup.tar.gz');
  let before: Awaited<ReturnType<typeof contents>>;
  let orderId: number;

  beforeAll(async () => {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const t = await appOnDatabase(await openDatabase({ kind: 'pglite', dataDir, snapshot }));
    try {
      orderId = await bookAndCancel(t);
      before = await contents(t.handle.db);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('restores every order and its audit trail into an empty folder', async () => {
    await backupPglite(dataDir, file);
    await restorePglite(file, restoredDir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const after = await contents(restored.db);
      expect(after.orders.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
      const trail = after.audit.filter((a) => (a as { entity_id: string }).entity_id === String(orderId));
      expect(trail.length).toBeGreaterThanOrEqual(2);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to restore into a folder that holds a database', async () => {
    await expect(restorePglite(file, dataDir)).rejects.toThrow(/is not empty: restore into an empty folder/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const source = `brr_backup_${process.pid}`;
  const target = `brr_restored_${process.pid}`;
  const urlOf = (name: string) => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const file = join(folder, 'postgres-backup.dump');
  let before: Awaited<ReturnType<typeof contents>>;
  let orderId: number;

  const recreate = async (...names: string[]) => {
    const client = admin();
    await client.connect();
    try {
      for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await recreate(source, target);
    const client = admin();
    await client.connect();
    await client.query(`create database ${source} template ${inject('postgresTemplate')}`);
    await client.query(`create database ${target}`);
    await client.end();
    const t = await appOnDatabase(await openDatabase({ kind: 'postgres', url: urlOf(source) }));
    try {
      orderId = await bookAndCancel(t);
      before = await contents(t.handle.db);
    } finally {
      await t.close();
    }
  }, 120_000);

  afterAll(() => recreate(source, target));

  it('restores every order and its audit trail into an empty database (pg_dump, pg_restore)', async () => {
    await backupPostgres(urlOf(source), file);
    await restorePostgres(file, urlOf(target));
    const restored: DatabaseHandle = await openDatabase({ kind: 'postgres', url: urlOf(target) });
    try {
      const after = await contents(restored.db);
      expect(after.orders.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
      const trail = after.audit.filter((a) => (a as { entity_id: string }).entity_id === String(orderId));
      expect(trail.length).toBeGreaterThanOrEqual(2);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to restore into a database that has tables', async () => {
    await expect(restorePostgres(file, urlOf(source))).rejects.toThrow(
      /already has tables: restore into an empty one/,
    );
  });
});
