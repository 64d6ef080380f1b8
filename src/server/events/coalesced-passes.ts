/**
 * How the mail outbox and the webhook dispatcher run their passes (claim what is due, send it), and
 * the order events their NOTIFY statements: one pass at a time, started by a nudge; a nudge during
 * a pass asks for one more after it, for the rows committed meanwhile. That next pass starts no
 * sooner than `spacingMs` after the last one began, so under load one claim serves the commits of
 * that interval, where it was a claim (and a mark) a booking (issue 30 §1). A nudge after a quiet
 * spell starts its pass at once.
 */
export interface CoalescedPasses {
  /** A pass now, or one more after the pass running. */
  nudge(): void;
  /** Resolves when no pass is running or asked for. */
  settled(): Promise<void>;
  /** No pass starts after this; the one running (if any) ends as it would. */
  close(): Promise<void>;
}

export interface CoalescedPassesOptions {
  spacingMs: number;
  /** A pass that threw: what to log. The next nudge runs a new pass. */
  onError(error: unknown): void;
}

export function createCoalescedPasses(
  pass: () => Promise<void>,
  options: CoalescedPassesOptions,
): CoalescedPasses {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let lastStart = Number.NEGATIVE_INFINITY;

  const spaced = () => {
    const wait = lastStart + options.spacingMs - Date.now();
    return wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : undefined;
  };

  function nudge(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        await spaced();
        if (closed) return;
        // Nudges until now are this pass's: it claims what they committed.
        again = false;
        lastStart = Date.now();
        await pass();
      } while (again && !closed);
    })()
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  }

  const settled = async () => {
    while (running) await running;
  };
  return {
    nudge,
    settled,
    async close() {
      closed = true;
      await settled();
    },
  };
}
