import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import { MessageType, orderCancelOutcomeText } from '../../domain/messages';
import { isEmailList } from '../../rules/operators';
import type { CancelOrderBody, DashboardDetail } from '../../schemas/dashboard';
import { isApiError } from '../api/errors';
import type { HubEvent } from '../hub/HubStore';
import type { DialogStore } from '../stores/DialogStore';
import type { MessageStore } from '../stores/MessageStore';
import { viewUrlOf } from './row-actions';

export interface DashboardDetailDeps {
  api: AxiosInstance;
  messages: MessageStore;
  dialogs: DialogStore;
  session: { readonly token: string | null };
  hub: { subscribe(listener: (event: HubEvent) => void): () => void };
}

/** SPEC §5 wording for a bad email list. */
export const INVALID_EMAIL_TEXT = 'Invalid email address';

/**
 * The detail view of one booking order and its cancel: read from its type's view url (the flow
 * file's edit.view, e.g. a TR order's getViewLongTermRedeliveryOrder), else GET /api/dashboard/details/{id}.
 */
export class DashboardDetailStore {
  orderId: number | null = null;
  detail: DashboardDetail | null = null;
  loading = false;
  /** The order does not exist or the user may not see it (the server answers 404 either way). */
  notFound = false;
  cancelling = false;
  /** Extra addresses for the cancellation notice (SPEC §3 cancel order payload). */
  additionalEmails = '';
  emailError: string | null = null;
  private request = 0;
  /** The order type the page was opened with (View's link names it); it picks the url. */
  private orderType: string | null = null;
  private readonly deps: DashboardDetailDeps;

  constructor(deps: DashboardDetailDeps) {
    this.deps = deps;
    makeObservable<DashboardDetailStore, 'show'>(this, {
      orderId: observable,
      detail: observableRef,
      loading: observable,
      notFound: observable,
      cancelling: observable,
      additionalEmails: observable,
      emailError: observable,
      load: action,
      setAdditionalEmails: action,
      cancelOrder: action,
      reset: action,
      show: action,
    });
    deps.hub.subscribe((event) => {
      const id = this.orderId;
      if (id === null) return;
      // The order on screen changed (another user, another tab) or messages were missed: read it again.
      if (event.kind === 'reconnected' || event.message.BookingOrderId === id)
        void this.load(id, { quiet: true });
    });
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
  }

  /**
   * Loads an order; `quiet` keeps the current view on screen while it refreshes; `orderType` (when
   * known) picks where it is read, and is kept for the refreshes.
   */
  async load(id: number, options: { quiet?: boolean; orderType?: string | null } = {}): Promise<void> {
    const request = ++this.request;
    if (options.orderType !== undefined) this.orderType = options.orderType;
    if (id !== this.orderId) {
      this.orderId = id;
      this.detail = null;
      this.additionalEmails = '';
      this.emailError = null;
    }
    this.notFound = false;
    if (!options.quiet) this.loading = true;
    try {
      // The client's base URL already ends in /api.
      const url = viewUrlOf(this.orderType)
        .replace(/^\/api(?=\/)/, '')
        .replace('{id}', String(id));
      const res = await this.deps.api.get<DashboardDetail>(url, { silent: true });
      if (request === this.request) this.show(res.data, false);
    } catch (e) {
      if (request !== this.request) return;
      if (isApiError(e) && e.status === 404) this.show(null, true);
      else {
        this.show(this.detail, false);
        if (isApiError(e)) this.deps.messages.showError(e);
      }
    }
  }

  setAdditionalEmails(value: string): void {
    this.additionalEmails = value;
    this.emailError = null;
  }

  /** SPEC §5: cancel order asks for confirmation first; the answer is the order after the cancel. */
  async cancelOrder(): Promise<boolean> {
    const detail = this.detail;
    if (!detail?.CanCancel || this.cancelling) return false;
    const emails = this.additionalEmails.trim();
    if (emails && !isEmailList(emails)) {
      this.emailError = INVALID_EMAIL_TEXT;
      return false;
    }
    const ok = await this.deps.dialogs.confirm({
      title: 'Cancel Order',
      message: `Do you want to cancel order ${detail.BookingOrderId}? Every open booking of the order is cancelled.`,
      okText: 'Cancel Order',
      cancelText: 'Keep Order',
      destructive: true,
    });
    if (!ok) return false;
    runInAction(() => (this.cancelling = true));
    try {
      const body: CancelOrderBody = { BookingOrderId: detail.BookingOrderId };
      if (emails) body.AdditionalEmails = emails;
      const res = await this.deps.api.put<DashboardDetail>('/bookingorder/cancelOrder', body);
      runInAction(() => {
        this.request++; // a refresh started before the cancel must not overwrite its answer
        this.show(res.data, false);
        this.additionalEmails = '';
      });
      this.deps.messages.show({
        Type: MessageType.Success,
        Data: orderCancelOutcomeText(detail.BookingOrderId, res.data.StatusCode),
      });
      return true;
    } catch {
      return false; // shown by the api client
    } finally {
      runInAction(() => (this.cancelling = false));
    }
  }

  reset(): void {
    this.request++;
    this.orderId = null;
    this.orderType = null;
    this.detail = null;
    this.loading = false;
    this.notFound = false;
    this.cancelling = false;
    this.additionalEmails = '';
    this.emailError = null;
  }

  private show(detail: DashboardDetail | null, notFound: boolean): void {
    this.detail = detail;
    this.notFound = notFound;
    this.loading = false;
  }
}
