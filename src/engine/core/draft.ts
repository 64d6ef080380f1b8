/**
 * A flow's unsent work kept in browser storage, so a reload or a closed tab does not lose it. The
 * user is offered it back (Restore / Discard); nothing is restored without asking.
 */
import { action, makeObservable, observable } from 'mobx';
import type { FlowData } from './flow-data';

export interface FlowDraft {
  stepId: string;
  data: FlowData;
  /** ms since the epoch, from the store's clock */
  savedAt: number;
}

/** The part of Web Storage a draft needs; tests pass a Map-backed stand-in. */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The name a flow's draft is kept under in the storage the product hands in; the product names
 * its own entries (the portal's DraftVault puts SPEC §9's 'brr' prefix before it).
 */
export const draftKey = (flowId: string): string => `flow.${flowId}.draft`;

export function readDraft(storage: DraftStorage, flowId: string): FlowDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(draftKey(flowId)) ?? 'null');
    if (parsed === null || typeof parsed !== 'object') return null;
    const { stepId, data, savedAt } = parsed as Partial<FlowDraft>;
    if (typeof stepId !== 'string' || typeof savedAt !== 'number') return null;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    return { stepId, data, savedAt };
  } catch {
    return null; // unreadable: treat as no draft rather than break the page
  }
}

export function writeDraft(storage: DraftStorage, flowId: string, draft: FlowDraft): void {
  try {
    storage.setItem(draftKey(flowId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the form still works, only the draft is lost.
  }
}

export function removeDraft(storage: DraftStorage, flowId: string): void {
  try {
    storage.removeItem(draftKey(flowId));
  } catch {
    // blocked storage: nothing was saved either
  }
}

/** Keeps one flow's draft in storage and whether it is on offer to the user (Restore / Discard). */
export class DraftKeeper {
  /** A saved draft waits for the user's answer. */
  offered: boolean;

  constructor(
    private readonly storage: DraftStorage,
    private readonly flowId: string,
    private readonly now: () => number,
  ) {
    this.offered = readDraft(storage, flowId) !== null;
    makeObservable(this, {
      offered: observable,
      take: action,
      drop: action,
      withdraw: action,
      refresh: action,
    });
  }

  save(stepId: string, data: FlowData): void {
    writeDraft(this.storage, this.flowId, { stepId, data, savedAt: this.now() });
  }

  /** The saved draft, no longer on offer. */
  take(): FlowDraft | null {
    this.offered = false;
    return readDraft(this.storage, this.flowId);
  }

  drop(): void {
    removeDraft(this.storage, this.flowId);
    this.offered = false;
  }

  /** New work replaces the draft: the offer ends (the next save overwrites it). */
  withdraw(): void {
    this.offered = false;
  }

  refresh(): void {
    this.offered = readDraft(this.storage, this.flowId) !== null;
  }
}
