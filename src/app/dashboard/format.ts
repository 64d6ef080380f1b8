/** Dates as the user reads them: in the browser's time zone, in English (SPEC §1 display language). */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 5:35 PM" in the user's zone; the raw text when it is no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
