/**
 * SPEC §5 dashboard search criteria: what makes a search valid, in the words the user sees. The
 * search form checks with this before sending and the server refuses with the same messages, so a
 * search the form would stop is stopped by the API too.
 */
import { MIN_SEARCH_TEXT_LENGTH } from './constants';
import { isChassisIdFormat } from './equipment';
import { INVALID_CRITERIA_TEXT } from './messages';

export const BOOKING_CODE_MAX_LENGTH = 20;

/** The text criteria this checks, already trimmed, blanks left out. */
export interface CheckedCriteria {
  BookingCode?: string;
  CustomerName?: string;
  CreatedFrom?: string;
  CreatedTo?: string;
  UpdatedFrom?: string;
  UpdatedTo?: string;
  ChassisId?: string;
}

export interface CriteriaProblem {
  /** The criterion at fault, or null when the search as a whole is. */
  field: keyof CheckedCriteria | null;
  message: string;
}

const DAY_RANGES = [
  ['CreatedFrom', 'CreatedTo', 'Created'],
  ['UpdatedFrom', 'UpdatedTo', 'Updated'],
] as const;

/** The first problem of a search, or null. `count` is how many criteria it has in all. */
export function criteriaProblem(c: CheckedCriteria, count: number): CriteriaProblem | null {
  if (count === 0) return { field: null, message: INVALID_CRITERIA_TEXT };
  const code = c.BookingCode;
  if (code !== undefined && (code.length > BOOKING_CODE_MAX_LENGTH || !/^[A-Za-z0-9-]+$/.test(code)))
    return {
      field: 'BookingCode',
      message: `Booking number: letters, digits and hyphens only, at most ${BOOKING_CODE_MAX_LENGTH}.`,
    };
  if (c.CustomerName !== undefined && c.CustomerName.length < MIN_SEARCH_TEXT_LENGTH)
    return {
      field: 'CustomerName',
      message: `Customer: type at least ${MIN_SEARCH_TEXT_LENGTH} characters.`,
    };
  for (const [from, to, label] of DAY_RANGES) {
    const a = c[from];
    const b = c[to];
    if (a && b && a > b) return { field: from, message: `${label} from must be on or before ${label} to.` };
  }
  if (c.ChassisId !== undefined && !isChassisIdFormat(c.ChassisId))
    return { field: 'ChassisId', message: 'Chassis ID: four letters and six digits, e.g. PLCZ123456.' };
  return null;
}
