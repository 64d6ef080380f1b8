import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { type AvailabilityQuery, type AvailableLocation, fetchAvailableUnits } from '../api/flows';

/** Availability per (url, market, size, class), fetched for the availableUnits widget. */
export class AvailabilityStore {
  readonly rows = observable.map<string, AvailableLocation[]>();
  /** When the server read each query's numbers (ISO instant): the widget's freshness stamp. */
  readonly asOf = observable.map<string, string>();
  readonly loading = observable.set<string>();
  readonly failed = observable.set<string>();

  constructor(private readonly api: AxiosInstance) {
    makeObservable(this, { load: action });
  }

  static keyOf(url: string, query: AvailabilityQuery): string {
    return JSON.stringify([
      url,
      query.CustomerId ?? null,
      query.MarketCode,
      query.EquipmentSize,
      query.EquipmentClass,
    ]);
  }

  rowsFor(url: string, query: AvailabilityQuery): AvailableLocation[] | undefined {
    return this.rows.get(AvailabilityStore.keyOf(url, query));
  }

  asOfFor(url: string, query: AvailabilityQuery): string | undefined {
    return this.asOf.get(AvailabilityStore.keyOf(url, query));
  }

  isLoading(url: string, query: AvailabilityQuery): boolean {
    return this.loading.has(AvailabilityStore.keyOf(url, query));
  }

  hasFailed(url: string, query: AvailabilityQuery): boolean {
    return this.failed.has(AvailabilityStore.keyOf(url, query));
  }

  /** Fetches once per query; `refresh` asks again (availability changes as others book). */
  load(url: string, query: AvailabilityQuery, refresh = false): void {
    const key = AvailabilityStore.keyOf(url, query);
    if (this.loading.has(key) || (this.rows.has(key) && !refresh)) return;
    this.loading.add(key);
    this.failed.delete(key);
    fetchAvailableUnits(this.api, url, query)
      .then(
        action(({ rows, asOf }: { rows: AvailableLocation[]; asOf: string }) => {
          this.rows.set(key, rows);
          this.asOf.set(key, asOf);
        }),
      )
      .catch(action(() => this.failed.add(key))) // the api client has shown the message
      .finally(action(() => this.loading.delete(key)));
  }

  clear(): void {
    this.rows.clear();
    this.asOf.clear();
    this.failed.clear();
  }
}
