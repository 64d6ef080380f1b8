import type { AxiosInstance } from 'axios';
import { createApiClient } from '../api/client';
import { FlowStores } from '../flows/FlowStores';
import { type KeyValueStorage, memoryStorage } from '../storage';
import { type AppConfig, ConfigStore } from './ConfigStore';
import { DialogStore } from './DialogStore';
import { LayoutStore } from './LayoutStore';
import { LookupStore } from './LookupStore';
import { MessageStore } from './MessageStore';
import { SessionStore } from './SessionStore';

export interface RootStoreOptions {
  /** localStorage in the browser. */
  storage?: KeyValueStorage;
  /** sessionStorage in the browser (the 503 reload guard). */
  sessionStorage?: KeyValueStorage;
  reload?: () => void;
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
  readonly storage: KeyValueStorage;

  constructor(config: AppConfig, options: RootStoreOptions = {}) {
    this.config = new ConfigStore(config);
    this.storage = options.storage ?? memoryStorage();
    this.api = createApiClient({
      baseURL: config.apiBaseUrl,
      getToken: () => this.session.token,
      onError: (e) => this.messages.showError(e),
      reload: options.reload ?? (() => undefined),
      reloadStorage: options.sessionStorage ?? memoryStorage(),
    });
    this.session = new SessionStore(this.api, this.storage, config.applicationCode);
    this.lookups = new LookupStore(this.api);
    this.flows = new FlowStores(this.api);
  }

  /** Explicit sign-out: server revocation, then every store forgets the user (SPEC §4). */
  async signOut(): Promise<void> {
    this.dialogs.closeAll();
    this.layout.setMenuOpen(false);
    await this.session.logout();
    this.lookups.reset();
    this.flows.clear();
  }
}
