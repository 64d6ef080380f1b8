import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import {
  DASHBOARD_PAGE_SIZE,
  EXTENDABLE_FILTER_VALUES,
  MIN_SEARCH_TEXT_LENGTH,
} from '../../domain/constants';
import { MessageType, NO_RESULTS_TEXT } from '../../domain/messages';
import type { PermissionSet } from '../../domain/permissions';
import { Abilities, can } from '../../domain/policies';
import type { UiConfiguration } from '../../schemas/configuration';
import type {
  InventoryCheck,
  InventoryResponse,
  PendingActionResponse,
  PendingOutcome,
  PendingRequest,
  PendingSearchResponse,
} from '../../schemas/pending';
import { isApiError } from '../api/errors';
import { ListSearch } from '../components/ListSearch';
import type { ConfirmationOptions } from '../stores/DialogStore';
import type { MessageStore } from '../stores/MessageStore';
import { pageStore } from '../stores/page-stores';
import { EMPTY_FORM, type PendingForm, type PendingFormField, toCriteria } from './pending-form';
import { outcomeToast, refusedOutcome } from './pending-outcomes';

export interface CodeName {
  Code: string;
  Name: string;
}

/** What a call that uses SPEC §8's central handling yields: its answer, or the message already shown. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** How many selected requests a decision's confirmation lists by name. */
const SUMMARY_ROWS = 5;

export interface PendingQueueDeps {
  api: AxiosInstance;
  messages: MessageStore;
  /** The 5-minute cache (SPEC §4): request types, failures and the UI configuration. */
  lookups: {
    pendingRequestTypes(): Promise<unknown[]>;
    pendingRequestFailures(): Promise<unknown[]>;
    uiConfiguration(): Promise<UiConfiguration>;
  };
  session: { readonly permissions: PermissionSet; readonly token: string | null };
  /** The public UI configuration's feature flags (SPEC §7). */
  flags: { readonly PendingQueueContactInfo: boolean };
}

/**
 * The pending queue (SPEC §2 "Pending requests list", §7 Pending bookings): the search, the page of
 * requests, the selection, and accept, reject, validate and the inventory check on one request or
 * several. Search, validation, accept and inventory go through the central handling of failed calls
 * (SPEC §8: the api client broadcasts the reduced message with its request id and logs it; the call
 * yields that message); reject does not — its failure is shown beside the reject form only.
 */
export class PendingQueueStore {
  /** The search, its page of requests, paging, loading and its error (the shared list store). */
  readonly list: ListSearch<PendingForm, PendingRequest>;
  formError: string | null = null;
  busy = false;
  requestTypes: CodeName[] = [];
  failures: CodeName[] = [];
  /** The server UI configuration (minimum search text length, …), from the 5-minute cache. */
  uiConfiguration: UiConfiguration | null = null;
  selected = observable.set<number>();
  /** The last action's outcome per request, shown on its row. */
  outcomes = observable.map<number, PendingOutcome>();
  rejectReason = '';
  /** Why the last reject failed (not broadcast: SPEC §8 leaves reject out of the central handling). */
  rejectError: string | null = null;
  acceptOverAvailability = false;
  inventory = observable.map<number, InventoryResponse>();
  private readonly deps: PendingQueueDeps;
  private opened = false;

  constructor(deps: PendingQueueDeps) {
    this.deps = deps;
    this.list = new ListSearch<PendingForm, PendingRequest>({
      initial: () => ({ ...EMPTY_FORM }),
      pageSize: DASHBOARD_PAGE_SIZE,
      fetch: (form, page, pageSize) => this.fetchPage(form, page, pageSize),
    });
    // A sign-out (here or in another tab) forgets the queue on screen.
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
    makeObservable<PendingQueueStore, 'applyOutcomes'>(this, {
      formError: observable,
      busy: observable,
      requestTypes: observableRef,
      failures: observableRef,
      uiConfiguration: observableRef,
      rejectReason: observable,
      rejectError: observable,
      acceptOverAvailability: observable,
      canDecide: computed,
      showContact: computed,
      setField: action,
      toggle: action,
      toggleAll: action,
      setRejectReason: action,
      setAcceptOverAvailability: action,
      applyOutcomes: action,
      reset: action,
    });
  }

  /** SPEC §6: deciding and validating need the pending queue's Update bit (demo.readonly only searches). */
  get canDecide(): boolean {
    return can(this.deps.session, Abilities.pendingDecide);
  }

  /** The feature flag "pending queue contact info" (configuration, SPEC §7). */
  get showContact(): boolean {
    return this.deps.flags.PendingQueueContactInfo;
  }

  get form(): PendingForm {
    return this.list.criteria;
  }

  get rows(): PendingRequest[] {
    return this.list.rows;
  }

