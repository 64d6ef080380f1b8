/** What a decision on pending requests answers the user: a refusal as an outcome, and the toast. */
import { MessageType, type MessageTypeValue } from '../../domain/messages';
import { PENDING_OUTCOMES, type PendingOutcome } from '../../schemas/pending';

/**
 * Issue 25: every decision also answers with a toast (each row shows its own result in its last
 * column): one request's own message, or a count of each outcome for several.
 */
export function outcomeToast(results: readonly PendingOutcome[]): { Type: MessageTypeValue; Data: string } {
  const refused = results.some((r) => r.Outcome === 'refused');
  const Type = refused ? MessageType.Warning : MessageType.Success;
  const [only] = results;
  if (results.length === 1 && only) return { Type, Data: only.Message };
  const counts = PENDING_OUTCOMES.map((o) => [o, results.filter((r) => r.Outcome === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`);
  return { Type, Data: `${results.length} requests: ${counts.join(', ')}.` };
}

export const refusedOutcome = (id: number, status: number, message: string): PendingOutcome => ({
  PendingRequestId: id,
  Outcome: 'refused',
  StatusCode: status,
  Message: message,
  Code: null,
  Request: null,
});
