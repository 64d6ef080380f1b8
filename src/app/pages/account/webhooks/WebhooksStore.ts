/**
 * Issue 18, the Webhooks section of My Account: a company administrator's subscriptions (staff:
 * every company's), add / edit / delete, and per subscription its delivery log with "Send again".
 * Talks to /api/webhooks (src/server/routes/webhooks.ts); who sees the section is the policies'
 * integrationsManage, and whether a company is chosen is mayChooseCustomer (staff belong to none).
 */
import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { CustomerRow, LocationRow } from '../../../../domain/lookups';
import type { PermissionSet } from '../../../../domain/permissions';
import { Abilities, can, mayChooseCustomer } from '../../../../domain/policies';
import {
  AVAILABILITY_EVENT,
  type Subscription,
  type SubscriptionCreate,
  type SubscriptionList,
  type SubscriptionUpdate,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '../../../../schemas/webhooks';
import type { MessageStore } from '../../../stores/MessageStore';
import { CompanyFinderStore } from '../CompanyFinderStore';
import { DeliveryLogStore, messageOf } from './DeliveryLogStore';

export interface WebhooksDeps {
  api: AxiosInstance;
  session: { readonly permissions: PermissionSet; readonly isInternal: boolean };
  /** The locations a subscription may hear availability of (the lookup dataset 'locations'). */
  locations: () => readonly LocationRow[];
  /** Issue 25: a saved, re-keyed or deleted webhook also says so in a toast. */
  messages: Pick<MessageStore, 'done'>;
  confirm(options: {
    title: string;
    message: string;
    okText: string;
    cancelText: string;
    destructive: boolean;
  }): Promise<boolean>;
}

/** The add or edit form, as typed. */
export interface SubscriptionDraft {
  /** Set when editing. */
  SubscriptionId: number | null;
  CustomerId: number | null;
  CustomerName: string;
  Url: string;
  Events: WebhookEvent[];
  LocationIds: number[];
  Active: boolean;
}

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Order created',
  'order.changed': 'Order changed',
  'order.accepted': 'Order accepted',
  'order.rejected': 'Order rejected',
  'order.cancelled': 'Order cancelled',
  'redelivery.confirmed': 'Redelivery confirmed',
  'availability.changed': 'Availability changed at chosen locations',
};

export class WebhooksStore {
  subscriptions: Subscription[] = [];
  loaded = false;
  loadError: string | null = null;
  draft: SubscriptionDraft | null = null;
  draftError: string | null = null;
  saving = false;
  /** The secret of the subscription just made (or rotated): shown once, until dismissed. */
  secret: { SubscriptionId: number; Secret: string } | null = null;
  /** The delivery log of the subscription chosen. */
  readonly log: DeliveryLogStore;
  readonly finder: CompanyFinderStore;
  locationFilter = '';

  constructor(private readonly deps: WebhooksDeps) {
    this.log = new DeliveryLogStore(deps.api);
    this.finder = new CompanyFinderStore(deps.api);
    makeObservable(this, {
      subscriptions: observableRef,
      loaded: observable,
      loadError: observable,
      draft: observable,
      draftError: observable,
      saving: observable,
      secret: observableRef,
      locationFilter: observable,
      startNew: action,
      edit: action,
      closeDraft: action,
      setUrl: action,
      toggleEvent: action,
      toggleLocation: action,
      setActive: action,
      chooseCompany: action,
      setLocationFilter: action,
      dismissSecret: action,
    });
  }

  get allowed(): boolean {
    return can(this.deps.session, Abilities.integrationsManage);
  }

  /** Staff pick the company a subscription is for; a customer's administrator makes their own company's. */
  get choosesCompany(): boolean {
    return mayChooseCustomer(this.deps.session);
  }

  /** The locations offered for availability.changed: the chosen ones first, then those matching the filter. */
  get locationChoices(): readonly LocationRow[] {
    const chosen = new Set(this.draft?.LocationIds ?? []);
    const text = this.locationFilter.trim().toLowerCase();
    const all = this.deps.locations();
    return [
      ...all.filter((l) => chosen.has(l.LocationId)),
      ...all
        .filter((l) => !chosen.has(l.LocationId))
        .filter((l) => !text || `${l.LocationName} ${l.LocationMarketCode}`.toLowerCase().includes(text))
        .slice(0, 50),
    ];
  }

  async load(): Promise<void> {
    if (!this.allowed) return;
    try {
      const res = await this.deps.api.get<SubscriptionList>('/webhooks/subscriptions', { silent: true });
      runInAction(() => {
        this.subscriptions = res.data.Subscriptions;
        this.loaded = true;
        this.loadError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.loadError = messageOf(error);
      });
    }
  }

