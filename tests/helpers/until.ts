/**
 * Waiting for a condition instead of for a time (issue 26): one way for every test that waits on
 * something asynchronous — a mail in the outbox, a webhook, a hub message, a log line. The bound
 * only turns a hang into a failure that says what never happened; a test never sleeps a fixed time.
 */
const POLL_MS = 25;
/**
 * The real clock and timer, taken before any test fakes them: a test that fakes setTimeout and
 * Date for the code under test (the session's timers) still waits here on the real I/O it started.
 */
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

export interface WaitOptions {
  /**
   * What is waited for, for the failure's message; a function is asked at the failure, so the
   * message can tell what did arrive meanwhile.
   */
  what?: string | (() => string);
  timeoutMs?: number;
}

/** Resolves once `check` is true; rejects naming `what` after `timeoutMs` (20 s). */
export async function until(
  check: () => boolean | Promise<boolean>,
  { what = 'the condition', timeoutMs = 20_000 }: WaitOptions = {},
): Promise<void> {
  await eventually(async () => ((await check()) ? true : undefined), { what, timeoutMs });
}

/** Resolves with the first value `check` gives that is not undefined; rejects as `until` does. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  { what = 'the condition', timeoutMs = 20_000 }: WaitOptions = {},
): Promise<T> {
  const end = realNow() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (realNow() > end) {
      const waitedFor = typeof what === 'function' ? what() : what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${waitedFor}`);
    }
    await new Promise((r) => realSetTimeout(r, POLL_MS));
  }
}
