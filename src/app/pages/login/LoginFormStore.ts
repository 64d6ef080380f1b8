import { action, makeObservable, observable, observableRef } from 'mobx';
import { NATURAL_EXPIRY_FLAG_CLEAR_MS, REMEMBERED_USERNAME_FILL_MS } from '../../../domain/constants';
import { LOGIN_MISSING_PASSWORD, LOGIN_MISSING_USERNAME, type LoginFailure } from '../../../domain/messages';
import { type KeyValueStorage, StorageKeys } from '../../storage';

/**
 * What the form signs in with: the session store, or, on the sign-in page drawn before the app
 * has loaded, the session store it loads (sign-in-first.tsx).
 */
export interface SignInService {
  /** SPEC §9: the username Remember Username kept, or ''. */
  readonly rememberedUsername: string;
  /** Resolves null when signed in, else the SPEC §8 failure to show. */
  login(userName: string, password: string, remember: boolean): Promise<LoginFailure | null>;
}

/** The login page's form state and behaviour (SPEC §2 Login screen, §5, §8). */
export class LoginFormStore {
  username = '';
  password = '';
  remember = false;
  capsLock = false;
  submitting = false;
  failure: LoginFailure | null = null;
  /** What Enter found missing while Sign In is disabled (issue 14: Enter must not say nothing). */
  missing: string | null = null;
  /**
   * SPEC §4 Idle: the inactivity banner shows on a login page opened with the natural-expiry flag
   * set, and stays for as long as that page does (only the stored flag is cleared after 10 s, so
   * the user has time to read why they were signed out — issue 14).
   */
  showInactivityBanner = false;
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(
    private readonly session: SignInService,
    private readonly storage: KeyValueStorage,
  ) {
    makeObservable(this, {
      username: observable,
      password: observable,
      remember: observable,
      capsLock: observable,
      submitting: observable,
      failure: observableRef,
      showInactivityBanner: observable,
      missing: observable,
      explainMissing: action,
      setUsername: action,
      setPassword: action,
      setRemember: action,
      setCapsLock: action,
      open: action,
      submit: action,
    });
  }

  /** SPEC §5: both fields are required; Sign In stays disabled until then. */
  get canSubmit(): boolean {
    return this.username.trim() !== '' && this.password !== '' && !this.submitting;
  }

  setUsername(v: string): void {
    this.username = v;
    this.missing = null;
  }
  setPassword(v: string): void {
    this.password = v;
    this.missing = null;
  }

  /** Enter pressed with a field empty: say which (Sign In itself stays disabled, SPEC §5). */
  explainMissing(): void {
    if (this.username.trim() === '') this.missing = LOGIN_MISSING_USERNAME;
    else if (this.password === '') this.missing = LOGIN_MISSING_PASSWORD;
  }
  setRemember(v: boolean): void {
    this.remember = v;
  }
  setCapsLock(v: boolean): void {
    this.capsLock = v;
  }

  /** Page opened: schedule the remembered-username fill and the natural-expiry flag clear (SPEC §9). */
  open(): void {
    this.showInactivityBanner = this.storage.getItem(StorageKeys.naturalExpiry) === 'true';
    const remembered = this.session.rememberedUsername;
    this.later(REMEMBERED_USERNAME_FILL_MS, () => {
      if (remembered && !this.username) {
        this.username = remembered;
        this.remember = true;
      }
    });
    this.later(NATURAL_EXPIRY_FLAG_CLEAR_MS, () => {
      this.storage.removeItem(StorageKeys.naturalExpiry);
    });
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  /** Resolves true when signed in; otherwise the failure is held for the page to show. */
  async submit(): Promise<boolean> {
    if (!this.canSubmit) return false;
    this.submitting = true;
    this.failure = null;
    const failure = await this.session.login(this.username.trim(), this.password, this.remember);
    this.finish(failure);
    return failure === null;
  }

  private finish = action((failure: LoginFailure | null) => {
    this.submitting = false;
    this.failure = failure;
    if (failure) this.password = '';
  });

  private later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(action(fn), ms));
  }
}
