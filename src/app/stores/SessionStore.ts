import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { TokenClaims } from '../../domain/claims';
import { DIRECTORY_AUTH_PROVIDER } from '../../domain/constants';
import { classifyLoginFailure, type LoginFailure } from '../../domain/messages';
import { type PermissionSet, permissionsFromClaims } from '../../domain/permissions';
import type { UserDetails } from '../../schemas/users';
import { answeredBy } from '../api/client';
import { isApiError } from '../api/errors';
import { decodeToken, localExpiry } from '../session/jwt';
import { SIGN_IN_PATH, signInBody } from '../session/sign-in-request';
import { type KeyValueStorage, rememberedUsername, StorageKeys } from '../storage';
import { deepFreeze } from './deep-freeze';

/** The signed-in user: token, claims, permissions and details (SPEC §3, §4 Session, §6). */
export class SessionStore {
  token: string | null = null;
  /** When the token runs out by this browser's clock (ms since epoch); see localExpiry. */
  expiresAt: number | null = null;
  details: UserDetails | null = null;
  private detailsRequest: Promise<UserDetails | null> | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly storage: KeyValueStorage,
    private readonly applicationCode: string,
  ) {
    makeObservable<SessionStore, 'setToken'>(this, {
      token: observable,
      expiresAt: observable,
      details: observableRef,
      setToken: action,
      clear: action,
      replaceToken: action,
      adoptToken: action,
      forget: action,
    });
    const stored = storage.getItem(StorageKeys.token);
    const expiresAt = stored ? storedExpiry(stored, storage.getItem(StorageKeys.tokenExpiresAt)) : null;
    if (stored && expiresAt && expiresAt > Date.now()) {
      this.token = stored;
      this.expiresAt = expiresAt;
    }
  }

  get claims(): TokenClaims | null {
    return this.token ? deepFreeze(decodeToken(this.token)) : null;
  }

  /** Signed in while a stored token has not expired (SPEC §4: a stored token means signed in). */
  get isSignedIn(): boolean {
    return this.token !== null && this.expiresAt !== null && this.expiresAt > Date.now();
  }

  get permissions(): PermissionSet {
    const claims = this.claims;
    return claims ? permissionsFromClaims(claims as unknown as Record<string, unknown>) : {};
  }

  /** SPEC §6: internal users are those whose AuthProvider is the directory. */
  get isInternal(): boolean {
    return this.claims?.AuthProvider === DIRECTORY_AUTH_PROVIDER;
  }

  get fullName(): string {
    return this.details?.UserFullName ?? this.claims?.UserFullName ?? '';
  }

  /** SPEC §4: a pending password reset forces the reset page. */
  get pendingReset(): boolean {
    return this.claims?.ResetPassword === true;
  }

  get rememberedUsername(): string {
    return rememberedUsername(this.storage);
  }

  /**
   * Signs in; resolves null on success or the SPEC §8 failure kind to show on the login page.
   * `sent`: the same call already sent before this store existed (sendSignIn), whose answer is read
   * here as the client's own.
   */
  async login(
    userName: string,
    password: string,
    remember: boolean,
    sent?: Promise<Response>,
  ): Promise<LoginFailure | null> {
    try {
      const res = await this.api.post<{ token: string }>(
        SIGN_IN_PATH,
        signInBody(userName, password, this.applicationCode),
        { anonymous: true, silent: true, ...(sent && { adapter: answeredBy(sent) }) },
      );
      if (remember) this.storage.setItem(StorageKeys.rememberedUsername, userName);
      else this.storage.removeItem(StorageKeys.rememberedUsername);
      this.setToken(res.data.token);
      // During a forced reset every call but the reset is refused (403): details wait until after.
      if (!this.pendingReset) void this.loadDetails();
      return null;
    } catch (e) {
      const failure = classifyLoginFailure(loginFailureText(e));
      // SPEC §8: a login failure is broadcast; the user stays signed out (no token was stored).
      globalThis.dispatchEvent?.(new CustomEvent<LoginFailure>(LOGIN_ERROR_EVENT, { detail: failure }));
      return failure;
    }
  }

  /** GET /api/users/{UserId}; one request per token, shared by every caller. */
  loadDetails(): Promise<UserDetails | null> {
    const claims = this.claims;
    if (!claims || !this.isSignedIn) return Promise.resolve(null);
    if (this.details?.UserId === claims.UserId) return Promise.resolve(this.details);
    this.detailsRequest ??= this.api
      .get<UserDetails>(`/users/${claims.UserId}`)
      .then((res) => {
        runInAction(() => {
          this.details = deepFreeze(res.data) as UserDetails; // shared: held immutable (SPEC §4 Reset)
        });
        return res.data;
      })
      .catch(() => null)
      .finally(() => {
        this.detailsRequest = null;
      });
    return this.detailsRequest;
  }

  /** SPEC §4: explicit sign-out revokes the token on the server, then clears local state. */
  async logout(): Promise<void> {
    if (this.token) await this.api.post('/auth/logout', undefined, { silent: true }).catch(() => undefined);
    this.clear();
  }

  /**
   * Forgets the user. The shared stored token is removed only while it is this tab's own: a tab
   * that mirrors another tab's sign-in of someone else must not sign that new user out.
   */
  clear(): void {
    if (this.storage.getItem(StorageKeys.token) === this.token) {
      this.storage.removeItem(StorageKeys.token);
      this.storage.removeItem(StorageKeys.tokenExpiresAt);
    }
    this.forget();
  }

  /** Forgets the user in this tab only (another tab already cleared the shared storage). */
  forget(): void {
    this.token = null;
    this.expiresAt = null;
    this.details = null;
    this.detailsRequest = null;
  }

  /** A refreshed token for the same session (SPEC §4): stored, details kept for the same user. */
  replaceToken(token: string): void {
    const sameUser = decodeToken(token)?.UserId === this.claims?.UserId;
    const details = sameUser ? this.details : null;
    this.setToken(token);
    this.details = details;
  }

  /** Takes the token another tab stored (SPEC §4 cross-tab mirroring); writes nothing. */
  adoptToken(token: string, expiresAt: number | null): void {
    if (decodeToken(token)?.UserId !== this.claims?.UserId) this.details = null;
    this.token = token;
    this.expiresAt = expiresAt ?? storedExpiry(token, null);
  }

  private setToken(token: string): void {
    this.token = token;
    this.details = null;
    this.expiresAt = localExpiry(decodeToken(token));
    // The expiry first: a tab reading the token from a storage event finds its expiry already there.
    this.storage.setItem(StorageKeys.tokenExpiresAt, String(this.expiresAt));
    this.storage.setItem(StorageKeys.token, token);
  }
}

/** The stored local expiry, or for a token stored without one the token's own exp. */
function storedExpiry(token: string, stored: string | null): number | null {
  const n = Number(stored);
  if (stored && Number.isFinite(n)) return n;
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** SPEC §8: the event a failed sign-in broadcasts on the page (detail: the LoginFailure). */
export const LOGIN_ERROR_EVENT = 'brr:login-error';

/** SPEC §8: the login failure body is JSON with a message field. */
function loginFailureText(e: unknown): string {
  if (isApiError(e)) {
    const body = e.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
