import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { DASHBOARD_PAGE_SIZE, PAGINATOR_DEFAULTS } from '../../domain/constants';
import { MessageType, NO_RESULTS_TEXT } from '../../domain/messages';
import { seesEveryCustomer } from '../../domain/policies';
import type {
  DashboardCriteria,
  DashboardRow,
  DashboardSearchResponse,
  OrderChangeMessage,
} from '../../schemas/dashboard';
import {
  clampPage,
  lastPageOf,
  type PageWindow,
  pageOfRecord,
  pageWindow,
  startRecordOf,
} from '../components/paginator';
import type { HubEvent } from '../hub/HubStore';
import type { MessageStore } from '../stores/MessageStore';
import { defaultForm, EMPTY_FORM, type SearchField, type SearchForm, toCriteria } from './criteria';
import { type ExportKind, ExportStore } from './ExportStore';

export interface DashboardDeps {
  api: AxiosInstance;
  messages: MessageStore;
  /** isInternal: staff may search by customer (SPEC §6); token: a sign-out forgets the search. */
  session: { readonly token: string | null; readonly isInternal: boolean };
  hub: { subscribe(listener: (event: HubEvent) => void): () => void };
  now?: () => Date;
}

/**
 * The bookings dashboard (SPEC §2, §7): the search form, the search on screen (criteria, page,
 * rows), the live updates from the hub and the exports. The store outlives the page, so the detail
 * view's Back to Dashboard finds the same search and page.
 */
export class DashboardStore {
  form: SearchForm = { ...EMPTY_FORM };
  /** Which field a client-side check refused, to mark it on the form. */
  formError: { field: SearchField | null; message: string } | null = null;
  /** The criteria of the search on screen: paging and exports use these, not unsaved edits. */
  applied: DashboardCriteria | null = null;
  page: number = PAGINATOR_DEFAULTS.page;
  readonly pageSize = DASHBOARD_PAGE_SIZE;
  rows: DashboardRow[] = [];
  totalCount = 0;
  /** More rows match than totalCount, the count's cap (issue 15). */
  totalCapped = false;
  loading = false;
  /** Orders created since the page loaded (from the hub); the page offers a refresh. */
  newOrders = 0;
  /** A booking flow was left (submitted, discarded): the rows may be out of date. */
  private stale = false;
  readonly exports: ExportStore;
  private opened = false;
  private request = 0;
  private shownMessage: number | null = null;
  private readonly api: AxiosInstance;
  private readonly messages: MessageStore;
  private readonly session: DashboardDeps['session'];
  private readonly now: () => Date;

