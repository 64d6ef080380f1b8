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

/** Lookup data of SPEC §3, loaded once, plus the cached pending and UI configuration data. */
export class LookupStore {
  /** SPEC §4: set true as soon as the requests are fired, so lookups load only once. */
  loaded = false;
  /** Rows as the server sent them, deep-frozen (SPEC §4 Reset): shallow, so MobX keeps the frozen arrays themselves. */
  datasets = observable.map<LookupDataset, readonly unknown[]>({}, { deep: false });
  readonly cache: TimedCache;

  constructor(
    private readonly api: AxiosInstance,
    now?: () => number,
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
    for (const dataset of LookupStore.readableDatasets(permissions)) {
      this.api
        .get<unknown[]>(`/lookup/${dataset}`)
        .then(
          action((res) => this.datasets.set(dataset, deepFreeze(Array.isArray(res.data) ? res.data : []))),
        )
        .catch(() => undefined); // already reported by the api client
    }
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
    this.loaded = false;
    this.datasets.clear();
    this.cache.clear();
  }

  private async fetch<T>(url: string): Promise<T> {
    return deepFreeze((await this.api.get<T>(url)).data) as T;
  }
}
