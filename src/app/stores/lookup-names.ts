import { CODES_AS_THEY_ARE, type DisplayNames, displayNames } from '../../domain/display-names';
import type { EquipmentCategoryRow, MarketRow } from '../../domain/lookups';
import type { LookupStore } from './LookupStore';

/** The names people read for codes (src/domain/display-names.ts), from the client's lookups. */
export type LookupNames = DisplayNames;

/** Without lookups (a page that has none) every code shows as it is. */
export function lookupNames(lookups: LookupStore | undefined): LookupNames {
  if (!lookups) return CODES_AS_THEY_ARE;
  return displayNames({
    sizes: new Map(
      lookups
        .rows<EquipmentCategoryRow>('equipmentCategories')
        .map((c) => [c.EquipmentCategoryCode, c.EquipmentCategoryDescription]),
    ),
    classes: new Map(
      lookups
        .rows<{ Code: string; Name?: string }>('equipmentClasses')
        .map((c) => [c.Code, c.Name ?? c.Code]),
    ),
    markets: new Map(lookups.rows<MarketRow>('locationmarkets').map((m) => [m.MarketCode, m.MarketName])),
  });
}
