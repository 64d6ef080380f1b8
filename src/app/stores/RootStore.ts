import type { AxiosInstance } from 'axios';
import { createApiClient } from '../api/client';
import { AuditTrailStore } from '../audit/AuditTrailStore';
import { ChassisLookupStore } from '../chassis/ChassisLookupStore';
import { MyChassisStore } from '../chassis/MyChassisStore';
import { DashboardDetailStore } from '../dashboard/DashboardDetailStore';
import { DashboardStore } from '../dashboard/DashboardStore';
import { DraftVault } from '../flows/DraftVault';
import { FlowStores } from '../flows/FlowStores';
import { GateExceptionsStore } from '../gate/GateExceptionsStore';
import { HubStore } from '../hub/HubStore';
import { InternalReservationStore } from '../internal-reservation/InternalReservationStore';
import { InventoryAvailabilityStore } from '../inventory-availability/InventoryAvailabilityStore';
import { ManualInventoryStore } from '../manual-inventory/ManualInventoryStore';
import { PendingQueueStore } from '../pending/PendingQueueStore';
import { SessionBehaviour } from '../session/SessionBehaviour';
import type { SessionCookie } from '../session/session-cookie';
import { sharedMemoryTabs, type TabBus } from '../session/tab-bus';
import { type KeyValueStorage, memoryStorage } from '../storage';
import { WeeklyThresholdStore } from '../weekly-threshold/WeeklyThresholdStore';
import { type AppConfig, ConfigStore } from './ConfigStore';
import { DialogStore } from './DialogStore';
import { LayoutStore } from './LayoutStore';
import { LookupStore } from './LookupStore';
import { MessageStore } from './MessageStore';
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
  /** Staff's pending queue (SPEC §2, §7 Pending bookings). */
  readonly pendingQueue: PendingQueueStore;
  /** Staff's weekly booking caps (SPEC §1 customer booking threshold). */
  readonly weeklyThreshold: WeeklyThresholdStore;
  /** Staff's inventory screens (SPEC §2): internal reservations, manual inventory, availability. */
  readonly internalReservation: InternalReservationStore;
  readonly manualInventory: ManualInventoryStore;
  readonly inventoryAvailability: InventoryAvailabilityStore;
  /** Issue 18: the staff's audit trail search. */
  readonly auditTrail: AuditTrailStore;
  /** Issue 31: My chassis, the chassis lookup, and the staff's gate exceptions. */
  readonly myChassis: MyChassisStore;
  readonly chassisLookup: ChassisLookupStore;
  readonly gateExceptions: GateExceptionsStore;
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
    const publicConfig = this.sessionBehaviour.publicConfig;
    this.pendingQueue = new PendingQueueStore({
      api: this.api,
      messages: this.messages,
      lookups: this.lookups,
      session: this.session,
      flags: {
        get PendingQueueContactInfo() {
          return publicConfig.flags.PendingQueueContactInfo;
        },
      },
    });
    this.weeklyThreshold = new WeeklyThresholdStore({
      api: this.api,
      session: this.session,
      messages: this.messages,
    });
    this.internalReservation = new InternalReservationStore({
      api: this.api,
      session: this.session,
      messages: this.messages,
      flags: {
        get InternalReservationComments() {
          return publicConfig.flags.InternalReservationComments;
        },
      },
    });
    this.manualInventory = new ManualInventoryStore({
      api: this.api,
      session: this.session,
      messages: this.messages,
    });
    this.auditTrail = new AuditTrailStore({ api: this.api });
    this.myChassis = new MyChassisStore({ api: this.api });
    this.chassisLookup = new ChassisLookupStore(this.api);
    this.gateExceptions = new GateExceptionsStore(this.api, this.messages);
    this.inventoryAvailability = new InventoryAvailabilityStore({
      api: this.api,
      session: this.session,
      hub: this.hub,
    });
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
    this.internalReservation.reset();
    this.manualInventory.reset();
    this.inventoryAvailability.reset();
    this.auditTrail.reset();
    this.myChassis.reset();
    this.chassisLookup.reset();
    this.gateExceptions.reset();
  }
}
