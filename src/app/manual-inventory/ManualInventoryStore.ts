import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { DEFAULT_INVENTORY_ORG } from '../../domain/constants';
import type { PermissionSet } from '../../domain/permissions';
import { Abilities, can } from '../../domain/policies';
import type { CountDifference, MiOrder, MiSearchResponse } from '../../schemas/manual-inventory';
import { MANUAL_INVENTORY_REASONS } from '../../schemas/manual-inventory';
import { isApiError } from '../api/errors';
import type { MessageStore } from '../stores/MessageStore';
import { pageStore } from '../stores/page-stores';

export const COUNT_FIELDS = [
  'InventoryOrgCode',
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
  'CountedQuantity',
  'ReasonCode',
  'Comment',
] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
const EMPTY: Record<CountField, string> = {
  InventoryOrgCode: DEFAULT_INVENTORY_ORG,
  LocationId: '',
  EquipmentSize: 'Chassis.40',
  EquipmentClass: 'STD',
  CountedQuantity: '',
  ReasonCode: 'YARD_COUNT',
  Comment: '',
};
/** Fields whose change makes a shown difference stale. */
const COUNT_KEY: readonly CountField[] = [
  'InventoryOrgCode',
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
  'CountedQuantity',
];

export interface ManualInventoryDeps {
  api: AxiosInstance;
  session: { readonly permissions: PermissionSet; readonly token: string | null };
  messages: Pick<MessageStore, 'done'>;
}

/**
 * Manual inventory: staff type a count, see the difference from the system's count (the server's
 * words for what saving does), then save it as an MI order; the latest counts are listed.
 * Saving needs Create; demo.readonly sees differences and counts only.
 */
export class ManualInventoryStore {
  form: Record<CountField, string> = { ...EMPTY };
  difference: CountDifference | null = null;
  orders: MiOrder[] = [];
  readonly reasons = MANUAL_INVENTORY_REASONS;
  error: string | null = null;
  notice: string | null = null;
  busy = false;

  constructor(private readonly deps: ManualInventoryDeps) {
    makeObservable(this, {
      form: observable,
      difference: observableRef,
      orders: observableRef,
      error: observable,
      notice: observable,
      busy: observable,
      canSave: computed,
      setField: action,
      reset: action,
    });
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
  }

  get canSave(): boolean {
    return can(this.deps.session, Abilities.manualInventoryCreate);
  }

  setField(field: CountField, value: string): void {
    this.form[field] = value;
    if (COUNT_KEY.includes(field)) this.difference = null;
    this.error = null;
    this.notice = null;
  }

  private countBody() {
    const counted = /^\s*\d+\s*$/.test(this.form.CountedQuantity) ? Number(this.form.CountedQuantity) : null;
    if (!this.form.LocationId) return { problem: 'Choose the location you counted.' } as const;
    if (counted === null) return { problem: 'Counted units must be a whole number, 0 or more.' } as const;
    return {
      body: {
        InventoryOrgCode: this.form.InventoryOrgCode,
        LocationId: Number(this.form.LocationId),
        EquipmentSize: this.form.EquipmentSize,
        EquipmentClass: this.form.EquipmentClass,
        CountedQuantity: counted,
      },
    } as const;
  }

  open(): Promise<void> {
    return this.loadOrders();
  }

  async loadOrders(): Promise<void> {
    try {
      const res = await this.deps.api.post<MiSearchResponse>('/manualinventory/search', {
        InventoryOrgCode: this.form.InventoryOrgCode || DEFAULT_INVENTORY_ORG,
      });
      runInAction(() => {
        this.orders = res.data.Orders;
      });
    } catch {
      // shown by the central handling
    }
  }

  /** Asks the server for the difference before anything is saved. */
  async showDifference(): Promise<boolean> {
    const checked = this.countBody();
    if ('problem' in checked) {
      runInAction(() => {
        this.error = checked.problem ?? null;
      });
      return false;
    }
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const res = await this.deps.api.post<CountDifference>('/manualinventory/difference', checked.body, {
        silent: true,
      });
      runInAction(() => {
        this.difference = res.data;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'The difference could not be read.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  /** Saves the count shown; a moved system count is refused by the server and shown here. */
  async save(): Promise<boolean> {
    const checked = this.countBody();
    const shown = this.difference;
    if ('problem' in checked || !shown) return false;
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const res = await this.deps.api.post<MiOrder>(
        '/manualinventory',
        {
          ...checked.body,
          SystemCount: shown.SystemCount,
          ReasonCode: this.form.ReasonCode,
          ...(this.form.Comment.trim() ? { Comment: this.form.Comment } : {}),
        },
        { silent: true },
      );
      runInAction(() => {
        this.orders = [res.data, ...this.orders];
        this.difference = null;
        this.notice = `${res.data.OrderNumber} saved: the system now holds ${res.data.CountedQuantity} at ${res.data.LocationName}.`;
        this.form = { ...this.form, CountedQuantity: '', Comment: '' };
      });
      if (this.notice) this.deps.messages.done(this.notice);
      return true;
    } catch (e) {
      runInAction(() => {
        this.error = isApiError(e) ? e.message : 'The count could not be saved.';
        this.difference = null;
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  reset(): void {
    this.form = { ...EMPTY };
    this.difference = null;
    this.orders = [];
    this.error = null;
    this.notice = null;
    this.busy = false;
  }
}

/** The manual inventory screen's store, made on its first use (page-stores.ts). */
export const manualInventoryStore = pageStore(
  (root) => new ManualInventoryStore({ api: root.api, session: root.session, messages: root.messages }),
);
