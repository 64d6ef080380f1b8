/** "3 minutes ago": a time that needs no zone (issue 25: never an ISO instant in a message). */
export function agoText(when: Date | string, now = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(when).getTime()) / 60_000);
  if (minutes < 1) return 'moments ago';
  const [n, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 1440
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

const utc = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * "Nov 26, 2026, 8:41 PM UTC": for a text stored for later readers, whose zone the writer cannot
 * know (a gate exception's reason); the zone is said, never an ISO instant.
 */
export const utcText = (when: Date | string): string => `${utc.format(new Date(when))} UTC`;
