import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { isApiError } from '../api/errors';

/** One page of a search's answer. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

export interface ListSearchOptions<Criteria, Row> {
  /** The criteria of a fresh (or reset) search form. */
  initial: () => Criteria;
  pageSize: number;
  /** Reads one page (1-based) of what the applied criteria find. */
  fetch: (criteria: Criteria, page: number, pageSize: number) => Promise<ListPage<Row>>;
  /** What to fix in the criteria before searching (e.g. a too short name), or null. */
  check?: (criteria: Criteria) => string | null;
  /** The message when a read fails without one of its own. */
  failure?: string;
}

/**
 * Issue 25: the one search store under every list — criteria as typed, the criteria applied,
 * the page of rows, paging, loading, the error, empty and reset. A screen's own store holds one
 * and adds what is its own (selection, decisions); the list component renders its state.
 * An answer that arrives after a newer search started is dropped, so a slow page never
 * overwrites the one asked for last.
 */
export class ListSearch<Criteria extends object, Row> {
  criteria: Criteria;
  applied: Criteria | null = null;
  rows: Row[] = [];
  total = 0;
  page = 1;
  loading = false;
  error: string | null = null;
  private asked = 0;

  constructor(private readonly options: ListSearchOptions<Criteria, Row>) {
    this.criteria = options.initial();
    makeObservable<ListSearch<Criteria, Row>, 'load'>(this, {
      criteria: observable,
      applied: observableRef,
      rows: observableRef,
      total: observable,
      page: observable,
      loading: observable,
      error: observable,
      lastPage: computed,
      empty: computed,
      set: action,
      reset: action,
      replaceRows: action,
      load: action,
    });
  }

  get pageSize(): number {
    return this.options.pageSize;
  }

  get lastPage(): number {
    return Math.max(1, Math.ceil(this.total / this.options.pageSize));
  }

  /** A search ran and found nothing: never true while loading or after a failure. */
  get empty(): boolean {
    return this.applied !== null && !this.loading && this.error === null && this.rows.length === 0;
  }

  set<K extends keyof Criteria>(field: K, value: Criteria[K]): void {
    this.criteria[field] = value;
    this.error = null;
  }

  /** Checks the criteria and reads page 1 of what they find; false when they need fixing or the read failed. */
  search(): Promise<boolean> {
    const problem = this.options.check?.(this.criteria) ?? null;
    if (problem) {
      runInAction(() => {
        this.error = problem;
      });
      return Promise.resolve(false);
    }
    runInAction(() => {
      this.applied = { ...this.criteria };
    });
    return this.load(1);
  }

  goToPage(page: number): Promise<boolean> {
    return this.load(Math.min(Math.max(1, Math.round(page)), this.lastPage));
  }

  /** Reads the current page again (after a change the rows may have moved). */
  refresh(): Promise<boolean> {
    return this.applied ? this.load(this.page) : Promise.resolve(false);
  }

  /** Back to a fresh form with nothing searched; a read under way is ignored when it answers. */
  reset(): void {
    this.asked++;
    this.criteria = this.options.initial();
    this.applied = null;
    this.rows = [];
    this.total = 0;
    this.page = 1;
    this.loading = false;
    this.error = null;
  }

  /** Puts changed rows in place (a decision's answer), keeping the rest. */
  replaceRows(change: (row: Row) => Row): void {
    this.rows = this.rows.map(change);
  }

  private async load(page: number): Promise<boolean> {
    const ask = ++this.asked;
    const criteria = this.applied;
    if (!criteria) return false;
    this.loading = true;
    this.error = null;
    try {
      const answer = await this.options.fetch(criteria, page, this.options.pageSize);
      if (ask !== this.asked) return false;
      runInAction(() => {
        this.rows = answer.rows;
        this.total = answer.total;
        this.page = page;
      });
      return true;
    } catch (e) {
      if (ask !== this.asked) return false;
      runInAction(() => {
        this.error = isApiError(e) ? e.message : (this.options.failure ?? 'The search failed. Try again.');
      });
      return false;
    } finally {
      if (ask === this.asked)
        runInAction(() => {
          this.loading = false;
        });
    }
  }
}
