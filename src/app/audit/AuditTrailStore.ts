import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type { CustomerRow } from '../../domain/lookups';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditSearchResponse } from '../../schemas/audit';
import { isApiError } from '../api/errors';
import { searchCustomers } from '../api/flows';
import { ListSearch } from '../components/ListSearch';
import { filenameFromDisposition, saveBlob } from '../dashboard/download';
import { pageStore } from '../stores/page-stores';

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
  /** The search by the filters, a page of entries at a time (the shared list store). */
  readonly list: ListSearch<Record<AuditFilterField, string>, AuditEntry>;
  /** Why the last download failed. */
  error: string | null = null;
  downloading = false;
  lastSaved: string | null = null;
  /** Customers whose name or SCAC holds the text typed in Find customer. */
  customerOptions: CustomerRow[] = [];

  constructor(private readonly deps: AuditTrailDeps) {
    this.list = new ListSearch({
      initial: () => ({ ...EMPTY }),
      pageSize: AUDIT_PAGE_SIZE,
      fetch: async (filters, page) => {
        const res = await this.deps.api.get<AuditSearchResponse>('/audit', {
          params: { ...params(filters), Page: page },
          silent: true,
        });
        return { rows: res.data.Entries, total: res.data.TotalCount };
      },
      failure: 'The audit trail could not be searched.',
    });
    makeObservable(this, {
      error: observable,
      downloading: observable,
      lastSaved: observable,
      customerOptions: observableRef,
      setFilter: action,
      reset: action,
    });
  }

  get filters(): Record<AuditFilterField, string> {
    return this.list.criteria;
  }

  setFilter(field: AuditFilterField, value: string): void {
    this.list.set(field, value);
    this.error = null;
  }

  reset(): void {
    this.list.reset();
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

  /** Filters by one value shown in the results (a row's user or customer) and searches again. */
  narrow(field: 'UserId' | 'CustomerId', id: number | null): Promise<boolean> {
    if (id === null) return Promise.resolve(false);
    runInAction(() => this.setFilter(field, String(id)));
    return this.list.search();
  }

  search(): Promise<boolean> {
    return this.list.search();
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
        params: params(this.filters),
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

/** The query the filters make, as typed: the server says what to fix (e.g. a customer id that is not a number). */
function params(filters: Record<AuditFilterField, string>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of AUDIT_FILTERS) {
    const text = filters[field].trim();
    if (text !== '') query[field] = text;
  }
  return query;
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

/** The audit trail screen's store, made on its first use (page-stores.ts). */
export const auditTrailStore = pageStore((root) => new AuditTrailStore({ api: root.api }));