  startNew(): void {
    this.draft = {
      SubscriptionId: null,
      CustomerId: null,
      CustomerName: '',
      Url: '',
      Events: ['order.created', 'order.changed', 'order.cancelled'],
      LocationIds: [],
      Active: true,
    };
    this.draftError = null;
  }

  edit(sub: Subscription): void {
    this.draft = {
      SubscriptionId: sub.SubscriptionId,
      CustomerId: sub.CustomerId,
      CustomerName: sub.CustomerName,
      Url: sub.Url,
      Events: sub.Events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
      LocationIds: [...sub.LocationIds],
      Active: sub.Active,
    };
    this.draftError = null;
  }

  closeDraft(): void {
    this.draft = null;
    this.draftError = null;
  }

  setUrl(url: string): void {
    if (this.draft) this.draft.Url = url;
  }

  toggleEvent(event: WebhookEvent, on: boolean): void {
    if (!this.draft) return;
    const rest = this.draft.Events.filter((e) => e !== event);
    this.draft.Events = on ? [...rest, event] : rest;
    if (event === AVAILABILITY_EVENT && !on) this.draft.LocationIds = [];
  }

  toggleLocation(id: number, on: boolean): void {
    if (!this.draft) return;
    const rest = this.draft.LocationIds.filter((l) => l !== id);
    this.draft.LocationIds = on ? [...rest, id] : rest;
  }

  setActive(on: boolean): void {
    if (this.draft) this.draft.Active = on;
  }

  setLocationFilter(text: string): void {
    this.locationFilter = text;
  }

  chooseCompany(row: CustomerRow): void {
    if (!this.draft) return;
    this.draft.CustomerId = row.CustomerId;
    this.draft.CustomerName = row.CustomerNameWithSCAC;
  }

  async save(): Promise<boolean> {
    const d = this.draft;
    // The server checks the URL, events, locations and company and says what to fix (draftError).
    if (!d || this.saving) return false;
    runInAction(() => {
      this.saving = true;
      this.draftError = null;
    });
    const fields = { Url: d.Url.trim(), Events: d.Events, LocationIds: d.LocationIds, Active: d.Active };
    try {
      if (d.SubscriptionId === null) {
        const body: SubscriptionCreate = {
          ...fields,
          ...(d.CustomerId !== null ? { CustomerId: d.CustomerId } : {}),
        };
        const res = await this.deps.api.post<Subscription>('/webhooks/subscriptions', body, { silent: true });
        runInAction(() => {
          this.secret = { SubscriptionId: res.data.SubscriptionId, Secret: res.data.Secret ?? '' };
        });
      } else {
        const body: SubscriptionUpdate = fields;
        await this.deps.api.put<Subscription>(`/webhooks/subscriptions/${d.SubscriptionId}`, body, {
          silent: true,
        });
      }
      runInAction(() => (this.draft = null));
      this.deps.messages.done(`Webhook to ${fields.Url} ${d.SubscriptionId === null ? 'added' : 'saved'}.`);
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => (this.draftError = messageOf(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async rotateSecret(sub: Subscription): Promise<void> {
    const ok = await this.deps.confirm({
      title: 'New Secret',
      message: `Replace the secret of ${sub.Url}? Deliveries are signed with the new one at once: your receiver must use it.`,
      okText: 'Replace Secret',
      cancelText: 'Keep Secret',
      destructive: true,
    });
    if (!ok) return;
    try {
      const res = await this.deps.api.put<Subscription>(
        `/webhooks/subscriptions/${sub.SubscriptionId}`,
        { RotateSecret: true },
        { silent: true },
      );
      runInAction(
        () => (this.secret = { SubscriptionId: sub.SubscriptionId, Secret: res.data.Secret ?? '' }),
      );
      this.deps.messages.done(`New secret for the webhook to ${sub.Url}: copy it now.`);
    } catch (error) {
      runInAction(() => (this.loadError = messageOf(error)));
    }
  }

  dismissSecret(): void {
    this.secret = null;
  }

  async remove(sub: Subscription): Promise<void> {
    const ok = await this.deps.confirm({
      title: 'Delete Webhook',
      message: `Delete the webhook to ${sub.Url}? Its delivery log goes with it, and deliveries not yet sent are dropped.`,
      okText: 'Delete Webhook',
      cancelText: 'Keep Webhook',
      destructive: true,
    });
    if (!ok) return;
    try {
      await this.deps.api.delete(`/webhooks/subscriptions/${sub.SubscriptionId}`, { silent: true });
      if (this.log.subscriptionId === sub.SubscriptionId) await this.log.show(null);
      this.deps.messages.done(`Webhook to ${sub.Url} deleted.`);
      await this.load();
    } catch (error) {
      runInAction(() => (this.loadError = messageOf(error)));
    }
  }
}
