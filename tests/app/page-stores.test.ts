/**
 * Issue 30 §3: a screen's store is made on its first use, once per root, and the root's reset
 * action (SPEC §4 Reset, run by every sign-out) resets the ones it made.
 */
import { describe, expect, it } from 'vitest';
import { chassisLookupStore } from '../../src/app/chassis/ChassisLookupStore';
import { pendingQueueStore } from '../../src/app/pending/PendingQueueStore';
import { buildRootStore } from './support/fixtures';

describe('page stores', () => {
  it('makes a store on its first use and gives the same one to every later use of that root', () => {
    const root = buildRootStore();
    const queue = pendingQueueStore(root);
    expect(pendingQueueStore(root)).toBe(queue);
    expect(chassisLookupStore(root)).not.toBe(queue);
    expect(pendingQueueStore(buildRootStore())).not.toBe(queue);
  });

  it("resets what the root made when the root's reset action runs", () => {
    const root = buildRootStore();
    const lookup = chassisLookupStore(root);
    lookup.setInput('TRLU1234567');
    expect(lookup.input).toBe('TRLU1234567');
    root.reset();
    expect(chassisLookupStore(root)).toBe(lookup);
    expect(lookup.input).toBe('');
  });
});
