/** The names people read for codes (src/domain/display-names.ts), from the server's own tables. */
import { type Kysely, sql } from 'kysely';
import { type DisplayNames, displayNames } from '../../domain/display-names';
import type { Database } from '../db/types';

type Kind = 'size' | 'class' | 'market';

export async function loadDisplayNames(db: Kysely<Database>): Promise<DisplayNames> {
  // One round trip: every booking's notice reads these.
  const rows = await db
    .selectFrom('equipment_categories')
    .select([sql<Kind>`'size'`.as('kind'), 'equipment_category_code as code', 'description as name'])
    .unionAll(db.selectFrom('equipment_classes').select([sql<Kind>`'class'`.as('kind'), 'code', 'name']))
    .unionAll(
      db
        .selectFrom('markets')
        .select([sql<Kind>`'market'`.as('kind'), 'market_code as code', 'market_name as name']),
    )
    .execute();
  const table = (kind: Kind) => new Map(rows.filter((r) => r.kind === kind).map((r) => [r.code, r.name]));
  return displayNames({ sizes: table('size'), classes: table('class'), markets: table('market') });
}
