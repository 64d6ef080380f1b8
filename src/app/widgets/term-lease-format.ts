/** How the term lease line items and their review write money and locations. */
import type { LookupStore } from '../stores/LookupStore';
import { lookupNames } from '../stores/lookup-names';

export const money = (n: number) => `$${n.toFixed(2)}`;

/** Location names by id, from the locations lookup. */
export function locationNames(lookups: LookupStore): Map<number, string> {
  return new Map(
    lookups
      .rows<{ LocationId: number; LocationName: string }>('locations')
      .map((l) => [l.LocationId, l.LocationName]),
  );
}

export const nameOf = (names: Map<number, string>, id: number | undefined) =>
  id === undefined ? '—' : (names.get(id) ?? `Location ${id}`);

/** "Line 67: 48' Chassis Standard in CHI – Chicago" (issue 25: names, never codes). */
export function lineTitle(
  lookups: LookupStore,
  l: {
    EquipmentLineID: number;
    EquipmentSize?: string | null;
    EquipmentClass?: string | null;
    MarketCode?: string | null;
  },
): string {
  const names = lookupNames(lookups);
  return `Line ${l.EquipmentLineID}: ${names.equipment(l.EquipmentSize, l.EquipmentClass)} in ${names.market(l.MarketCode)}`;
}
