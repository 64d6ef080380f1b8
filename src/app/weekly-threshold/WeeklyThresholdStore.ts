import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { DASHBOARD_PAGE_SIZE, MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type { CustomerRow } from '../../domain/lookups';
import type { PermissionSet } from '../../domain/permissions';
import { Abilities, can } from '../../domain/policies';
import type {
  MeterQuery,
  MeterResponse,
  Threshold,
  ThresholdSearchResponse,
} from '../../schemas/weekly-threshold';
import { isApiError } from '../api/errors';
import { searchCustomers } from '../api/flows';
import type { MessageStore } from '../stores/MessageStore';
import { pageStore } from '../stores/page-stores';

export type CallResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The add or change form, as typed; blank market or size means all. */
export interface ThresholdDraft {
  /** Set when changing an existing cap. */
  ThresholdId: number | null;
  CustomerId: number | null;
  CustomerNameWithSCAC: string;
  MarketCode: string;
  EquipmentSize: string;
  WeeklyLimit: string;
}

const EMPTY_DRAFT: ThresholdDraft = {
  ThresholdId: null,
  CustomerId: null,
  CustomerNameWithSCAC: '',
  MarketCode: '',
  EquipmentSize: '',
  WeeklyLimit: '',
};

export interface WeeklyThresholdDeps {
  api: AxiosInstance;
  session: { readonly permissions: PermissionSet; readonly token: string | null };
  messages: Pick<MessageStore, 'done'>;
}

/**
 * The weekly threshold screen (SPEC §1, §2 /weekly_threshold/request): staff list a customer's
 * caps and add, change or remove them; demo.readonly only reads. Failed calls go through the
 * central handling (SPEC §8): the api client shows the server's message; the call yields it.
 */
export class WeeklyThresholdStore {
  customerText = '';
  rows: Threshold[] = [];
  totalCount = 0;
  loading = false;
  draft: ThresholdDraft | null = null;
  draftError: string | null = null;
  customerOptions: CustomerRow[] = [];
  readonly pageSize = DASHBOARD_PAGE_SIZE;
  /** The threshold meter's answers per customer, market and size ('failed' when it could not be read). */
  readonly meters = observable.map<string, MeterResponse | 'failed'>();
  /** What the last change did to a row, shown beside it (issue 25: the thing changed says so). */
  readonly rowNotices = observable.map<number, string>();
  /** A search has answered (so an empty list means none, not "not read yet"). */
  searched = false;
  private opened = false;

  constructor(private readonly deps: WeeklyThresholdDeps) {
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
    makeObservable(this, {
      customerText: observable,
      rows: observableRef,
      totalCount: observable,
      loading: observable,
      searched: observable,
      draft: observable,
      draftError: observable,
      customerOptions: observableRef,
      canCreate: computed,
      canUpdate: computed,
      canDelete: computed,
      setCustomerText: action,
      startAdd: action,
      startEdit: action,
      cancelDraft: action,
      setDraft: action,
      chooseCustomer: action,
      reset: action,
    });
  }

  get canCreate(): boolean {
    return can(this.deps.session, Abilities.thresholdCreate);
  }
  get canUpdate(): boolean {
    return can(this.deps.session, Abilities.thresholdUpdate);
  }
  get canDelete(): boolean {
    return can(this.deps.session, Abilities.thresholdDelete);
  }

  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    await this.search();
  }

  setCustomerText(text: string): void {
    this.customerText = text;
  }

  /** Lists the caps, of customers whose name or SCAC contains the text (2+ characters) or all. */
  async search(): Promise<CallResult<ThresholdSearchResponse>> {
    const text = this.customerText.trim();
    runInAction(() => {
      this.loading = true;
    });
    const result = await this.call<ThresholdSearchResponse>('post', '/weeklythreshold/search', {
      ...(text ? { CustomerName: text } : {}),
      PageSize: 100,
    });
    runInAction(() => {
      this.loading = false;
      if (result.ok) {
        this.searched = true;
        this.rowNotices.clear();
        this.rows = result.value.ResultSet;
        this.totalCount = result.value.TotalCount;
      }
    });
    return result;
  }

  startAdd(): void {
    this.draft = { ...EMPTY_DRAFT };
    this.draftError = null;
    this.customerOptions = [];
  }

  startEdit(row: Threshold): void {
    this.draft = {
      ThresholdId: row.ThresholdId,
      CustomerId: row.CustomerId,
      CustomerNameWithSCAC: row.CustomerNameWithSCAC,
      MarketCode: row.MarketCode ?? '',
      EquipmentSize: row.EquipmentSize ?? '',
      WeeklyLimit: String(row.WeeklyLimit),
    };
    this.draftError = null;
  }

  cancelDraft(): void {
    this.draft = null;
    this.draftError = null;
  }

  setDraft(field: 'MarketCode' | 'EquipmentSize' | 'WeeklyLimit', value: string): void {
    if (this.draft) this.draft[field] = value;
    this.draftError = null;
  }

  /** Staff's customer search for a new cap (SPEC §5: 2+ characters, contains on name with SCAC). */
  async findCustomers(text: string): Promise<void> {
    if (this.draft)
      runInAction(() =>
        Object.assign(this.draft as ThresholdDraft, { CustomerId: null, CustomerNameWithSCAC: text }),
      );
    if (text.trim().length < MIN_SEARCH_TEXT_LENGTH) {
      runInAction(() => {
        this.customerOptions = [];
      });
      return;
    }
    const rows = await searchCustomers(this.deps.api, 'allCustomers', text.trim()).catch(() => []);
    runInAction(() => {
      this.customerOptions = rows;
    });
  }

  chooseCustomer(customerId: number): void {
    const c = this.customerOptions.find((o) => o.CustomerId === customerId);
    if (!this.draft || !c) return;
    this.draft.CustomerId = c.CustomerId;
    this.draft.CustomerNameWithSCAC = c.CustomerNameWithSCAC;
  }

  /** Adds or changes the cap in the draft; checks what the server would refuse first. */
  async save(): Promise<CallResult<Threshold>> {
    const d = this.draft;
    if (!d) return { ok: false, message: 'Nothing to save.' };
    const limit = Number(d.WeeklyLimit);
    const problem =
      d.CustomerId === null
        ? 'Choose the customer from the list.'
        : d.WeeklyLimit.trim() === '' || !Number.isInteger(limit) || limit < 0
          ? 'Units a week must be a whole number, 0 or more.'
          : null;
    if (problem) {
      runInAction(() => {
        this.draftError = problem;
      });
      return { ok: false, message: problem };
    }
    const scope = {
      MarketCode: d.MarketCode || null,
      EquipmentSize: d.EquipmentSize || null,
      WeeklyLimit: limit,
    };
    const result =
      d.ThresholdId === null
        ? await this.call<Threshold>('post', '/weeklythreshold', { CustomerId: d.CustomerId, ...scope })
        : await this.call<Threshold>('put', `/weeklythreshold/${d.ThresholdId}`, scope);
    runInAction(() => {
      if (!result.ok) {
        this.draftError = result.message;
        return;
      }
      this.draft = null;
      const at = this.rows.findIndex((r) => r.ThresholdId === result.value.ThresholdId);
      this.rows =
        at >= 0 ? this.rows.map((r, i) => (i === at ? result.value : r)) : [result.value, ...this.rows];
      if (at < 0) this.totalCount += 1;
      this.rowNotices.set(
        result.value.ThresholdId,
        `${at >= 0 ? 'Changed' : 'Added'}: ${result.value.WeeklyLimit} units a week.`,
      );
    });
    if (result.ok)
      this.deps.messages.done(
        `Weekly threshold for ${result.value.CustomerNameWithSCAC} ${d.ThresholdId === null ? 'added' : 'changed'}: ${result.value.WeeklyLimit} units a week.`,
      );
    return result;
  }

  async remove(row: Threshold): Promise<CallResult<Threshold>> {
    const result = await this.call<Threshold>('delete', `/weeklythreshold/${row.ThresholdId}`);
    if (result.ok) {
      runInAction(() => {
        this.rows = this.rows.filter((r) => r.ThresholdId !== row.ThresholdId);
        this.totalCount -= 1;
      });
      this.deps.messages.done(`Weekly threshold for ${row.CustomerNameWithSCAC} removed.`);
    }
    return result;
  }

  static meterKey(q: MeterQuery): string {
    return JSON.stringify([q.CustomerId ?? null, q.MarketCode, q.EquipmentSize]);
  }

  /**
   * The threshold meter (pool and daily lease flows): this week's use of every cap a booking of this
   * market and size meets, read afresh each time the choice changes. Not broadcast when it fails:
   * the meter is a hint beside the form, and the booking itself still decides.
   */
  async loadMeter(q: MeterQuery): Promise<void> {
    const key = WeeklyThresholdStore.meterKey(q);
    try {
      const res = await this.deps.api.get<MeterResponse>('/weeklythreshold/meter', {
        params: q,
        silent: true,
      });
      runInAction(() => this.meters.set(key, res.data));
    } catch {
      runInAction(() => this.meters.set(key, 'failed'));
    }
  }

  reset(): void {
    this.meters.clear();
    this.customerText = '';
    this.rows = [];
    this.totalCount = 0;
    this.searched = false;
    this.rowNotices.clear();
    this.draft = null;
    this.draftError = null;
    this.customerOptions = [];
    this.opened = false;
  }

  private async call<T>(
    method: 'post' | 'put' | 'delete',
    url: string,
    body?: unknown,
  ): Promise<CallResult<T>> {
    try {
      const res =
        method === 'delete' ? await this.deps.api.delete<T>(url) : await this.deps.api[method]<T>(url, body);
      return { ok: true, value: res.data };
    } catch (error) {
      return { ok: false, message: isApiError(error) ? error.message : String(error) };
    }
  }
}

/** The weekly thresholds screen's store, made on its first use (page-stores.ts). */
export const weeklyThresholdStore = pageStore(
  (root) => new WeeklyThresholdStore({ api: root.api, session: root.session, messages: root.messages }),
);
