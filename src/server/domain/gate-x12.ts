/**
 * Issue 31: gate events as an ANSI X12 322 interchange (Terminal Operations and Intermodal Ramp
 * Activity), parsed with node-x12. One transaction set (ST*322) is one event:
 *   Q5  status: Q501 OA out-gate or I in-gate, Q502 date CCYYMMDD, Q503 time HHMM[SS], Q504 time code
 *   N7  equipment: N701 initial (4 letters) + N702 number (6 digits) = the chassis ID
 *   R4  where: R402 qualifier ZZ (our location ID) and R403 the location ID
 *   N9  references: BN the booking number, SCA the SCAC of the company it was released to
 * docs/integrations.md "Gate events" has an example. A set that cannot be read becomes an event
 * the domain rejects with the reason, so the rest of the interchange still applies.
 */
import { X12Interchange, X12Parser, type X12Segment, type X12Transaction } from 'node-x12';
import type { GateEventInput } from '../../schemas/gate-events';
import { AppError } from '../errors';

/** Q504 time codes and their offsets from UTC in hours (standard and daylight US zones). */
const TIME_CODES: Readonly<Record<string, number>> = {
  UT: 0,
  GM: 0,
  Z: 0,
  ET: -5,
  ES: -5,
  ED: -4,
  CT: -6,
  CS: -6,
  CD: -5,
  MT: -7,
  MS: -7,
  MD: -6,
  PT: -8,
  PS: -8,
  PD: -7,
};

/** Q501 statuses: the out-gate and in-gate of an intermodal ramp or depot. */
const KINDS: Readonly<Record<string, GateEventInput['Kind']>> = { OA: 'OutGate', I: 'InGate' };

const bad = (message: string) => new AppError(400, message, 'X12_INVALID');

/** The interchange's transaction sets; a body that is not X12 is a 400 saying so. */
function transactionsOf(text: string): X12Transaction[] {
  let parsed: unknown;
  try {
    parsed = new X12Parser(true).parse(text.trim());
  } catch (err) {
    throw bad(`The body is not an X12 interchange: ${(err as Error).message}`);
  }
  const interchanges =
    parsed instanceof X12Interchange
      ? [parsed]
      : ((parsed as { interchanges?: X12Interchange[] }).interchanges ?? []);
  const sets = interchanges.flatMap((i) => i.functionalGroups.flatMap((g) => g.transactions));
  if (sets.length === 0)
    throw bad('The interchange holds no transaction sets: send one ST*322 set per gate event.');
  return sets;
}

/** The event time as ISO 8601 UTC, or the reason it cannot be read. */
function timeOf(q5: X12Segment): string | { problem: string } {
  const date = q5.valueOf(2, '');
  const time = q5.valueOf(3, '');
  const code = q5.valueOf(4, 'UT');
  const offset = TIME_CODES[code];
  if (!/^\d{8}$/.test(date) || !/^\d{4}(\d{2})?$/.test(time))
    return { problem: `Q5 date ${date || '(none)'} and time ${time || '(none)'}: send CCYYMMDD and HHMM.` };
  if (offset === undefined)
    return { problem: `Q5 time code ${code} is not one we read: send UT or a US zone (ET, CT, MT, PT).` };
  const local = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(4, 6)) - 1,
    Number(date.slice(6, 8)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6) || '0'),
  );
  return new Date(local - offset * 3_600_000).toISOString();
}

/** The interchange's events, one per set in the order sent, and why each unreadable set is. */
export interface X12GateEvents {
  events: GateEventInput[];
  unreadable: Map<number, string>;
}

/**
 * One gate event per transaction set, in the order sent. A set that cannot be read still takes its
 * place (answered Rejected with the reason, naming its control number), so results line up.
 */
export function gateEventsFromX12(text: string): X12GateEvents {
  const unreadable = new Map<number, string>();
  const events = transactionsOf(text).map((set, n): GateEventInput => {
    const control = set.header?.valueOf(2, String(n + 1)) ?? String(n + 1);
    const find = (tag: string) => set.segments.find((s) => s.tag === tag);
    const refs = set.segments.filter((s) => s.tag === 'N9');
    const ref = (qualifier: string) => refs.find((s) => s.valueOf(1) === qualifier)?.valueOf(2) ?? null;
    const q5 = find('Q5');
    const n7 = find('N7');
    const r4 = find('R4');
    const kind = q5 ? KINDS[q5.valueOf(1, '')] : undefined;
    const when = q5 ? timeOf(q5) : { problem: 'no Q5 status segment' };
    const location = r4 && r4.valueOf(2) === 'ZZ' ? Number(r4.valueOf(3)) : Number.NaN;
    const chassisId = n7 ? `${n7.valueOf(1, '')}${n7.valueOf(2, '')}` : '';
    const problem =
      set.header?.valueOf(1) !== '322'
        ? `it is a ${set.header?.valueOf(1)} set, not a 322`
        : !kind
          ? `Q501 ${q5?.valueOf(1) ?? '(none)'} is neither OA (out-gate) nor I (in-gate)`
          : !n7
            ? 'no N7 equipment segment'
            : !Number.isInteger(location) || location < 1
              ? 'no R4 segment with qualifier ZZ and our location ID'
              : typeof when === 'object'
                ? when.problem
                : null;
    if (problem) {
      unreadable.set(n, `Transaction set ${control}: ${problem}.`);
      return { ChassisId: chassisId, Kind: kind ?? 'InGate', LocationId: 0, EventTime: '' };
    }
    return {
      ChassisId: chassisId,
      Kind: kind as GateEventInput['Kind'],
      LocationId: location,
      EventTime: when as string,
      BookingCode: ref('BN'),
      Scac: ref('SCA'),
    };
  });
  return { events, unreadable };
}
