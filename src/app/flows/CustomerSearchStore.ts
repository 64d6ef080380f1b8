import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { CustomerRow, LookupDataset } from '../../domain/lookups';
import { searchCustomers } from '../api/flows';

/** Waits this long after the last keystroke before searching. */
export const CUSTOMER_SEARCH_PAUSE_MS = 300;

/** Staff's customer search for the customerPicker (SPEC §5: at least minSearchTextLength characters). */
export class CustomerSearchStore {
  results: CustomerRow[] = [];
  searching = false;
  /** The text the shown results answer (null before an answer): an empty answer can say what was searched. */
  answered: string | null = null;
  /** The picker whose text the results answer, when several pickers share the store (one per destination). */
  owner: string | null = null;
  /** Customers seen in results, so review and the picker can name the chosen one. */
  readonly known = observable.map<number, CustomerRow>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private latest = 0;

  constructor(
    private readonly api: AxiosInstance,
    private readonly pauseMs = CUSTOMER_SEARCH_PAUSE_MS,
  ) {
    makeObservable(this, {
      results: observableRef,
      searching: observable,
      answered: observable,
      owner: observable,
      search: action,
      clear: action,
    });
  }

  nameOf(customerId: number): string | undefined {
    return this.known.get(customerId)?.CustomerNameWithSCAC;
  }

  search(
    dataset: LookupDataset,
    text: string,
    minLength: number,
    owner: string | null = null,
    poolBookingAllowed?: number,
  ): void {
    if (this.timer) clearTimeout(this.timer);
    this.owner = owner;
    const ticket = ++this.latest;
    this.answered = null;
    if (text.trim().length < minLength) {
      this.results = [];
      this.searching = false;
      return;
    }
    this.searching = true;
    this.timer = setTimeout(() => {
      searchCustomers(this.api, dataset, text.trim(), poolBookingAllowed)
        .then(
          action((rows: CustomerRow[]) => {
            if (ticket !== this.latest) return; // an older answer arriving late
            this.results = rows;
            this.answered = text.trim();
            for (const row of rows) this.known.set(row.CustomerId, row);
          }),
        )
        .catch(() => undefined)
        .finally(
          action(() => {
            if (ticket === this.latest) this.searching = false;
          }),
        );
    }, this.pauseMs);
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.latest++;
    this.results = [];
    this.searching = false;
    this.answered = null;
    this.owner = null;
    this.known.clear();
  }
}
