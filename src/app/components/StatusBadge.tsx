import { Badge } from '@chakra-ui/react';
import { bookingStatusName } from '../../domain/status-codes';

export type Tone = 'success' | 'attention' | 'critical' | 'info' | 'neutral';

const PALETTE: Record<Tone, string> = {
  success: 'green',
  attention: 'orange',
  critical: 'red',
  info: 'blue',
  neutral: 'gray',
};

/** A status in words with a tone colour (issue 25: statuses are badges in every list, never codes). */
export function StatusBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Badge colorPalette={PALETTE[tone]} variant="subtle" w="fit-content" whiteSpace="normal">
      {children}
    </Badge>
  );
}

/** SPEC §3 booking status codes, by what they mean to the person reading the list. */
const BOOKING_TONES: Record<string, Tone> = {
  OP: 'success',
  FF: 'info',
  PN: 'attention',
  CN: 'neutral',
  CL: 'neutral',
  EX: 'critical',
};

export function BookingStatusBadge({ code }: { code: string | null | undefined }) {
  return (
    <StatusBadge tone={code ? (BOOKING_TONES[code] ?? 'neutral') : 'info'}>
      {bookingStatusName(code)}
    </StatusBadge>
  );
}
