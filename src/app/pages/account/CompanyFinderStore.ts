/**
 * Staff's "which company" on My Account's integration sections (API keys, webhooks): type part of a
 * name or SCAC, Find, choose one of the matches. Staff belong to no company, so they name the one
 * whose keys or subscriptions they manage.
 */
import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { CustomerRow } from '../../../domain/lookups';
import { searchCustomers } from '../../api/flows';

/** SPEC §5: a customer search needs at least two characters. */
const MIN_TEXT = 2;

export class CompanyFinderStore {
  text = '';
  options: CustomerRow[] = [];

  constructor(private readonly api: AxiosInstance) {
    makeObservable(this, { text: observable, options: observableRef, setText: action });
  }

  setText(text: string): void {
    this.text = text;
  }

  async find(): Promise<void> {
    const text = this.text.trim();
    if (text.length < MIN_TEXT) return;
    const rows = await searchCustomers(this.api, 'customers', text).catch(() => []);
    runInAction(() => (this.options = rows));
  }

  /** The match with this id, if the last search found it. */
  option(customerId: number): CustomerRow | undefined {
    return this.options.find((c) => c.CustomerId === customerId);
  }
}
