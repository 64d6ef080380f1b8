import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { HeldChassisList, HeldPurpose } from '../../schemas/chassis';
import { isApiError } from '../api/errors';
import { filenameFromDisposition, saveBlob } from '../dashboard/download';
import { pageStore } from '../stores/page-stores';

export const MY_CHASSIS_PAGE_SIZE = 50;

export interface MyChassisDeps {
  api: AxiosInstance;
  save?: (blob: Blob, filename: string) => void;
}

/**
 * Issue 31, #/my_chassis and the redelivery pickers: the company's chassis on hire, searched page
 * by page (a picker asks only for what its flow accepts), and the whole list as CSV.
 */
export class MyChassisStore {
  search = '';
  result: HeldChassisList | null = null;
  page = 1;
  busy = false;
  error: string | null = null;
  lastSaved: string | null = null;
  /** Staff booking for a customer: whose chassis (the API's CustomerId); null lists the caller's own. */
  customerId: number | null = null;

  constructor(
    private readonly deps: MyChassisDeps,
    private readonly purpose?: HeldPurpose,
  ) {
    makeObservable(this, {
      search: observable,
      result: observableRef,
      page: observable,
      busy: observable,
      error: observable,
      lastSaved: observable,
      customerId: observable,
      setSearch: action,
      forCustomer: action,
      reset: action,
    });
  }

  get pageCount(): number {
    return this.result ? Math.max(1, Math.ceil(this.result.TotalCount / MY_CHASSIS_PAGE_SIZE)) : 1;
  }

  setSearch(text: string): void {
    this.search = text;
  }

  /** Another customer's chassis: the list read for the previous one no longer applies. */
  forCustomer(customerId: number | null): void {
    if (customerId === this.customerId) return;
    this.customerId = customerId;
    this.result = null;
    this.page = 1;
    this.error = null;
  }

  reset(): void {
    this.search = '';
    this.result = null;
    this.page = 1;
    this.error = null;
    this.lastSaved = null;
    this.customerId = null;
  }

  private params(): Record<string, string> {
    const text = this.search.trim();
    return {
      ...(text ? { Search: text } : {}),
      ...(this.purpose ? { Purpose: this.purpose } : {}),
      ...(this.customerId !== null ? { CustomerId: String(this.customerId) } : {}),
    };
  }

  async load(page = 1): Promise<boolean> {
    const asked = this.customerId;
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const res = await this.deps.api.get<HeldChassisList>('/chassis/held', {
        params: { ...this.params(), Page: page, PageSize: MY_CHASSIS_PAGE_SIZE },
        silent: true,
      });
      // An answer for the customer chosen before is not this one's list.
      if (asked !== this.customerId) return false;
      runInAction(() => {
        this.result = res.data;
        this.page = page;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'Your chassis could not be listed.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  async download(): Promise<boolean> {
    try {
      const res = await this.deps.api.get<Blob>('/chassis/held/export', {
        params: this.params(),
        responseType: 'blob',
        silent: true,
      });
      const header = res.headers['content-disposition'];
      const name = filenameFromDisposition(typeof header === 'string' ? header : null) ?? 'my-chassis.csv';
      (this.deps.save ?? saveBlob)(res.data, name);
      runInAction(() => {
        this.lastSaved = name;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'The download failed.';
      });
      return false;
    }
  }
}

/** The My chassis screen's store, made on its first use (page-stores.ts). */
export const myChassisStore = pageStore((root) => new MyChassisStore({ api: root.api }));
