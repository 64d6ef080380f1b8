/** SPEC §7: every call sends the caller's time zone offset in hours (east of UTC positive). */
import type { FastifyRequest } from 'fastify';
import type { TimeZone } from '../domain/dashboard-search';
import { AppError } from '../errors';

export const TIME_ZONE_HEADER = 'timezoneoffset';

/** Absent means UTC; anything but a real offset (−12 … +14 hours, quarter hours) is a 400. */
export function timeZoneOf(request: FastifyRequest): TimeZone {
  const raw = request.headers[TIME_ZONE_HEADER];
  if (raw === undefined || raw === '') return { offsetMinutes: 0 };
  const hours = typeof raw === 'string' ? Number(raw) : Number.NaN;
  const minutes = hours * 60;
  if (!Number.isFinite(hours) || hours < -12 || hours > 14 || !Number.isInteger(minutes / 15))
    throw new AppError(
      400,
      `TimeZoneOffset must be your time zone's offset from UTC in hours, e.g. -5 or 5.5 (got '${String(raw)}').`,
      'TIME_ZONE',
    );
  return { offsetMinutes: minutes };
}