  /**
   * Issue 25: accept and reject ask first, saying what they will do to which requests — the
   * customer's contact is mailed either way and neither can be undone.
   */
  decisionSummary(decision: 'accept' | 'reject'): ConfirmationOptions {
    const targets = this.rows.filter((r) => this.selected.has(r.PendingRequestId));
    const count = `${targets.length} request${targets.length === 1 ? '' : 's'}`;
    const shown = targets.slice(0, SUMMARY_ROWS).map((r) => ({
      note: `Order ${r.BookingOrderId}:`,
      message: `${r.BookingOrderTypeName} for ${r.CustomerNameWithSCAC}, ${r.TotalUnits} unit${r.TotalUnits === 1 ? '' : 's'} (${r.RequestTypeName.toLowerCase()}).`,
    }));
    const more = targets.length - shown.length;
    const notes = more > 0 ? [...shown, { note: `And ${more} more.`, message: '' }] : shown;
    return decision === 'accept'
      ? {
          title: `Accept ${count}?`,
          message: `Their bookings open with booking numbers${this.acceptOverAvailability ? ', even where more is asked than is available' : ''}, and each contact is mailed.`,
          notes,
          okText: `Accept ${count}`,
        }
      : {
          title: `Reject ${count}?`,
          message: `Their bookings are cancelled, and each contact is mailed the reason: “${this.rejectReason.trim()}”.`,
          notes,
          okText: `Reject ${count}`,
          destructive: true,
        };
  }

  get loading(): boolean {
    return this.list.loading;
  }

  get minSearchTextLength(): number {
    return this.uiConfiguration?.MinSearchTextLength ?? MIN_SEARCH_TEXT_LENGTH;
  }

  /**
   * Every visit reads the code lists through the cache, so a visit after they expired (5 minutes,
   * SPEC §4) fetches them again; the first visit also runs the open queue's search.
   */
  async open(): Promise<void> {
    const first = !this.opened;
    this.opened = true;
    await Promise.all([this.loadCodes(), first ? this.search() : undefined]);
  }

  /** Request types, failures and the UI configuration, each through the 5-minute cache (SPEC §4). */
  async loadCodes(): Promise<void> {
    const { lookups } = this.deps;
    const [types, failures, ui] = await Promise.all([
      lookups.pendingRequestTypes().catch(() => []),
      lookups.pendingRequestFailures().catch(() => []),
      lookups.uiConfiguration().catch(() => null),
    ]);
    runInAction(() => {
      this.requestTypes = types as CodeName[];
      this.failures = failures as CodeName[];
      this.uiConfiguration = ui;
    });
  }

  setField(field: PendingFormField, value: string): void {
    this.list.set(field, value);
    this.formError = null;
  }

  /** Checks the form (SPEC §5: customer text from 2 characters) and searches from page 1. */
  async search(): Promise<boolean> {
    const criteria = toCriteria(this.form);
    const customer = criteria.CustomerName as string | undefined;
    let problem: string | null = null;
    if (customer !== undefined && customer.length < this.minSearchTextLength)
      problem = `Customer must be at least ${this.minSearchTextLength} characters of its name or SCAC.`;
    else if (
      criteria.CreatedFrom &&
      criteria.CreatedTo &&
      String(criteria.CreatedFrom) > String(criteria.CreatedTo)
    )
      problem = 'Created from must be on or before Created to.';
    if (problem) {
      runInAction(() => {
        this.formError = problem;
      });
      this.deps.messages.show({ Type: MessageType.Error, Data: problem });
      return false;
    }
    return this.list.search();
  }

  goToPage(page: number): Promise<boolean> {
    return this.list.goToPage(page);
  }

  /** Reads the page again (after a decision the request may have left this search). */
  refresh(): Promise<boolean> {
    return this.list.refresh();
  }

  /** One page through SPEC §8's central handling (the api client has shown a failure already). */
  private async fetchPage(form: PendingForm, page: number, pageSize: number) {
    const body = { ...toCriteria(form), StartRecordNumber: (page - 1) * pageSize + 1, PageSize: pageSize };
    const res = await this.deps.api.post<PendingSearchResponse>('/bookingpending/search', body);
    const shown = new Set(res.data.ResultSet.map((r) => r.PendingRequestId));
    runInAction(() => {
      for (const id of [...this.selected]) if (!shown.has(id)) this.selected.delete(id);
    });
    if (res.data.TotalCount === 0) this.deps.messages.show({ Type: MessageType.Info, Data: NO_RESULTS_TEXT });
    return { rows: res.data.ResultSet, total: res.data.TotalCount };
  }

  toggle(id: number): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  toggleAll(): void {
    const open = this.rows.filter((r) => r.Status === 'PENDING' || r.Status === 'VALIDATED');
    if (open.length > 0 && open.every((r) => this.selected.has(r.PendingRequestId))) this.selected.clear();
    else for (const r of open) this.selected.add(r.PendingRequestId);
  }

  setRejectReason(reason: string): void {
    this.rejectReason = reason;
    this.rejectError = null;
  }

  setAcceptOverAvailability(on: boolean): void {
    this.acceptOverAvailability = on;
  }

  private targets(ids?: readonly number[]): number[] {
    return [...(ids ?? this.selected)];
  }

  validate(ids?: readonly number[]): Promise<CallResult<PendingOutcome[]>> {
    return this.act('/bookingpending/execute/validation', { PendingRequestIds: this.targets(ids) });
  }