  constructor(deps: DashboardDeps) {
    this.api = deps.api;
    this.messages = deps.messages;
    this.session = deps.session;
    this.now = deps.now ?? (() => new Date());
    this.exports = new ExportStore(deps.api, deps.messages);
    makeObservable<DashboardStore, 'load' | 'answer' | 'say'>(this, {
      form: observable,
      formError: observable,
      applied: observableRef,
      page: observable,
      rows: observableRef,
      totalCount: observable,
      totalCapped: observable,
      loading: observable,
      newOrders: observable,
      window: computed,
      open: action,
      setField: action,
      clearForm: action,
      search: action,
      goToPage: action,
      refresh: action,
      applyChange: action,
      reset: action,
      load: action,
      answer: action,
      say: action,
    });
    deps.hub.subscribe((event) => {
      if (event.kind === 'message') this.applyChange(event.message);
      // Changes made while the connection was down never arrived: read the page again.
      else if (this.applied) void this.load(this.page);
    });
    reaction(
      () => this.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
  }

  get window(): PageWindow {
    return pageWindow({ total: this.totalCount, page: this.page, pageSize: this.pageSize });
  }

  get staff(): boolean {
    return seesEveryCustomer(this.session);
  }

  /**
   * The first visit runs the default search; coming back keeps the search and page as they were,
   * read again when a flow was left since (issue 25: Back to Dashboard after booking shows it).
   */
  open(): void {
    if (this.opened) {
      if (this.stale && this.applied) void this.refresh();
      this.stale = false;
      return;
    }
    this.opened = true;
    this.form = defaultForm(this.now());
    void this.search();
  }

  setField(field: SearchField, value: string): void {
    this.form[field] = value;
    if (this.formError?.field === field) this.formError = null;
  }

  clearForm(): void {
    this.form = { ...EMPTY_FORM };
    this.formError = null;
  }

  /** Checks the form (SPEC §5) and runs the search from page 1; false when the form is refused. */
  search(): Promise<boolean> {
    const check = toCriteria(this.form, this.staff);
    if (!check.ok) {
      this.formError = { field: check.field, message: check.message };
      this.say(MessageType.Error, check.message);
      return Promise.resolve(false);
    }
    this.formError = null;
    this.applied = check.criteria;
    this.newOrders = 0;
    return this.load(1);
  }

  /** SPEC §2: any page asked for is clamped between 1 and the last page. */
  goToPage(page: number): Promise<boolean> {
    if (!this.applied) return Promise.resolve(false);
    return this.load(clampPage(page, this.window.lastPage));
  }

  /** A flow was left: the next visit reads the rows again. */
  markStale(): void {
    this.stale = true;
  }

  refresh(): Promise<boolean> {
    this.newOrders = 0;
    return this.goToPage(this.page);
  }

  exportFile(kind: ExportKind): Promise<boolean> {
    if (!this.applied) return Promise.resolve(false);
    return this.exports.download(kind, this.applied);
  }

  /**
   * A ReceiveMessage: rows of the page with the same BookingId are replaced where they stand (a
   * row whose new status no longer matches the search stays, showing it); a new order only raises
   * the refresh notice, so the page the user is reading does not reshuffle.
   */
  applyChange(message: OrderChangeMessage): void {
    if (!this.applied) return;
    const fresh = new Map(message.Rows.map((r) => [r.BookingId, r]));
    let replaced = false;
    const rows = this.rows.map((row) => {
      const update = fresh.get(row.BookingId);
      if (!update) return row;
      replaced = true;
      return update;
    });
    if (replaced) this.rows = rows;
    else if (message.Change === 'created') this.newOrders += 1;
  }

  /** Sign-out: the next user starts with the default search, never this user's rows. */
  reset(): void {
    this.request++;
    this.opened = false;
    this.form = { ...EMPTY_FORM };
    this.formError = null;
    this.applied = null;
    this.page = PAGINATOR_DEFAULTS.page;
    this.rows = [];
    this.totalCount = 0;
    this.totalCapped = false;
    this.loading = false;
    this.newOrders = 0;
    this.exports.forget();
  }

  private async load(page: number): Promise<boolean> {
    const id = ++this.request;
    this.loading = true;
    const body = {
      ...this.applied,
      StartRecordNumber: startRecordOf(page, this.pageSize),
      PageSize: this.pageSize,
    };
    try {
      const res = await this.api.post<DashboardSearchResponse>('/dashboard/search', body);
      if (id !== this.request) return false;
      const data = res.data;
      // Rows vanished under a later page (cancelled, filtered): show the last page that has some.
      if (data.ResultSet.length === 0 && data.TotalCount > 0 && page > 1)
        return this.load(lastPageOf(data.TotalCount, this.pageSize));
      this.answer(data);
      return true;
    } catch {
      return false; // the api client has shown the error (SPEC §8)
    } finally {
      if (id === this.request) runInAction(() => (this.loading = false));
    }
  }

  private answer(data: DashboardSearchResponse): void {
    this.rows = data.ResultSet;
    this.totalCount = data.TotalCount;
    this.totalCapped = data.TotalCountCapped === true;
    this.page = pageOfRecord(data.StartRecordNumber, this.pageSize);
    if (this.shownMessage !== null) this.messages.dismiss(this.shownMessage);
    this.shownMessage = null;
    if (data.TotalCount === 0) this.say(MessageType.Info, NO_RESULTS_TEXT);
  }

  /** One dashboard message at a time: a new search takes the last one away. */
  private say(type: (typeof MessageType)[keyof typeof MessageType], text: string): void {
    if (this.shownMessage !== null) this.messages.dismiss(this.shownMessage);
    this.shownMessage = this.messages.show({ Type: type, Data: text });
  }
}
