import type { AxiosInstance } from 'axios';
import { createApiClient } from '../api/client';
import { DashboardDetailStore } from '../dashboard/DashboardDetailStore';
import { DashboardStore } from '../dashboard/DashboardStore';
import { DraftVault } from '../flows/DraftVault';
import { FlowStores } from '../flows/FlowStores';
import { HubStore } from '../hub/HubStore';
import { SessionBehaviour } from '../session/SessionBehaviour';
import type { SessionCookie } from '../session/session-cookie';
import { sharedMemoryTabs, type TabBus } from '../session/tab-bus';
import { type KeyValueStorage, memoryStorage } from '../storage';
import { type AppConfig, ConfigStore } from './ConfigStore';
import { DialogStore } from './DialogStore';
import { LayoutStore } from './LayoutStore';
import { LookupStore } from './LookupStore';
import { MessageStore } from './MessageStore';
import { PageStores } from './page-stores';
import { SessionStore } from './SessionStore';
import { resetSharedState } from './shared-state';

export interface RootStoreOptions {
  /** localStorage in the browser. */
  storage?: KeyValueStorage;
  /** sessionStorage in the browser (the 503 reload guard). */
  sessionStorage?: KeyValueStorage;
  reload?: () => void;
  /** localStorage shared with the other tabs and their storage events (cross-tab, SPEC §4). */
  tabs?: TabBus;
  /** The session cookie (SPEC §4); document.cookie in the browser. */
  sessionCookie?: SessionCookie;
}

/** One store per concern, created once at start-up (ARCHITECTURE §4, STYLE: Outline's RootStore). */
export class RootStore {
  readonly config: ConfigStore;
  readonly messages = new MessageStore();
  readonly dialogs = new DialogStore();
  readonly layout = new LayoutStore();
  readonly api: AxiosInstance;
  readonly session: SessionStore;
  readonly lookups: LookupStore;
  /** One FlowStore per open booking flow, and the stores their widgets share. */
  readonly flows: FlowStores;
  /** Issue 27: the signed-in user's unsent drafts, sealed with their own key. */
  readonly drafts: DraftVault;
  /** The dashboard's real-time hub (SPEC §7) and the two dashboard screens' stores. */
  readonly hub: HubStore;
  readonly dashboard: DashboardStore;
  readonly dashboardDetail: DashboardDetailStore;
  /** The stores of single screens, each made on its first use by the accessor beside its class. */
  readonly pageStores = new PageStores();
  readonly storage: KeyValueStorage;
  /** Idle watch, token refresh, cross-tab mirroring, version check, public configuration (SPEC §4). */
  readonly sessionBehaviour: SessionBehaviour;

  constructor(config: AppConfig, options: RootStoreOptions = {}) {
    this.config = new ConfigStore(config);
    this.storage = options.tabs?.storage ?? options.storage ?? memoryStorage();
    this.api = createApiClient({
      baseURL: config.apiBaseUrl,
      getToken: () => this.session.token,
      onError: (e) => this.messages.showError(e),
      reload: options.reload ?? (() => undefined),
      reloadStorage: options.sessionStorage ?? memoryStorage(),
      onNotActive: () => this.sessionBehaviour.accountNotActive(),
    });
    this.session = new SessionStore(this.api, this.storage, config.applicationCode);
    this.lookups = new LookupStore(this.api);
    this.flows = new FlowStores(this.api);
    this.drafts = new DraftVault(this.api, this.storage);
    this.sessionBehaviour = new SessionBehaviour(this, {
      tabs: options.tabs ?? sharedMemoryTabs(this.storage).tab(),
      cookie: options.sessionCookie,
      reload: options.reload,
    });
    this.hub = new HubStore(`${config.apiBaseUrl}/dashboard/hub`, this.session);
    const dashboardDeps = { api: this.api, messages: this.messages, session: this.session, hub: this.hub };
    this.dashboard = new DashboardStore(dashboardDeps);
    this.dashboardDetail = new DashboardDetailStore({ ...dashboardDeps, dialogs: this.dialogs });
  }

  /**
   * Sign-out: server revocation, then every store forgets the user (SPEC §4). An explicit Sign Out
   * also removes the user's saved drafts from the device; `keepDrafts` for the sign-outs the user
   * did not choose (inactivity, session ended, another tab), which keep them sealed for their return.
   */
  async signOut(options: { keepDrafts?: boolean } = {}): Promise<void> {
    this.dialogs.closeAll();
    this.layout.setMenuOpen(false);
    // The key names the drafts to remove; this page may not have fetched it yet.
    if (!options.keepDrafts && this.session.token) await this.drafts.open();
    await this.session.logout();
    this.drafts.close(!options.keepDrafts);
    this.reset();
  }

  /** SPEC §4 Reset: the reset action, clearing the whole shared state (shared-state.ts). */
  reset(): void {
    resetSharedState(this);
    this.pageStores.resetAll();
  }
}
