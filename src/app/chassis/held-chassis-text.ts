/**
 * How My chassis and the held-chassis pickers name where a chassis came from and since when, in
 * the words a person reads.
 */
import type { HeldChassis } from '../../schemas/chassis';
import { formatDateTime, formatDay } from '../dashboard/format';

/** "Term lease TL-2024-0031", "Booking B1234567", or a dash where the records do not say. */
export const heldFrom = (c: HeldChassis): string =>
  c.ContractNumber ? `Term lease ${c.ContractNumber}` : c.BookingCode ? `Booking ${c.BookingCode}` : '—';

/**
 * The pick-up's time when a gate event recorded it. A term-lease chassis without one is on hire
 * under its contract: its first day is said as the contract's, not passed off as the pick-up's.
 */
export const heldSince = (c: HeldChassis): string =>
  c.OnHireSince
    ? formatDateTime(c.OnHireSince)
    : c.ContractStart
      ? `Contract from ${formatDay(c.ContractStart)}`
      : '—';
