import type { AxiosInstance } from 'axios';
import { reaction } from 'mobx';
import { ACCOUNT_VALIDATION_PATH, HOME_PATH, LOGIN_PATH } from '../paths';
import { StorageKeys } from '../storage';
import type { ConfigStore } from '../stores/ConfigStore';
import type { DialogStore } from '../stores/DialogStore';
import type { SessionStore } from '../stores/SessionStore';
import { IdleWatch } from './IdleWatch';
import { decodeToken } from './jwt';
import { PublicConfigStore } from './PublicConfigStore';
import { memorySessionCookie, type SessionCookie } from './session-cookie';
import { TabTracking } from './TabTracking';
import { TokenKeeper } from './TokenKeeper';
import type { TabBus } from './tab-bus';
import { VersionCheck } from './VersionCheck';

/** What the session behaviour needs of the root store. */
export interface SessionRoot {
  readonly api: AxiosInstance;
  readonly session: SessionStore;
  readonly dialogs: DialogStore;
  readonly config: ConfigStore;
  /** Explicit sign-out: server revocation (when a token is held), then every store forgets the user. */
  signOut(options?: { keepDrafts?: boolean }): Promise<void>;
}

export interface SessionEnvironment {
  tabs: TabBus;
  cookie?: SessionCookie;
  reload?: () => void;
}

/**
 * SPEC §4 Session, Idle and Version check, put together: the idle watch with its warning, token
 * refresh and check, account status, cross-tab mirroring with tab tracking, the session cookie,
 * the version check and the public UI configuration. Nothing runs until start() (the browser's
 * start-up calls it; tests drive the parts they test).
 */
export class SessionBehaviour {
  readonly idle: IdleWatch;
  readonly tokens: TokenKeeper;
  readonly tracking: TabTracking;
  readonly version: VersionCheck;
  readonly publicConfig: PublicConfigStore;
  private readonly cookie: SessionCookie;
  private navigate: ((path: string) => void) | null = null;
  private currentPath: () => string = () => '';
  private pendingPath: string | null = null;
  private notActiveSignOut: Promise<void> | null = null;
  /** This tab's own sign-out while its logout call is under way (see mirror). */
  private signingOut: Promise<void> | null = null;
  private disposers: (() => void)[] = [];

  constructor(
    private readonly root: SessionRoot,
    private readonly env: SessionEnvironment,
  ) {
    const storage = env.tabs.storage;
    this.cookie = env.cookie ?? memorySessionCookie();
    this.tracking = new TabTracking(storage, () => this.idle.lastActivity);
    this.idle = new IdleWatch({
      otherTabsActivity: () => this.tracking.otherTabsActivity(),
      shareActivity: (at) => this.tracking.write(at),
      warningStarted: () => storage.setItem(StorageKeys.naturalExpiry, 'false'),
      expired: () => {
        // SPEC §4: dialogs close, the natural-expiration flag is set, and the logout reaches
        // every tab (removing the shared token is the broadcast).
        root.dialogs.closeAll();
        storage.setItem(StorageKeys.naturalExpiry, 'true');
        void this.signOutTo(this.loginBackHere());
      },
      declined: () => void this.signOutTo(LOGIN_PATH),
    });
    this.tokens = new TokenKeeper(root.api, root.session, {
      expired: () => {
        // The token ran out without the user signing out: a natural expiry too.
        storage.setItem(StorageKeys.naturalExpiry, 'true');
        root.session.clear();
        void this.signOutTo(this.loginBackHere());
      },
      notActive: () => this.accountNotActive(),
      rejected: () => {
        root.session.clear();
        void this.signOutTo(LOGIN_PATH);
      },
    });
    this.version = new VersionCheck(root.api, env.reload ?? (() => undefined));
    this.publicConfig = new PublicConfigStore(root.api, storage, root.config.config.environment);
  }

  /**
   * Start-up: everything on. Safe to call once per page. Resolves when the start-up calls (the
   * version check's first, the public configuration) have answered or failed.
   */
  start(): Promise<void> {
    this.stop();
    const { session } = this.root;
    // A token kept from a browser session that has ended is not used (see session-cookie.ts).
    if (session.token && !this.cookie.isSet()) session.clear();
    this.disposers.push(
      reaction(
        () => session.token,
        (token, previous) => this.tokenChanged(token, previous ?? null),
        { fireImmediately: true },
      ),
      this.env.tabs.subscribe((change) => {
        if (change.key === StorageKeys.token || change.key === '') void this.mirror(change.newValue);
      }),
    );
    return Promise.all([this.version.start(), this.publicConfig.load()]).then(() => undefined);
  }

