import { CODES_AS_THEY_ARE, type DisplayNames, displayNames } from '../../domain/display-names';
import type { EquipmentCategoryRow, MarketRow } from '../../domain/lookups';
import type { LookupStore } from './LookupStore';

/** The names people read for codes (src/domain/display-names.ts), from the client's lookups. */
export type LookupNames = DisplayNames;

const CATEGORY_LISTS = [
  'equipmentCategories',
  'repositionEquipmentCategories',
  'poolRedeliveryEquipmentCategories',
] as const;

/** Without lookups (a page that has none) every code shows as it is. */
export function lookupNames(lookups: LookupStore | undefined): LookupNames {
  if (!lookups) return CODES_AS_THEY_ARE;
  return displayNames({
    // Every category list the user has: axles and gensets are left out of the general one (SPEC
    // §5) but a reposition's or redelivery's rows still name them ("Hollow Axle", not "Axle.Hollow").
    sizes: new Map(
      CATEGORY_LISTS.flatMap((list) =>
        lookups
          .rows<EquipmentCategoryRow>(list)
          .map((c) => [c.EquipmentCategoryCode, c.EquipmentCategoryDescription] as const),
      ),
    ),
    classes: new Map(
      lookups
        .rows<{ Code: string; Name?: string }>('equipmentClasses')
        .map((c) => [c.Code, c.Name ?? c.Code]),
    ),
    markets: new Map(lookups.rows<MarketRow>('locationmarkets').map((m) => [m.MarketCode, m.MarketName])),
  });
}
