/** How the term lease line items and their review write money and locations. */
import type { LookupStore } from '../stores/LookupStore';

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
