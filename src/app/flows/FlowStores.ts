import type { AxiosInstance } from 'axios';
import type { FlowStore } from '../../engine/core/flow-store';
import type { HeldPurpose } from '../../schemas/chassis';
import { MyChassisStore } from '../chassis/MyChassisStore';
import { AvailabilityStore } from './AvailabilityStore';
import { CustomerSearchStore } from './CustomerSearchStore';
import { EquipmentCheckStore } from './EquipmentCheckStore';

/**
 * One FlowStore per flow opened in this session, plus the stores its widgets share. Held by the
 * RootStore; the FlowStores themselves are created by the lazily loaded flow page, so the flow
 * catalog and the form engine stay out of the main chunk.
 */
export class FlowStores {
  private readonly open = new Map<string, FlowStore>();
  readonly availability: AvailabilityStore;
  readonly equipment: EquipmentCheckStore;
  readonly customers: CustomerSearchStore;
  /** The motor-carrier pickers' search (customer class MC), apart from staff's customer search. */
  readonly motorCarriers: CustomerSearchStore;

  /** Issue 31: the chassis pickers' lists, one per purpose (what reuse or a redelivery accepts). */
  private readonly held = new Map<HeldPurpose, MyChassisStore>();

  constructor(private readonly api: AxiosInstance) {
    this.availability = new AvailabilityStore(api);
    this.equipment = new EquipmentCheckStore(api);
    this.customers = new CustomerSearchStore(api);
    this.motorCarriers = new CustomerSearchStore(api);
  }

  /** The held-chassis list a flow's picker reads, created on first use. */
  heldChassis(purpose: HeldPurpose): MyChassisStore {
    let store = this.held.get(purpose);
    if (!store) {
      store = new MyChassisStore({ api: this.api }, purpose);
      this.held.set(purpose, store);
    }
    return store;
  }

  /** The flow's store, created on first use. */
  get(flowId: string, create: () => FlowStore): FlowStore {
    let store = this.open.get(flowId);
    if (!store) {
      store = create();
      this.open.set(flowId, store);
    }
    return store;
  }

  /** SPEC §2 / §4 Reset: choosing a flow's menu entry resets that flow's working state. */
  reset(flowId: string): void {
    this.open.get(flowId)?.reset();
  }

  /** Sign-out: the next user starts afresh (saved drafts stay with the browser). */
  clear(): void {
    this.open.clear();
    this.availability.clear();
    this.equipment.clear();
    this.customers.clear();
    this.motorCarriers.clear();
    for (const store of this.held.values()) store.reset();
  }
}
