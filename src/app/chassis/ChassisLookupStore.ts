import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { CHASSIS_MESSAGES, isChassisIdFormat } from '../../domain/equipment';
import type { ChassisLookup } from '../../schemas/chassis';
import { isApiError } from '../api/errors';
import { pageStore } from '../stores/page-stores';

/** Issue 31, #/chassis_lookup: any signed-in user asks about one chassis ID. */
export class ChassisLookupStore {
  input = '';
  answer: ChassisLookup | null = null;
  error: string | null = null;
  busy = false;

  constructor(private readonly api: AxiosInstance) {
    makeObservable(this, {
      input: observable,
      answer: observableRef,
      error: observable,
      busy: observable,
      setInput: action,
      reset: action,
    });
  }

  setInput(text: string): void {
    this.input = text;
    this.error = null;
  }

  reset(): void {
    this.input = '';
    this.answer = null;
    this.error = null;
  }

  async lookUp(): Promise<boolean> {
    const id = this.input.trim();
    if (!isChassisIdFormat(id)) {
      runInAction(() => {
        this.answer = null;
        this.error = CHASSIS_MESSAGES.format(id || 'That');
      });
      return false;
    }
    runInAction(() => {
      this.busy = true;
      this.error = null;
    });
    try {
      const res = await this.api.get<ChassisLookup>(`/chassis/lookup/${encodeURIComponent(id)}`, {
        silent: true,
      });
      runInAction(() => {
        this.answer = res.data;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.answer = null;
        this.error = isApiError(e) ? e.message : 'The chassis could not be looked up.';
      });
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}

/** The chassis lookup screen's store, made on its first use (page-stores.ts). */
export const chassisLookupStore = pageStore((root) => new ChassisLookupStore(root.api));
