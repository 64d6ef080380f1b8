import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { DEFAULT_INVENTORY_ORG } from '../../domain/constants';
import type { PermissionSet } from '../../domain/permissions';
import { Abilities, can } from '../../domain/policies';
import type {
  Reservation,
  ReservationCreate,
  ReservationSearchResponse,
  ReservationUpdate,
} from '../../schemas/internal-reservation';
import { isApiError } from '../api/errors';
import type { MessageStore } from '../stores/MessageStore';
import { pageStore } from '../stores/page-stores';

/** SPEC §3: a reservation as the list holds it, with its own collapsed state (IsCollapsed). */
export type ReservationItem = Reservation & { IsCollapsed: boolean };

/** What staff typed into an item, as text; compared with the item to find what changed. */
export interface ReservationDraft {
  ReservedQuantity: string;
  CustomerBookingsAllowed: boolean;
  ReasonCode: string;
  ReservationComment: string;
}

export const FILTER_FIELDS = [
  'InventoryOrgCode',
  'MarketCode',
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const NEW_FIELDS = [
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
  'Extendable',
  'ReservedQuantity',
  'CustomerBookingsAllowed',
  'ReasonCode',
  'ReservationComment',
] as const;
export type NewField = (typeof NEW_FIELDS)[number];

const EMPTY_NEW: Record<NewField, string> = {
  LocationId: '',
  EquipmentSize: 'Chassis.40',
  EquipmentClass: 'STD',
  Extendable: 'No',
  ReservedQuantity: '',
  CustomerBookingsAllowed: 'No',
  ReasonCode: '',
  ReservationComment: '',
};

export interface InternalReservationDeps {
  api: AxiosInstance;
  session: { readonly permissions: PermissionSet; readonly token: string | null };
  /** The public configuration's feature flags (SPEC §7): until the first answer says otherwise. */
  flags: { readonly InternalReservationComments: boolean };
  messages: Pick<MessageStore, 'done'>;
}

const draftOf = (r: Reservation): ReservationDraft => ({
  ReservedQuantity: String(r.ReservedQuantity),
  CustomerBookingsAllowed: r.CustomerBookingsAllowed,
  ReasonCode: r.ReasonCode ?? '',
  ReservationComment: r.Detail.ReservationComment ?? '',
});
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * Internal reservations (SPEC §2 "Internal reservations view", §3, §4): the reservations of one
 * provider-managed org, each collapsing and expanding on its own or all together, changed in place
 * by staff with Update and added by staff with Create. A change's refusal (more than is free, a
 * stale quantity) shows on its item, with the server's words.
 */
export class InternalReservationStore {
  filter: Record<FilterField, string> = {
    ...Object.fromEntries(FILTER_FIELDS.map((f) => [f, ''])),
    InventoryOrgCode: DEFAULT_INVENTORY_ORG,
  } as Record<FilterField, string>;
  items: ReservationItem[] = [];
  /** The org the list shows (the last search's). */
  shownOrg: string | null = null;
  commentsEnabled: boolean | null = null;
  loading = false;
  searchError: string | null = null;
  drafts = observable.map<number, ReservationDraft>();
  itemErrors = observable.map<number, string>();
  itemNotices = observable.map<number, string>();
  saving = observable.set<number>();
  newForm: Record<NewField, string> = { ...EMPTY_NEW };
  newError: string | null = null;
  creating = false;
  private request = 0;

  constructor(private readonly deps: InternalReservationDeps) {
    makeObservable(this, {
      filter: observable,
      items: observableRef,
      shownOrg: observable,
      commentsEnabled: observable,
      loading: observable,
      searchError: observable,
      newForm: observable,
      newError: observable,
      creating: observable,
      comments: computed,
      canCreate: computed,
      canUpdate: computed,
      allExpanded: computed,
      allCollapsed: computed,
      setFilter: action,
      toggle: action,
      expandAll: action,
      collapseAll: action,
      setDraft: action,
      setNew: action,
      reset: action,
    });
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
  }

  /** SPEC §7 feature flag "internal reservation comments": the server's answer, else the configuration. */
  get comments(): boolean {
    return this.commentsEnabled ?? this.deps.flags.InternalReservationComments;
  }

  get canCreate(): boolean {
    return can(this.deps.session, Abilities.reservationCreate);
  }

