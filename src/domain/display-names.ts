/**
 * Issue 14: people read names, not codes ("40' Chassis", not "Chassis.40"; "Standard", not "STD";
 * "CHI – Chicago", not "CHI") — on pages, confirmations, mails, CSV and Excel. The names are the
 * lookups' own (the client's lookups, the server's tables); a code without a name shows as it is.
 */
export interface DisplayNames {
  size(code: string | null | undefined): string;
  equipmentClass(code: string | null | undefined): string;
  market(code: string | null | undefined): string;
  /** A size and class together: "40' Chassis Standard" (issue 25: never "Chassis.40 STD"). */
  equipment(size: string | null | undefined, equipmentClass?: string | null): string;
}

export interface NameTables {
  /** Equipment category code → description. */
  sizes: ReadonlyMap<string, string>;
  classes: ReadonlyMap<string, string>;
  /** Market code → market name. */
  markets: ReadonlyMap<string, string>;
}

export function displayNames({ sizes, classes, markets }: NameTables): DisplayNames {
  const size = (code: string | null | undefined) => (code ? (sizes.get(code) ?? code) : '');
  const equipmentClass = (code: string | null | undefined) => (code ? (classes.get(code) ?? code) : '');
  return {
    size,
    equipmentClass,
    equipment: (s, c) => [size(s), equipmentClass(c)].filter((t) => t !== '').join(' '),
    market: (code) => {
      if (!code) return '';
      const name = markets.get(code);
      return name ? `${code} – ${name}` : code;
    },
  };
}

/** An equipment kind with its extendable flag (internal reservations): "40' Chassis Standard, extendable". */
export const equipmentKindText = (
  names: DisplayNames,
  size: string | null | undefined,
  equipmentClass: string | null | undefined,
  extendable: boolean,
): string => `${names.equipment(size, equipmentClass)}${extendable ? ', extendable' : ''}`;

/** Where no names are at hand, every code shows as it is. */
export const CODES_AS_THEY_ARE: DisplayNames = displayNames({
  sizes: new Map(),
  classes: new Map(),
  markets: new Map(),
});
