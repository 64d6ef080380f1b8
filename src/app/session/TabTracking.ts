import { IDLE_BEFORE_WARNING_S, TAB_TRACKING_MS } from '../../domain/constants';
import { type KeyValueStorage, StorageKeys } from '../storage';

interface TabEntry {
  /** The tab's last heartbeat (ms). */
  seenAt: number;
  /** The last activity in that tab (ms). */
  activeAt: number;
}
type TabRecord = Record<string, TabEntry>;

/**
 * SPEC §4 tab tracking: every signed-in tab writes its heartbeat and last activity to
 * `brr.tabs` every TAB_TRACKING_MS. The idle watch of each tab counts activity in all of them, so
 * working in one tab keeps the others from warning and signing everyone out. Sign-out removes
 * the record. An entry older than the idle time can no longer matter and is dropped.
 */
export class TabTracking {
  readonly tabId: string;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly storage: KeyValueStorage,
    /** This tab's last activity (the idle watch's). */
    private readonly ownActivity: () => number,
    tabId: string = randomTabId(),
  ) {
    this.tabId = tabId;
  }

  start(): void {
    this.stop();
    this.write(this.ownActivity());
    this.timer = setInterval(() => this.write(this.ownActivity()), TAB_TRACKING_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes this tab's entry now, e.g. when the user answered Yes. */
  write(activeAt: number, now = Date.now()): void {
    const record = this.read();
    for (const [id, entry] of Object.entries(record)) {
      if (now - entry.seenAt > IDLE_BEFORE_WARNING_S * 1000) delete record[id];
    }
    const previous = record[this.tabId]?.activeAt ?? 0;
    record[this.tabId] = { seenAt: now, activeAt: Math.max(activeAt, previous) };
    this.storage.setItem(StorageKeys.tabs, JSON.stringify(record));
  }

  /** The newest activity any other tab reported, 0 when none. */
  otherTabsActivity(): number {
    let newest = 0;
    for (const [id, entry] of Object.entries(this.read())) {
      if (id !== this.tabId && entry.activeAt > newest) newest = entry.activeAt;
    }
    return newest;
  }

  /** This tab closes: its entry goes. */
  leave(): void {
    const record = this.read();
    if (!(this.tabId in record)) return;
    delete record[this.tabId];
    this.storage.setItem(StorageKeys.tabs, JSON.stringify(record));
  }

  /** Sign-out (SPEC §4): the tab tracking is cleared. */
  clear(): void {
    this.stop();
    this.storage.removeItem(StorageKeys.tabs);
  }

  private read(): TabRecord {
    try {
      const parsed = JSON.parse(this.storage.getItem(StorageKeys.tabs) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as TabRecord) : {};
    } catch {
      return {};
    }
  }
}

function randomTabId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