  get canUpdate(): boolean {
    return can(this.deps.session, Abilities.reservationUpdate);
  }

  get allExpanded(): boolean {
    return this.items.length > 0 && this.items.every((i) => !i.IsCollapsed);
  }

  get allCollapsed(): boolean {
    return this.items.every((i) => i.IsCollapsed);
  }

  setFilter(field: FilterField, value: string): void {
    this.filter[field] = value;
    if (field === 'MarketCode') this.filter.LocationId = '';
  }

  /** SPEC §4: one item collapses or expands on its own. */
  toggle(id: number): void {
    this.items = this.items.map((i) => (i.ReservationId === id ? { ...i, IsCollapsed: !i.IsCollapsed } : i));
  }

  expandAll(): void {
    this.items = this.items.map((i) => ({ ...i, IsCollapsed: false }));
  }

  collapseAll(): void {
    this.items = this.items.map((i) => ({ ...i, IsCollapsed: true }));
  }

  draft(id: number): ReservationDraft | null {
    const item = this.items.find((i) => i.ReservationId === id);
    if (!item) return null;
    return this.drafts.get(id) ?? draftOf(item);
  }

  setDraft<K extends keyof ReservationDraft>(id: number, field: K, value: ReservationDraft[K]): void {
    const current = this.draft(id);
    if (!current) return;
    this.drafts.set(id, { ...current, [field]: value });
    this.itemErrors.delete(id);
    this.itemNotices.delete(id);
  }

  /** True when the item's draft differs from what was read. */
  changed(id: number): boolean {
    const item = this.items.find((i) => i.ReservationId === id);
    const draft = this.drafts.get(id);
    if (!item || !draft) return false;
    const base = draftOf(item);
    return (Object.keys(base) as (keyof ReservationDraft)[]).some((k) => base[k] !== draft[k]);
  }

  setNew(field: NewField, value: string): void {
    this.newForm[field] = value;
    this.newError = null;
  }

  open(): Promise<boolean> {
    return this.search();
  }

  /** Reads the org's reservations (central handling of a failure: it is shown and logged). */
  async search(): Promise<boolean> {
    const id = ++this.request;
    const body: Record<string, string | number> = {
      InventoryOrgCode: this.filter.InventoryOrgCode || DEFAULT_INVENTORY_ORG,
    };
    for (const f of ['MarketCode', 'EquipmentSize', 'EquipmentClass'] as const)
      if (this.filter[f]) body[f] = this.filter[f];
    if (this.filter.LocationId) body.LocationId = Number(this.filter.LocationId);
    runInAction(() => {
      this.loading = true;
      this.searchError = null;
    });
    try {
      const res = await this.deps.api.post<ReservationSearchResponse>('/internalreservation/search', body);
      if (id !== this.request) return false;
      runInAction(() => {
        const was = new Map(this.items.map((i) => [i.ReservationId, i.IsCollapsed]));
        this.items = res.data.Reservations.map((r) => ({
          ...r,
          IsCollapsed: was.get(r.ReservationId) ?? true,
        }));
        this.shownOrg = res.data.InventoryOrgCode;
        this.commentsEnabled = res.data.CommentsEnabled;
        this.drafts.clear();
        this.itemErrors.clear();
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.searchError = isApiError(e) ? e.message : 'The reservations could not be read.';
      });
      return false;
    } finally {
      runInAction(() => {
        if (id === this.request) this.loading = false;
      });
    }
  }

