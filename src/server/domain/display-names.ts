/** The names people read for codes (src/domain/display-names.ts), from the server's own tables. */
import type { Kysely } from 'kysely';
import { type DisplayNames, displayNames } from '../../domain/display-names';
import type { Database } from '../db/types';

export async function loadDisplayNames(db: Kysely<Database>): Promise<DisplayNames> {
  const [sizes, classes, markets] = await Promise.all([
    db
      .selectFrom('equipment_categories')
      .select(['equipment_category_code as code', 'description as name'])
      .execute(),
    db.selectFrom('equipment_classes').select(['code', 'name']).execute(),
    db.selectFrom('markets').select(['market_code as code', 'market_name as name']).execute(),
  ]);
  const table = (rows: { code: string; name: string }[]) => new Map(rows.map((r) => [r.code, r.name]));
  return displayNames({ sizes: table(sizes), classes: table(classes), markets: table(markets) });
}
