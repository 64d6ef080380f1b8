import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { TOKEN_CHECK_MS, TOKEN_REFRESH_LEAD_MIN } from '../../domain/constants';
import type { AccountStatus } from '../../schemas/auth';
import { isApiError, isNotActiveError } from '../api/errors';
import type { SessionStore } from '../stores/SessionStore';

export interface TokenKeeperHooks {
  /** The token ran out (token check): the user is signed out. */
  expired(): void;
  /** GET /api/auth/status answered 'NotActive' (SPEC §4, §8). */
  notActive(): void;
  /** The server no longer accepts the token (401): revoked elsewhere or the account closed. */
  rejected(): void;
}

/**
 * SPEC §4 Session, §8, §9: refreshes the token LEAD minutes before its refresh interval runs out,
 * checks every TOKEN_CHECK_MS that it has not expired, and asks the account status when the
 * session starts and after every refresh.
 */
export class TokenKeeper {
  /** True while a refresh is on its way; SPEC §8: a failed refresh clears it. */
  refreshing = false;
  /** The refresh or status call in flight, for whoever must wait for it. */
  inFlight: Promise<void> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly session: SessionStore,
    private readonly hooks: TokenKeeperHooks,
  ) {
    makeObservable<TokenKeeper, 'setRefreshing'>(this, { refreshing: observable, setRefreshing: action });
  }

  /** The session began (or this tab loaded signed in): timers on, status asked. */
  start(): void {
    this.stop();
    this.scheduleRefresh();
    this.checkTimer = setInterval(() => this.checkToken(), TOKEN_CHECK_MS);
    this.track(this.checkStatus());
  }

  stop(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.refreshTimer = null;
    this.checkTimer = null;
    this.setRefreshing(false);
  }

  /**
   * The token changed (refreshed here or in another tab): the timer follows the new one.
   * SPEC §4: refresh at the token's refreshTokenInterval minus TOKEN_REFRESH_LEAD_MIN, counted
   * from when the token arrived (its local expiry minus the interval).
   */
  scheduleRefresh(now = Date.now()): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    const expiresAt = this.session.expiresAt;
    if (expiresAt === null) return;
    const dueAt = expiresAt - TOKEN_REFRESH_LEAD_MIN * 60_000;
    this.refreshTimer = setTimeout(() => this.track(this.refresh()), Math.max(0, dueAt - now));
  }

  /** GET /api/auth/refresh?t=: a fresh token, then the account status. */
  async refresh(): Promise<void> {
    if (this.refreshing || !this.session.isSignedIn) return;
    this.setRefreshing(true);
    try {
      const res = await this.api.get<{ token: string }>('/auth/refresh', {
        params: { t: Date.now() },
        silent: true,
      });
      this.session.replaceToken(res.data.token);
      this.setRefreshing(false);
      this.scheduleRefresh();
      await this.checkStatus();
    } catch (e) {
      // SPEC §8: a failed refresh only clears the flag; the token check ends the session when the
      // token runs out. A 401 means the server will not take this token any more: end it now.
      this.setRefreshing(false);
      if (isNotActiveError(e)) this.hooks.notActive();
      else if (isApiError(e) && e.status === 401) this.hooks.rejected();
    }
  }

  /** GET /api/auth/status?userId=: 'NotActive' signs the user out (SPEC §4). */
  async checkStatus(): Promise<void> {
    const userId = this.session.claims?.UserId;
    if (userId === undefined || !this.session.isSignedIn) return;
    try {
      const res = await this.api.get<AccountStatus>('/auth/status', { params: { userId }, silent: true });
      if (res.data === 'NotActive') this.hooks.notActive();
    } catch (e) {
      if (isNotActiveError(e)) this.hooks.notActive();
      else if (isApiError(e) && e.status === 401) this.hooks.rejected();
      // Any other failure says nothing about the account: the next check asks again.
    }
  }

  /** SPEC §9: every TOKEN_CHECK_MS; an expired token means signed out. */
  checkToken(): void {
    if (this.session.token !== null && !this.session.isSignedIn) this.hooks.expired();
  }

  private track(p: Promise<void>): void {
    const tracked = p.finally(() => {
      if (this.inFlight === tracked) this.inFlight = null;
    });
    this.inFlight = tracked;
  }

  private setRefreshing(v: boolean): void {
    this.refreshing = v;
  }
}
