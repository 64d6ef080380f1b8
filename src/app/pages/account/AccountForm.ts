import { action, makeObservable, observable } from 'mobx';
import { isApiError } from '../../api/errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * What every account form shares: typed values, per-field problems shown after the first submit
 * (and kept up to date as the user types from then on), the server's refusal, the success message
 * and the busy flag. Subclasses say how to check and how to send.
 */
export abstract class AccountForm<V extends object> {
  values: V;
  submitted = false;
  submitting = false;
  /** SPEC §8: the server's message for a refused request (the api client's reduction). */
  serverError: string | null = null;
  /** What the server answered on success, shown instead of (or above) the form. */
  success: string | null = null;

  constructor(initial: V) {
    this.values = initial;
    makeObservable<AccountForm<V>, 'finish'>(this, {
      values: observable,
      submitted: observable,
      submitting: observable,
      serverError: observable,
      success: observable,
      set: action,
      submit: action,
      finish: action,
      reset: action,
    });
  }

  /** Problems of the current values, by field. */
  protected abstract check(values: V): FieldErrors<Extract<keyof V, string>>;
  /** Sends the values; resolves the success message. */
  protected abstract send(values: V): Promise<string>;

  /** Problems worth showing before the first submit (e.g. a user name the server said is taken). */
  protected earlyErrors(): FieldErrors<Extract<keyof V, string>> {
    return {};
  }

  get errors(): FieldErrors<Extract<keyof V, string>> {
    return this.submitted ? this.check(this.values) : this.earlyErrors();
  }

  error(field: Extract<keyof V, string>): string | undefined {
    return this.errors[field];
  }

  set<K extends keyof V>(field: K, value: V[K]): void {
    this.values[field] = value;
  }

  /** Resolves true when the server took it. */
  async submit(): Promise<boolean> {
    this.submitted = true;
    this.serverError = null;
    if (Object.keys(this.check(this.values)).length > 0 || this.submitting) return false;
    this.submitting = true;
    try {
      const message = await this.send(this.values);
      this.finish(null, message);
      return true;
    } catch (e) {
      this.finish(failureText(e), null);
      return false;
    }
  }

  reset(values: V): void {
    this.values = values;
    this.submitted = false;
    this.serverError = null;
  }

  private finish(error: string | null, success: string | null): void {
    this.submitting = false;
    this.serverError = error;
    this.success = success;
  }
}

/** The text to show for a failed call: the api client already reduced it (SPEC §8). */
export function failureText(e: unknown): string {
  if (isApiError(e)) return e.message;
  return e instanceof Error ? e.message : String(e);
}
