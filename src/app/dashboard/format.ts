/**
 * Issue 25: the one date and time format of the portal, in the browser's time zone and in English
 * (SPEC §1 display language), with the zone wherever a time is shown: "Nov 21, 2026, 5:35 PM CST".
 */
const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
// A calendar day has no zone: formatted as written, whatever the user's zone.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Nov 21, 2026, 5:35 PM CST" in the user's zone; the raw text when it is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parse(iso);
  return date ? dateTime.format(date) : iso;
}

/** "Nov 21, 2026": a day with no time (an expiry, a day of the week's window). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parse(iso);
  return date ? dateOnly.format(date) : iso;
}

/**
 * A calendar day ("2025-03-03") in `format`, as written. Read as a moment, a bare day is UTC
 * midnight, which is the day before anywhere in the Americas: the formats of days say UTC.
 */
const asWritten = (isoDay: string, format: Intl.DateTimeFormat): string => {
  const date = parse(`${isoDay}T00:00:00Z`);
  return date ? format.format(date) : isoDay;
};

/** "Mar 3, 2025": a calendar day with its year (a contract's first day). */
export const formatDay = (isoDay: string): string => asWritten(isoDay, calendarDay);

/** "Oct 5": a calendar day short (a chart's week). */
export const formatShortDay = (isoDay: string): string => asWritten(isoDay, shortDay);
