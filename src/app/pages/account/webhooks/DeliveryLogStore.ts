/**
 * Issue 18: one subscription's delivery log on My Account (the latest 100 deliveries: status,
 * attempts, last error) and its "Send Again" (a new delivery with a new id). The Webhooks store
 * opens it for the subscription chosen.
 */
import type { AxiosInstance } from 'axios';
import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { Delivery, DeliveryList } from '../../../../schemas/webhooks';
import { isApiError } from '../../../api/errors';

export const messageOf = (error: unknown): string =>
  isApiError(error) ? error.message : 'The call failed. Check your connection and try again.';

export class DeliveryLogStore {
  /** The subscription whose log is open; null: none. */
  subscriptionId: number | null = null;
  deliveries: Delivery[] = [];
  error: string | null = null;

  constructor(private readonly api: AxiosInstance) {
    makeObservable(this, {
      subscriptionId: observable,
      deliveries: observableRef,
      error: observable,
    });
  }

  /** Opens (or refreshes) the log of a subscription; null closes it. */
  async show(subscriptionId: number | null): Promise<void> {
    runInAction(() => {
      // Refreshing the open log keeps its rows on screen until the new ones arrive.
      if (this.subscriptionId !== subscriptionId) this.deliveries = [];
      this.subscriptionId = subscriptionId;
      this.error = null;
    });
    if (subscriptionId === null) return;
    try {
      const res = await this.api.get<DeliveryList>(`/webhooks/subscriptions/${subscriptionId}/deliveries`, {
        silent: true,
      });
      runInAction(() => {
        if (this.subscriptionId === subscriptionId) this.deliveries = res.data.Deliveries;
      });
    } catch (error) {
      runInAction(() => (this.error = messageOf(error)));
    }
  }

  async resend(delivery: Delivery): Promise<void> {
    const id = this.subscriptionId;
    if (id === null) return;
    try {
      await this.api.post(
        `/webhooks/subscriptions/${id}/deliveries/${delivery.DeliveryId}/resend`,
        undefined,
        {
          silent: true,
        },
      );
      await this.show(id);
    } catch (error) {
      runInAction(() => (this.error = messageOf(error)));
    }
  }
}
