import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { GATE_REVIEW_STATUSES, GateException, GateExceptionList } from '../../schemas/gate-exceptions';
import { isApiError } from '../api/errors';
import type { MessageStore } from '../stores/MessageStore';
import { pageStore } from '../stores/page-stores';

export type ReviewFilter = (typeof GATE_REVIEW_STATUSES)[number];
export const GATE_EXCEPTIONS_PAGE_SIZE = 20;

/** What the user is doing to one row: choosing its booking, or giving the reason to dismiss it. */
export interface RowAction {
  id: number;
  kind: 'resolve' | 'dismiss';
  text: string;
  error: string | null;
}

/**
 * Issue 31, #/gate_exceptions (staff): the gate events that matched nothing or were flagged,
 * searched page by page; a row is resolved with the booking it was against or dismissed with a
 * reason, and the row then shows what was decided.
 */
export class GateExceptionsStore {
  search = '';
  status: ReviewFilter = 'Open';
  result: GateExceptionList | null = null;
  page = 1;
  busy = false;
  error: string | null = null;
  acting: RowAction | null = null;
  /** The last decision, said once beside the list. */
  done: string | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly messages: Pick<MessageStore, 'done'>,
  ) {
    makeObservable(this, {
      search: observable,
      status: observable,
      result: observableRef,
      page: observable,
      busy: observable,
      error: observable,
      acting: observable,
      done: observable,
      setSearch: action,
      setStatus: action,
      start: action,
      setActionText: action,
      cancel: action,
      reset: action,
    });
  }

  get pageCount(): number {
    return this.result ? Math.max(1, Math.ceil(this.result.TotalCount / GATE_EXCEPTIONS_PAGE_SIZE)) : 1;
  }

  setSearch(text: string): void {
    this.search = text;
  }

  setStatus(status: ReviewFilter): void {
    this.status = status;
  }

  start(id: number, kind: RowAction['kind']): void {
    this.acting = { id, kind, text: '', error: null };
    this.done = null;
  }

  setActionText(text: string): void {
    if (this.acting) this.acting = { ...this.acting, text, error: null };
  }

  cancel(): void {
    this.acting = null;
  }

  reset(): void {
    this.search = '';
    this.status = 'Open';
    this.result = null;
    this.page = 1;
    this.error = null;
    this.acting = null;
    this.done = null;
  }

  async load(page = 1): Promise<boolean> {
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const text = this.search.trim();
      const res = await this.api.get<GateExceptionList>('/gateevents/exceptions', {
        params: {
          ...(text ? { Search: text } : {}),
          Status: this.status,
          Page: page,
          PageSize: GATE_EXCEPTIONS_PAGE_SIZE,
        },
        silent: true,
      });
      runInAction(() => {
        this.result = res.data;
        this.page = page;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'The exceptions could not be listed.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** Sends the row's decision; the row is replaced by the answer, a refusal stays on the row. */
  async submit(): Promise<boolean> {
    const acting = this.acting;
    if (!acting) return false;
    const text = acting.text.trim();
    if (!text) {
      runInAction(() => {
        if (this.acting)
          this.acting.error =
            acting.kind === 'resolve'
              ? 'Enter the booking number the chassis was picked up against.'
              : 'Say why nothing is to be done.';
      });
      return false;
    }
    const body = acting.kind === 'resolve' ? { BookingCode: text } : { Reason: text };
    try {
      const res = await this.api.post<GateException>(
        `/gateevents/exceptions/${acting.id}/${acting.kind}`,
        body,
        { silent: true },
      );
      runInAction(() => {
        if (this.result)
          this.result = {
            ...this.result,
            ResultSet: this.result.ResultSet.map((r) => (r.GateEventId === acting.id ? res.data : r)),
          };
        this.acting = null;
        this.done = `${res.data.ChassisId}: ${res.data.Status === 'Resolved' ? (res.data.ReviewNote ?? 'resolved') : 'dismissed'}`;
      });
      if (this.done) this.messages.done(this.done);
      return true;
    } catch (e) {
      runInAction(() => {
        if (this.acting) this.acting.error = isApiError(e) ? e.message : 'That did not work; try again.';
      });
      return false;
    }
  }
}

/** The gate exceptions screen's store, made on its first use (page-stores.ts). */
export const gateExceptionsStore = pageStore((root) => new GateExceptionsStore(root.api, root.messages));