  /** Sends what changed on one item; a refusal stays on the item (not broadcast). */
  async save(id: number): Promise<boolean> {
    const item = this.items.find((i) => i.ReservationId === id);
    const draft = this.drafts.get(id);
    if (!item || !draft) return false;
    const quantity = wholeNumber(draft.ReservedQuantity);
    if (quantity === null) {
      runInAction(() =>
        this.itemErrors.set(id, 'Reserved quantity must be a whole number of units, 0 or more.'),
      );
      return false;
    }
    const body: ReservationUpdate = { OriginalReservedQuantity: item.OriginalReservedQuantity };
    if (quantity !== item.ReservedQuantity) body.ReservedQuantity = quantity;
    if (draft.CustomerBookingsAllowed !== item.CustomerBookingsAllowed)
      body.CustomerBookingsAllowed = draft.CustomerBookingsAllowed;
    if (draft.ReasonCode && draft.ReasonCode !== (item.ReasonCode ?? '')) body.ReasonCode = draft.ReasonCode;
    if (this.comments && draft.ReservationComment !== (item.Detail.ReservationComment ?? '')) {
      body.ReservationComment = draft.ReservationComment;
      body.CommentUpdated = true;
    }
    runInAction(() => this.saving.add(id));
    try {
      const res = await this.deps.api.put<Reservation>(`/internalreservation/${id}`, body, { silent: true });
      runInAction(() => {
        this.items = this.items.map((i) =>
          i.ReservationId === id ? { ...res.data, IsCollapsed: i.IsCollapsed } : i,
        );
        this.drafts.delete(id);
        this.itemNotices.set(id, `Saved: ${res.data.ReservedQuantity} reserved.`);
      });
      this.deps.messages.done(
        `Reservation at ${res.data.LocationName} saved: ${res.data.ReservedQuantity} reserved.`,
      );
      return true;
    } catch (e) {
      runInAction(() =>
        this.itemErrors.set(id, isApiError(e) ? e.message : 'The change could not be saved.'),
      );
      return false;
    } finally {
      runInAction(() => this.saving.delete(id));
    }
  }

  /** Adds a reservation for the org shown; a refusal stays beside the form. */
  async create(): Promise<boolean> {
    const f = this.newForm;
    const quantity = wholeNumber(f.ReservedQuantity);
    const problem = !f.LocationId
      ? 'Choose the location.'
      : quantity === null
        ? 'Reserved quantity must be a whole number of units, 0 or more.'
        : !f.ReasonCode
          ? 'Choose a reason.'
          : null;
    if (problem) {
      runInAction(() => {
        this.newError = problem;
      });
      return false;
    }
    const body: ReservationCreate = {
      InventoryOrgCode: this.shownOrg ?? this.filter.InventoryOrgCode,
      LocationId: Number(f.LocationId),
      EquipmentSize: f.EquipmentSize,
      EquipmentClass: f.EquipmentClass,
      Extendable: f.Extendable === 'Yes',
      ReservedQuantity: quantity as number,
      CustomerBookingsAllowed: f.CustomerBookingsAllowed === 'Yes',
      ReasonCode: f.ReasonCode,
      ...(this.comments && f.ReservationComment.trim() ? { ReservationComment: f.ReservationComment } : {}),
    };
    runInAction(() => {
      this.creating = true;
      this.newError = null;
    });
    try {
      const res = await this.deps.api.post<Reservation>('/internalreservation', body, { silent: true });
      runInAction(() => {
        this.items = [...this.items, { ...res.data, IsCollapsed: false }];
        this.newForm = { ...EMPTY_NEW };
        this.itemNotices.set(res.data.ReservationId, `Added: ${res.data.ReservedQuantity} reserved.`);
      });
      this.deps.messages.done(
        `Reservation at ${res.data.LocationName} added: ${res.data.ReservedQuantity} reserved.`,
      );
      return true;
    } catch (e) {
      runInAction(() => {
        this.newError = isApiError(e) ? e.message : 'The reservation could not be saved.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.creating = false;
      });
    }
  }

  /** Sign-out: the next user starts afresh. */
  reset(): void {
    this.request++;
    this.items = [];
    this.shownOrg = null;
    this.commentsEnabled = null;
    this.loading = false;
    this.searchError = null;
    this.drafts.clear();
    this.itemErrors.clear();
    this.itemNotices.clear();
    this.newForm = { ...EMPTY_NEW };
    this.newError = null;
    this.filter = {
      ...this.filter,
      MarketCode: '',
      LocationId: '',
      EquipmentSize: '',
      EquipmentClass: '',
      InventoryOrgCode: DEFAULT_INVENTORY_ORG,
    };
  }
}

/** The internal reservations screen's store, made on its first use (page-stores.ts). */
export const internalReservationStore = pageStore(
  (root) =>
    new InternalReservationStore({
      api: root.api,
      session: root.session,
      messages: root.messages,
      flags: {
        get InternalReservationComments() {
          return root.sessionBehaviour.publicConfig.flags.InternalReservationComments;
        },
      },
    }),
);
