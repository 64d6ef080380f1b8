import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { LOOKUP_DATASET_ACCESS, LOOKUP_DATASETS, type LookupDataset } from '../../domain/lookups';
import { hasAnyPermission, type PermissionSet } from '../../domain/permissions';
import { deepFreeze } from './deep-freeze';
import { TimedCache } from './TimedCache';

/** SPEC §7 cache keys of the data that expires after the default max age (SPEC §4). */
export const CacheKeys = {
  pendingRequestTypes: 'PendingRequestTypes',
  pendingRequestFailures: 'PendingRequestFailures',
  uiConfiguration: 'uiconfiguration',
} as const;

const NO_ROWS: readonly unknown[] = Object.freeze([]);

/**
 * Issue 11 (SPEC §8): a dataset whose request failed is asked again after these pauses; the
 * answers still load once. Each failure is told through the api client's message service.
 */
export const LOOKUP_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000, 30_000];

/**
 * Issue 15: the datasets the page in front of the user needs go first, all at once; the rest
 * follow this many at a time, so they never hold up that page's own calls.
 */
export const LOOKUP_BACKGROUND_CONCURRENCY = 4;

/** Lookup data of SPEC §3, loaded once, plus the cached pending and UI configuration data. */
export class LookupStore {
  /** SPEC §4: set true as soon as the requests are fired, so lookups load only once. */
  loaded = false;
  /** Rows as the server sent them, deep-frozen (SPEC §4 Reset): shallow, so MobX keeps the frozen arrays themselves. */
  datasets = observable.map<LookupDataset, readonly unknown[]>({}, { deep: false });
  /** Datasets whose every retry failed: they stay empty until the next sign-in. */
  readonly failed = observable.set<LookupDataset>();
  readonly cache: TimedCache;
  /** Bumped by reset(): retries of a signed-out user's requests stop. */
  private generation = 0;
  /** Readable datasets not asked for yet, in the order they will be. */
  private queue: LookupDataset[] = [];
  private backgroundStarted = false;

  constructor(
    private readonly api: AxiosInstance,
    now?: () => number,
    private readonly retryDelaysMs: readonly number[] = LOOKUP_RETRY_DELAYS_MS,
  ) {
    this.cache = new TimedCache(now);
    makeObservable(this, { loaded: observable, loadAll: action });
  }

  /** The datasets a user may read: those of areas they cannot open are skipped (the server refuses them). */
  static readableDatasets(permissions: PermissionSet): LookupDataset[] {
    return LOOKUP_DATASETS.filter((d) => hasAnyPermission(permissions, LOOKUP_DATASET_ACCESS[d] ?? []));
  }

  /**
   * Asks for every readable dataset once (SPEC §4): `first` (what the opening page needs) at once,
   * the rest afterwards, LOOKUP_BACKGROUND_CONCURRENCY at a time. A failure is shown through the
   * message service and asked again (LOOKUP_RETRY_DELAYS_MS).
   */
  loadAll(permissions: PermissionSet, first: readonly LookupDataset[] = []): void {
    if (this.loaded) return;
    this.loaded = true;
    const readable = LookupStore.readableDatasets(permissions);
    const now = readable.filter((d) => first.includes(d));
    this.queue = readable.filter((d) => !first.includes(d));
    const generation = this.generation;
    void Promise.allSettled(now.map((d) => this.load(d, 0))).then(() => {
      if (generation === this.generation) this.startBackground();
    });
  }

  private startBackground(): void {
    if (this.backgroundStarted) return;
    this.backgroundStarted = true;
    for (let i = 0; i < LOOKUP_BACKGROUND_CONCURRENCY; i++) this.pump();
  }

  private pump(): void {
    const next = this.queue.shift();
    if (next === undefined) return;
    const generation = this.generation;
    void this.load(next, 0).finally(() => {
      if (generation !== this.generation) return;
      this.pump();
    });
  }

  /** Asks for a queued dataset now: a page reads it (issue 15). */
  private promote(dataset: LookupDataset): void {
    const at = this.queue.indexOf(dataset);
    if (at < 0) return;
    this.queue.splice(at, 1);
    void this.load(dataset, 0);
  }

  /** Settles after the first attempt; a failed one is asked again on its own later. */
  private load(dataset: LookupDataset, attempt: number): Promise<void> {
    const generation = this.generation;
    return (
      this.api
        .get<unknown[]>(`/lookup/${dataset}`)
        .then(
          action((res) => {
            if (generation !== this.generation) return;
            this.datasets.set(dataset, deepFreeze(Array.isArray(res.data) ? res.data : []));
            this.failed.delete(dataset);
          }),
        )
        // The api client has told the user; a later attempt may still fill the dropdown.
        .catch(
          action(() => {
            if (generation !== this.generation) return;
            const delay = this.retryDelaysMs[attempt];
            if (delay === undefined) this.failed.add(dataset);
            else
              setTimeout(() => {
                if (generation === this.generation) void this.load(dataset, attempt + 1);
              }, delay);
          }),
        )
    );
  }

  /**
   * The dataset's rows, empty until they arrive. Reading a dataset still waiting its turn asks for
   * it at once: the page on screen needs it (issue 15).
   */
  rows<T>(dataset: LookupDataset): readonly T[] {
    const rows = this.datasets.get(dataset);
    // After this render, not during it.
    if (rows === undefined && this.queue.includes(dataset)) queueMicrotask(() => this.promote(dataset));
    return (rows ?? NO_ROWS) as readonly T[];
  }

  pendingRequestTypes(): Promise<unknown[]> {
    return this.cache.get(CacheKeys.pendingRequestTypes, () => this.fetch('/bookingpending/allRequestTypes'));
  }

  pendingRequestFailures(): Promise<unknown[]> {
    return this.cache.get(CacheKeys.pendingRequestFailures, () =>
      this.fetch('/bookingpending/allRequestFailures'),
    );
  }

  uiConfiguration(): Promise<Record<string, unknown>> {
    return this.cache.get(CacheKeys.uiConfiguration, () => this.fetch('/configuration/ui'));
  }

  /** Forgets everything, so the next user's first entry loads afresh (on sign-out). */
  reset(): void {
    this.generation++;
    this.loaded = false;
    this.queue = [];
    this.backgroundStarted = false;
    this.datasets.clear();
    this.failed.clear();
    this.cache.clear();
  }

  private async fetch<T>(url: string): Promise<T> {
    return deepFreeze((await this.api.get<T>(url)).data) as T;
  }
}
