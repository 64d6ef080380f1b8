import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedPasses } from '../../src/server/events/coalesced-passes';

const SPACING = 100;

/** A pass that records when it started and ends when the test says so. */
function recordedPasses() {
  const starts: number[] = [];
  const ends: (() => void)[] = [];
  const errors: unknown[] = [];
  let fail = false;
  const passes = createCoalescedPasses(
    () => {
      starts.push(Date.now());
      if (fail) {
        fail = false;
        return Promise.reject(new Error('claim failed'));
      }
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    { spacingMs: SPACING, onError: (error) => errors.push(error) },
  );
  return {
    passes,
    starts,
    errors,
    failNext: () => {
      fail = true;
    },
    /** Ends the oldest pass running (there must be one). */
    endPass: async () => {
      await vi.advanceTimersByTimeAsync(0);
      const end = ends.shift();
      if (!end) throw new Error('no pass is running');
      end();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('coalesced passes (the mail outbox and webhook dispatcher, issue 30 §1)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a pass at once when nudged after a quiet spell', async () => {
    const { passes, starts, endPass } = recordedPasses();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([1_000_000]);
    await endPass();
    await vi.advanceTimersByTimeAsync(SPACING * 5);
    passes.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([1_000_000, 1_000_000 + SPACING * 5]);
  });

  it('serves the nudges of a running pass with one more pass, spaced from the last start', async () => {
    const { passes, starts, endPass } = recordedPasses();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(10);
    // Three commits during the pass: one more pass, not three.
    passes.nudge();
    passes.nudge();
    passes.nudge();
    await endPass();
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SPACING - 11);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([1_000_000, 1_000_000 + SPACING]);
    // Nudges while the next pass waited for its turn were its own: nothing runs after it.
    await endPass();
    await vi.advanceTimersByTimeAsync(SPACING * 3);
    expect(starts).toHaveLength(2);
    await passes.settled();
  });

  it('nudges while waiting for the turn are served by the waiting pass', async () => {
    const { passes, starts, endPass } = recordedPasses();
    passes.nudge();
    await endPass();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(SPACING / 2);
    passes.nudge();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(SPACING / 2);
    expect(starts).toHaveLength(2);
    await endPass();
    await vi.advanceTimersByTimeAsync(SPACING * 3);
    expect(starts).toHaveLength(2);
  });

  it('reports a failed pass and runs the next nudge', async () => {
    const { passes, starts, errors, failNext, endPass } = recordedPasses();
    failNext();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('claim failed')]);
    passes.nudge();
    await vi.advanceTimersByTimeAsync(SPACING);
    expect(starts).toHaveLength(2);
    await endPass();
  });

  it('starts no pass after close, and close waits for the one running', async () => {
    const { passes, starts, endPass } = recordedPasses();
    passes.nudge();
    await vi.advanceTimersByTimeAsync(0);
    passes.nudge();
    let closed = false;
    const closing = passes.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    await endPass();
    await vi.advanceTimersByTimeAsync(SPACING);
    await closing;
    passes.nudge();
    await vi.advanceTimersByTimeAsync(SPACING * 3);
    expect(starts).toHaveLength(1);
  });
});
