/**
 * The custom json-logic operators a rule file may use, registered in this one place. Only these
 * and the standard operators listed in engine/core/rules.ts run; everything else is refused when
 * a rule file is loaded.
 */

import {
  type AvailableUnit,
  buildRequestedUnits,
  totalUnitsRequested,
  unitsRequestedOf,
} from '../domain/customer-booking';
import { isChassisIdFormat, normalizeChassisId } from '../domain/equipment';
import type { Operator } from '../engine/core/rules';

/** SPEC §5: one address, as mail systems accept it (no spaces, one @, a dot in the domain). */
const EMAIL_PATTERN = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/** SPEC §5: email lists are separated by semicolons; blanks between separators are ignored. */
export function isEmailList(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const entries = value
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  return entries.length > 0 && entries.every((e) => EMAIL_PATTERN.test(e));
}

/** The entries of a semicolon-separated list that are no email address, joined for a message. */
export function invalidEmails(value: unknown): string {
  if (typeof value !== 'string') return '';
  const bad = value
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e !== '' && !EMAIL_PATTERN.test(e))
    .join('; ');
  // A list of separators only has no bad entry to name: the text itself is shown.
  return bad || value.trim();
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asUnits = (value: unknown) =>
  asArray(value).filter((u): u is AvailableUnit => typeof u === 'object' && u !== null);

/** IDs (normalised) listed more than once, each named once. */
export function duplicateChassisIds(value: unknown): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const raw of asArray(value)) {
    if (typeof raw !== 'string' || !isChassisIdFormat(raw)) continue;
    const id = normalizeChassisId(raw);
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** Values of `key` that more than one object of the list holds, each named once, in list order. */
export function duplicateValues(list: unknown, key: unknown): unknown[] {
  const seen = new Set<unknown>();
  const twice = new Set<unknown>();
  for (const item of asArray(list)) {
    if (item === null || typeof item !== 'object' || typeof key !== 'string') continue;
    const value = (item as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (seen.has(value)) twice.add(value);
    seen.add(value);
  }
  return [...twice];
}

/** Each row asking for more than it showed available: "Chicago Yard: 12 requested, 10 available". */
export function excessAt(units: unknown): string {
  return asUnits(units)
    .filter((u) => typeof u.Available === 'number' && unitsRequestedOf(u) > u.Available)
    .map(
      (u) =>
        `${u.LocationName || `location ${u.LocationId}`}: ${unitsRequestedOf(u)} requested, ${u.Available} available`,
    )
    .join('; ');
}

/** Where the units are requested, for the submit summary: "Chicago Yard 2, Joliet 1". */
export function requestedAt(units: unknown): string {
  return buildRequestedUnits(asUnits(units))
    .map((u) => `${u.LocationName || `location ${u.LocationId}`} ${unitsRequestedOf(u)}`)
    .join(', ');
}

/** name → implementation; `limit` is bound to limits.json by the rule engine (rule-engine.ts registers these). */
export const customOperators: Readonly<Record<string, Operator>> = {
  chassisId: (value) => typeof value === 'string' && isChassisIdFormat(value),
  emailList: (value) => isEmailList(value),
  invalidEmails: (value) => invalidEmails(value),
  count: (value) => asArray(value).length,
  join: (value, separator) => asArray(value).join(typeof separator === 'string' ? separator : ', '),
  duplicateChassisIds: (value) => duplicateChassisIds(value),
  duplicateValues: (list, key) => duplicateValues(list, key),
  unitsRequested: (unit) =>
    typeof unit === 'object' && unit !== null ? unitsRequestedOf(unit as AvailableUnit) : 0,
  requestedUnits: (units) => totalUnitsRequested(asUnits(units)),
  requestedLocations: (units) => buildRequestedUnits(asUnits(units)).length,
  excessAt: (units) => excessAt(units),
  requestedAt: (units) => requestedAt(units),
};
