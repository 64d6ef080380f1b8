/**
 * SPEC §4 Reset: besides a flow's own reset (its menu entry), one reset action clears the whole
 * shared state — lookups and caches, every flow's working state and its widgets' searches, the
 * dashboard's search and detail, messages and open dialogs — so the next user (or a fresh start)
 * sees nothing of what was there; the root resets its page stores beside it (page-stores.ts). The
 * session itself is the SessionStore's: signing out forgets it.
 */
import type { DashboardDetailStore } from '../dashboard/DashboardDetailStore';
import type { DashboardStore } from '../dashboard/DashboardStore';
import type { FlowStores } from '../flows/FlowStores';
import type { DialogStore } from './DialogStore';
import type { LookupStore } from './LookupStore';
import type { MessageStore } from './MessageStore';

/** The stores that hold shared state (a RootStore has them all). */
export interface SharedState {
  lookups: LookupStore;
  flows: FlowStores;
  dashboard: DashboardStore;
  dashboardDetail: DashboardDetailStore;
  messages: MessageStore;
  dialogs: DialogStore;
}

/** The reset action: every store of shared state back to where a fresh page starts. */
export function resetSharedState(state: SharedState): void {
  state.dialogs.closeAll();
  state.messages.clearAll();
  state.lookups.reset();
  state.flows.clear();
  state.dashboard.reset();
  state.dashboardDetail.reset();
}
