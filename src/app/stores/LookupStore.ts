import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { LOOKUP_DATASET_ACCESS, LOOKUP_DATASETS, type LookupDataset } from '../../domain/lookups';
import { hasAnyPermission, type PermissionSet } from '../../domain/permissions';
import type { UiConfiguration } from '../../schemas/configuration';
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
 * Issue 30 §3: when a group's request (GET /api/lookups) fails, its datasets are asked one by one,
 * this many at a time, each with its retries: never more requests at once than a page's own calls
 * can wait behind on a browser's few connections.
 */
export const LOOKUP_ONE_BY_ONE_CONCURRENCY = 4;

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
   * Asks for every readable dataset once (SPEC §4): `first` (what the opening page needs) in one
   * request, the rest in one more once those have answered. A group that fails is asked again
   * dataset by dataset, LOOKUP_ONE_BY_ONE_CONCURRENCY at a time; a failure there is shown through
   * the message service and asked again (LOOKUP_RETRY_DELAYS_MS).
   */
  loadAll(permissions: PermissionSet, first: readonly LookupDataset[] = []): void {
    if (this.loaded) return;
    this.loaded = true;
    const readable = LookupStore.readableDatasets(permissions);
    const now = readable.filter((d) => first.includes(d));
    this.queue = readable.filter((d) => !first.includes(d));
    const generation = this.generation;
    void this.loadGroup(now).then(() => {
      if (generation === this.generation) this.startBackground();
    });
  }

  private startBackground(): void {
    if (this.backgroundStarted) return;
    this.backgroundStarted = true;
    const rest = this.queue;
    this.queue = [];
    void this.loadGroup(rest);
  }

  /**
   * Several datasets in one request; settles once they have landed or, when the request failed,
   * once each has been asked on its own (its first attempt).
   */
  private loadGroup(datasets: readonly LookupDataset[]): Promise<void> {
    if (datasets.length === 0) return Promise.resolve();
    const generation = this.generation;
    return this.api
      .get<Record<string, unknown>>('/lookups', {
        params: { dataset: datasets },
        paramsSerializer: { indexes: null },
        // Each dataset asked on its own then tells the user what fails.
        silent: true,
      })
      .then(
        action((res) => {
          if (generation !== this.generation) return;
          for (const dataset of datasets) {
            const rows = res.data?.[dataset];
            this.datasets.set(dataset, deepFreeze(Array.isArray(rows) ? rows : []));
            this.failed.delete(dataset);
          }
        }),
        () => (generation === this.generation ? this.loadEach(datasets) : undefined),
      );
  }

  /** Each dataset on its own, LOOKUP_ONE_BY_ONE_CONCURRENCY at a time, until a sign-out. */
  private async loadEach(datasets: readonly LookupDataset[]): Promise<void> {
    const generation = this.generation;
    const waiting = [...datasets];
    const worker = async () => {
      for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
        if (generation !== this.generation) return;
        await this.load(next, 0);
      }
    };
    await Promise.all(Array.from({ length: LOOKUP_ONE_BY_ONE_CONCURRENCY }, worker));
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

  uiConfiguration(): Promise<UiConfiguration> {
    return this.cache.get(CacheKeys.uiConfiguration, () => this.fetch<UiConfiguration>('/configuration/ui'));
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