  stop(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
    this.version.stop();
    this.idle.stop();
    this.tokens.stop();
    this.tracking.stop();
  }

  /**
   * The router's navigate and where the tab is; a move asked for before it is attached happens on
   * attach.
   */
  attachNavigator(navigate: (path: string) => void, currentPath?: () => string): () => void {
    this.navigate = navigate;
    if (currentPath) this.currentPath = currentPath;
    if (this.pendingPath) {
      const path = this.pendingPath;
      this.pendingPath = null;
      navigate(path);
    }
    return () => {
      if (this.navigate === navigate) this.navigate = null;
    };
  }

  private go(path: string): void {
    if (this.navigate) this.navigate(path);
    else this.pendingPath = path;
  }

  /**
   * The login page after an inactivity sign-out, with the page the user was on as returnUrl: the
   * sign-in that follows brings them back there (issue 14). No returnUrl for public pages.
   */
  private loginBackHere(): string {
    const here = this.currentPath();
    if (!here.startsWith('/') || here === '/' || here.startsWith(LOGIN_PATH)) return LOGIN_PATH;
    return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(here)}`;
  }

  /**
   * SPEC §4/§8: the account is NotActive — learnt by the status check, a refresh or any other call,
   * whichever comes first: signed out once, to the account-validation page.
   */
  accountNotActive(): void {
    if (this.notActiveSignOut || !this.root.session.token) return;
    this.notActiveSignOut = this.signOutTo(ACCOUNT_VALIDATION_PATH).finally(() => {
      this.notActiveSignOut = null;
    });
  }

  /** Sign-outs the user did not choose here: their drafts stay sealed for their return (issue 27). */
  private async signOutTo(path: string): Promise<void> {
    const signingOut = this.root.signOut({ keepDrafts: true });
    this.signingOut = signingOut;
    try {
      await signingOut;
    } finally {
      if (this.signingOut === signingOut) this.signingOut = null;
    }
    this.go(path);
  }

  /** Every sign-in and sign-out passes here, whatever caused it. */
  private tokenChanged(token: string | null, previous: string | null): void {
    if (token && !previous) {
      this.cookie.set();
      this.tracking.start();
      this.idle.start();
      this.tokens.start();
    } else if (token && previous && token !== previous) {
      this.tokens.scheduleRefresh();
    } else if (!token && previous) {
      // SPEC §4: sign-out clears the tokens (SessionStore), the tab tracking and the cookie.
      this.idle.stop();
      this.tokens.stop();
      this.tracking.clear();
      this.cookie.clear();
    }
  }

  /** SPEC §4: another tab signed in or out; this tab follows and its dialogs close. */
  private async mirror(stored: string | null): Promise<void> {
    const { session, dialogs } = this.root;
    if (stored === session.token) return;
    // Both tabs' idle countdowns end together and each signs out: the one whose logout answers
    // first clears the shared token while the other's is still under way. That tab moves when its
    // own sign-out ends (to the login page with its returnUrl), not a second time now.
    if (!stored && this.signingOut) return;
    const storedUser = stored ? this.userOf(stored) : null;
    if (stored && session.token && storedUser === this.userOf(session.token)) {
      // The same session, refreshed by another tab.
      session.adoptToken(stored, this.storedExpiry());
      return;
    }
    if (session.token) {
      // Signed out elsewhere, or someone else signed in there: forget this tab's user first.
      session.forget();
      await this.root.signOut({ keepDrafts: true });
    }
    dialogs.closeAll();
    if (stored) {
      session.adoptToken(stored, this.storedExpiry());
      this.go(HOME_PATH);
    } else {
      this.go(LOGIN_PATH);
    }
  }

  private userOf(token: string): number | null {
    return decodeToken(token)?.UserId ?? null;
  }

  private storedExpiry(): number | null {
    const v = Number(this.env.tabs.storage.getItem(StorageKeys.tokenExpiresAt));
    return Number.isFinite(v) && v > 0 ? v : null;
  }
}
