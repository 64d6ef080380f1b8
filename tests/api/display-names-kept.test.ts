/**
 * Issue 30 §1: markets, sizes and classes are read once per database and kept, read again when a
 * code is asked for that they lack, and never kept from a transaction's own read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { checkEquipmentChoice } from '../../src/server/domain/availability';
import { loadDisplayNames, nameTables } from '../../src/server/domain/display-names';
import { countingStatements, databaseKinds, openTestDatabase } from '../helpers/database';

describe.each(databaseKinds)('kept name tables on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('reads a database’s tables once, and again only for a code they lack', async () => {
    const { db, statements } = countingStatements(handle.db);

    const names = await loadDisplayNames({ db });
    expect(names.equipment('Chassis.40', 'STD')).toBe("40' Chassis Standard");
    await loadDisplayNames({ db }, { sizes: ['Chassis.40'], classes: ['STD'] });
    expect(statements()).toBe(1);

    await handle.db
      .insertInto('markets')
      .values({ market_code: 'ZZK', market_name: 'Kept Market' })
      .execute();
    expect((await loadDisplayNames({ db })).market('ZZK')).toBe('ZZK');
    expect(statements()).toBe(1);
    expect((await loadDisplayNames({ db }, { markets: ['ZZK'] })).market('ZZK')).toBe('ZZK – Kept Market');
    expect(statements()).toBe(2);
  });

  it('checks a booking’s codes inside its transaction without a statement, and reads an unknown one there', async () => {
    const { db, statements } = countingStatements(handle.db);
    await nameTables({ db });
    const before = statements();
    await db.transaction().execute(async (trx) => {
      await checkEquipmentChoice(
        { db, trx },
        { marketCode: 'LAX', category: 'Chassis.40', equipmentClass: 'STD' },
      );
      expect(statements()).toBe(before);
      await expect(
        checkEquipmentChoice(
          { db, trx },
          { marketCode: 'NOPE', category: 'Chassis.40', equipmentClass: 'STD' },
        ),
      ).rejects.toMatchObject({ statusCode: 400, code: 'UNKNOWN_MARKET' });
      expect(statements()).toBe(before + 1);
    });
  });

  it('does not keep what a transaction read of its own', async () => {
    const { db, statements } = countingStatements(handle.db);
    await db.transaction().execute(async (trx) => {
      const start = statements();
      await nameTables({ db: trx });
      await nameTables({ db: trx });
      expect(statements()).toBe(start + 2);
    });
  });
});
