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

  /** Fires one GET per readable dataset; a failure is shown through the message service. */
  loadAll(permissions: PermissionSet): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const dataset of LookupStore.readableDatasets(permissions)) this.load(dataset, 0);
  }

  private load(dataset: LookupDataset, attempt: number): void {
    const generation = this.generation;
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
              if (generation === this.generation) this.load(dataset, attempt + 1);
            }, delay);
        }),
      );
  }

  rows<T>(dataset: LookupDataset): readonly T[] {
    return (this.datasets.get(dataset) ?? NO_ROWS) as readonly T[];
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
    this.datasets.clear();
    this.failed.clear();
    this.cache.clear();
  }

  private async fetch<T>(url: string): Promise<T> {
    return deepFreeze((await this.api.get<T>(url)).data) as T;
  }
}
