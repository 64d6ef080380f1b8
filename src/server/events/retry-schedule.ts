/**
 * The retry schedule both durable outboxes share (mail, issue 11; webhooks, issue 18): after a
 * failed try the pause doubles from `firstPauseMs` up to `maxPauseMs`, and once the next try would
 * fall more than `giveUpAfterMs` after the row was written, the row is given up instead.
 */
export interface RetrySchedule {
  firstPauseMs: number;
  maxPauseMs: number;
  giveUpAfterMs: number;
}

export const DAY_MS = 24 * 60 * 60_000;

/**
 * When to try again after `attempts` tries (the one that just failed included); null: give up.
 */
export function nextAttemptAt(
  schedule: RetrySchedule,
  attempts: number,
  createdAt: Date | string,
  now = Date.now(),
): Date | null {
  const pause = Math.min(schedule.maxPauseMs, schedule.firstPauseMs * 2 ** Math.max(0, attempts - 1));
  const next = now + pause;
  return next - new Date(createdAt).getTime() > schedule.giveUpAfterMs ? null : new Date(next);
}
