import type { Registry } from '@rjsf/utils';
import type { AxiosInstance } from 'axios';
import type { FlowStore } from '../../engine/core/flow-store';
import type { Limits } from '../../engine/core/rules';
import type { HeldPurpose } from '../../schemas/chassis';
import type { MyChassisStore } from '../chassis/MyChassisStore';
import type { AvailabilityStore } from '../flows/AvailabilityStore';
import type { CustomerSearchStore } from '../flows/CustomerSearchStore';
import type { EquipmentCheckStore } from '../flows/EquipmentCheckStore';
import type { DialogStore } from '../stores/DialogStore';
import type { LookupStore } from '../stores/LookupStore';
import type { MessageStore } from '../stores/MessageStore';
import type { SessionStore } from '../stores/SessionStore';

/** What every widget and review renderer of a flow page can reach (RJSF formContext). */
export interface WidgetContext {
  flow: FlowStore;
  limits: Limits;
  lookups: LookupStore;
  session: SessionStore;
  customers: CustomerSearchStore;
  /** The motor-carrier pickers' search; `owner` says which picker the results belong to. */
  motorCarriers: CustomerSearchStore;
  availability: AvailabilityStore;
  equipment: EquipmentCheckStore;
  /** Issue 31: the chassis the company holds that a flow accepts (the chassis list's picker). */
  heldChassis: (purpose: HeldPurpose) => MyChassisStore;
  /** For a widget's own order actions (term lease cancel order): the api client, the confirmation dialog, messages. */
  api: AxiosInstance;
  dialogs: DialogStore;
  messages: MessageStore;
}

export const widgetContextOf = (registry: Registry): WidgetContext => registry.formContext as WidgetContext;

/** A string option of a widget's ui:options. */
export const stringOption = (
  options: Record<string, unknown> | undefined,
  name: string,
  fallback = '',
): string => (typeof options?.[name] === 'string' ? (options[name] as string) : fallback);
