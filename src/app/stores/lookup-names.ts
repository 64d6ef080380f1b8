import type { EquipmentCategoryRow, MarketRow } from '../../domain/lookups';
import type { LookupStore } from './LookupStore';

/**
 * Issue 14: people read names, not codes ("40' Chassis", not "Chassis.40"; "Standard", not "STD";
 * "CHI – Chicago", not "CHI"). The names are the lookups' own; a code the lookups do not hold (or
 * not yet) shows as it is.
 */
export interface LookupNames {
  size(code: string | null | undefined): string;
  equipmentClass(code: string | null | undefined): string;
  market(code: string | null | undefined): string;
}

/** Without lookups (a page that has none) every code shows as it is. */
export function lookupNames(lookups: LookupStore | undefined): LookupNames {
  if (!lookups) return { size: (c) => c ?? '', equipmentClass: (c) => c ?? '', market: (c) => c ?? '' };
  const sizes = new Map(
    lookups
      .rows<EquipmentCategoryRow>('equipmentCategories')
      .map((c) => [c.EquipmentCategoryCode, c.EquipmentCategoryDescription]),
  );
  const classes = new Map(
    lookups.rows<{ Code: string; Name?: string }>('equipmentClasses').map((c) => [c.Code, c.Name ?? c.Code]),
  );
  const markets = new Map(
    lookups.rows<MarketRow>('locationmarkets').map((m) => [m.MarketCode, m.MarketName]),
  );
  return {
    size: (code) => (code ? (sizes.get(code) ?? code) : ''),
    equipmentClass: (code) => (code ? (classes.get(code) ?? code) : ''),
    market: (code) => {
      if (!code) return '';
      const name = markets.get(code);
      return name ? `${code} – ${name}` : code;
    },
  };
}
