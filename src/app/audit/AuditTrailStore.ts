import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type { CustomerRow } from '../../domain/lookups';
import type { AuditSearchResponse } from '../../schemas/audit';
import { isApiError } from '../api/errors';
import { searchCustomers } from '../api/flows';
import { filenameFromDisposition, saveBlob } from '../dashboard/download';

export const AUDIT_FILTERS = ['UserId', 'CustomerId', 'Day'] as const;
export type AuditFilterField = (typeof AUDIT_FILTERS)[number];
const EMPTY: Record<AuditFilterField, string> = { UserId: '', CustomerId: '', Day: '' };

export interface AuditTrailDeps {
  api: AxiosInstance;
  /** Hands a downloaded file to the browser (tests record it instead). */
  save?: (blob: Blob, filename: string) => void;
}

/**
 * Issue 18, #/audit_trail: staff search the orders' audit trail by user, customer and day, page
 * by page, and download what the filters find as .xlsx. The filters are checked here only for
 * what a person can fix at once (a whole number); the server says the rest.
 */
export class AuditTrailStore {
  filters: Record<AuditFilterField, string> = { ...EMPTY };
  result: AuditSearchResponse | null = null;
  page = 1;
  error: string | null = null;
  busy = false;
  downloading = false;
  lastSaved: string | null = null;
  /** Customers whose name or SCAC holds the text typed in Find customer. */
  customerOptions: CustomerRow[] = [];

  constructor(private readonly deps: AuditTrailDeps) {
    makeObservable(this, {
      filters: observable,
      result: observableRef,
      page: observable,
      error: observable,
      busy: observable,
      downloading: observable,
      lastSaved: observable,
      customerOptions: observableRef,
      setFilter: action,
      reset: action,
    });
  }

  get pageCount(): number {
    return this.result ? Math.max(1, Math.ceil(this.result.TotalCount / this.result.PageSize)) : 1;
  }

  setFilter(field: AuditFilterField, value: string): void {
    this.filters[field] = value;
    this.error = null;
  }

  reset(): void {
    this.filters = { ...EMPTY };
    this.result = null;
    this.page = 1;
    this.error = null;
    this.lastSaved = null;
    this.customerOptions = [];
  }

  /** Staff's customer search by name or SCAC (SPEC §5: 2+ characters, contains); choosing one sets the filter. */
  async findCustomers(text: string): Promise<void> {
    const rows =
      text.trim().length < MIN_SEARCH_TEXT_LENGTH
        ? []
        : await searchCustomers(this.deps.api, 'allCustomers', text.trim()).catch(() => []);
    runInAction(() => {
      this.customerOptions = rows;
    });
  }

  /** The query the filters make, as typed: the server says what to fix (e.g. a customer id that is not a number). */
  private params(): Record<string, string> {
    const params: Record<string, string> = {};
    for (const field of ['UserId', 'CustomerId', 'Day'] as const) {
      const text = this.filters[field].trim();
      if (text !== '') params[field] = text;
    }
    return params;
  }

  /** Filters by one value shown in the results (a row's user or customer) and searches again. */
  narrow(field: 'UserId' | 'CustomerId', id: number | null): Promise<boolean> {
    if (id === null) return Promise.resolve(false);
    runInAction(() => this.setFilter(field, String(id)));
    return this.search(1);
  }

  async search(page = 1): Promise<boolean> {
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const res = await this.deps.api.get<AuditSearchResponse>('/audit', {
        params: { ...this.params(), Page: page },
        silent: true,
      });
      runInAction(() => {
        this.result = res.data;
        this.page = page;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'The audit trail could not be searched.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** Every entry the filters find (all pages) as an .xlsx, saved under the server's file name. */
  async download(): Promise<boolean> {
    if (this.downloading) return false;
    runInAction(() => {
      this.downloading = true;
      this.error = null;
      this.lastSaved = null;
    });
    try {
      const res = await this.deps.api.get<Blob>('/audit/export', {
        params: this.params(),
        responseType: 'blob',
        silent: true,
      });
      const header = res.headers['content-disposition'];
      const name = filenameFromDisposition(typeof header === 'string' ? header : null) ?? 'audit-trail.xlsx';
      (this.deps.save ?? saveBlob)(res.data, name);
      runInAction(() => {
        this.lastSaved = name;
      });
      return true;
    } catch (e) {
      const message = isApiError(e) ? await errorText(e.body, e.message) : 'The download failed.';
      runInAction(() => {
        this.error = message;
      });
      return false;
    } finally {
      runInAction(() => {
        this.downloading = false;
      });
    }
  }
}

/** A failed download's body is a Blob of the JSON error: its `error` is the message to show. */
async function errorText(body: unknown, fallback: string): Promise<string> {
  if (!(body instanceof Blob)) return fallback;
  try {
    const parsed = JSON.parse(await body.text()) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : fallback;
  } catch {
    return fallback;
  }
}