  accept(ids?: readonly number[]): Promise<CallResult<PendingOutcome[]>> {
    const body = {
      PendingRequestIds: this.targets(ids),
      ...(this.acceptOverAvailability ? { AcceptOverAvailability: true } : {}),
    };
    return this.act('/bookingpending/execute/accept', body);
  }

  /** Reject does not use the central error handling (SPEC §8): its failure stays beside the form. */
  async reject(ids?: readonly number[]): Promise<CallResult<PendingOutcome[]>> {
    const targets = this.targets(ids);
    const reason = this.rejectReason.trim();
    if (reason === '') {
      const message = 'Give a reason for the rejection: the customer’s contact is told.';
      runInAction(() => {
        this.rejectError = message;
      });
      return { ok: false, message };
    }
    runInAction(() => {
      this.busy = true;
      this.rejectError = null;
    });
    try {
      const res = await this.deps.api.post<PendingActionResponse>(
        '/bookingpending/execute/reject',
        { PendingRequestIds: targets, Reason: reason },
        { silent: true },
      );
      this.applyOutcomes(res.data.Results);
      runInAction(() => {
        this.rejectReason = '';
      });
      return { ok: true, value: res.data.Results };
    } catch (error) {
      const message = isApiError(error) ? error.message : 'The rejection could not be sent.';
      runInAction(() => {
        this.rejectError = message;
        // One request asked for: its refusal is the answer; show it on its row too.
        const [only] = targets;
        if (targets.length === 1 && only !== undefined && isApiError(error))
          this.outcomes.set(only, refusedOutcome(only, error.status, message));
      });
      return { ok: false, message };
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** SPEC §3 inventory check payload for one request: its party, market, size, class and type. */
  async checkInventory(request: PendingRequest): Promise<CallResult<InventoryResponse>> {
    const first = request.Bookings[0];
    const payload: InventoryCheck = {
      ResponsiblePartyId: request.CustomerId,
      ResponsiblePartyType: request.CustomerClass,
      MarketCode: request.MarketCode ?? '',
      EquipmentSize: first?.EquipmentSize ?? '',
      EquipmentClass: first?.EquipmentClass ?? '',
      Extendable: EXTENDABLE_FILTER_VALUES[0],
      IncludeZeroInventory: true,
      BookingOrderTypeCode: request.BookingOrderTypeCode,
    };
    const result = await this.call<InventoryResponse>('/bookingpending/inventory', payload);
    if (result.ok) runInAction(() => this.inventory.set(request.PendingRequestId, result.value));
    return result;
  }

  hideInventory(id: number): void {
    runInAction(() => this.inventory.delete(id));
  }

  reset(): void {
    this.list.reset();
    this.formError = null;
    this.selected.clear();
    this.outcomes.clear();
    this.inventory.clear();
    this.rejectReason = '';
    this.rejectError = null;
    this.acceptOverAvailability = false;
    this.opened = false;
  }

  private async act(
    url: string,
    body: { PendingRequestIds: number[] },
  ): Promise<CallResult<PendingOutcome[]>> {
    runInAction(() => {
      this.busy = true;
    });
    const result = await this.call<PendingActionResponse>(url, body);
    if (result.ok) this.applyOutcomes(result.value.Results);
    else {
      const [only] = body.PendingRequestIds;
      if (body.PendingRequestIds.length === 1 && only !== undefined)
        runInAction(() => this.outcomes.set(only, refusedOutcome(only, 0, result.message)));
    }
    runInAction(() => {
      this.busy = false;
    });
    return result.ok ? { ok: true, value: result.value.Results } : result;
  }

  /**
   * Each row takes its request's new state from the answer; decided ones stay on screen until the
   * next search. A toast sums up the decision too.
   */
  private applyOutcomes(results: readonly PendingOutcome[]): void {
    for (const r of results) {
      this.outcomes.set(r.PendingRequestId, r);
      if (r.Outcome !== 'refused' && r.Outcome !== 'validated') this.selected.delete(r.PendingRequestId);
    }
    const byId = new Map(results.filter((r) => r.Request).map((r) => [r.PendingRequestId, r.Request]));
    this.list.replaceRows((row) => byId.get(row.PendingRequestId) ?? row);
    this.deps.messages.show(outcomeToast(results));
  }

  /**
   * SPEC §8 central handling: the api client has already broadcast the reduced message (error
   * field, body text, status text, 'Unknown Error') with the request id and logged it; the call
   * yields that message.
   */
  private async call<T>(url: string, body: unknown): Promise<CallResult<T>> {
    try {
      const res = await this.deps.api.post<T>(url, body);
      return { ok: true, value: res.data };
    } catch (error) {
      return { ok: false, message: isApiError(error) ? error.message : String(error) };
    }
  }
}

/** The pending queue screen's store, made on its first use (page-stores.ts). */
export const pendingQueueStore = pageStore(
  (root) =>
    new PendingQueueStore({
      api: root.api,
      messages: root.messages,
      lookups: root.lookups,
      session: root.session,
      flags: {
        get PendingQueueContactInfo() {
          return root.sessionBehaviour.publicConfig.flags.PendingQueueContactInfo;
        },
      },
    }),
);
