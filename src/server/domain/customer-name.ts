/**
 * A customer as every list and search shows it: "Name (SCAC)". One expression, so a search by
 * name matches exactly what the rows display.
 */
import { type RawBuilder, sql } from 'kysely';

/** "Name (SCAC)" of the customers row under `alias`. */
export const customerNameWithScac = (alias: string): RawBuilder<string> =>
  sql<string>`${sql.ref(`${alias}.customer_name`)} || ' (' || ${sql.ref(`${alias}.scac`)} || ')'`;
