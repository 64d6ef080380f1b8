import type { ValidatorType } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { FlowStore } from '../core/flow-store';
import type { ConfirmViewRegistry } from './confirm-views';
import type { WidgetRegistry } from './registry';
import type { ReviewListProps } from './review-list';

/** What the generic renderer needs from the app around it. */
export interface FlowViewServices {
  /** RJSF's validator for a request step's schema (precompiled: no eval). */
  formValidator(schema: object): ValidatorType;
  /** Handed to every widget (RJSF formContext) and every review renderer. */
  widgetContext: object;
  /** Goes to the dashboard; called once the store has allowed leaving. */
  leave(): void;
  /** The app's list component for the review's tables (issue 25); a plain table without one. */
  list?: ComponentType<ReviewListProps>;
}

export interface FlowViewProps {
  store: FlowStore;
  registry: WidgetRegistry;
  /** The views a confirm step may show, by the name a flow file gives (confirmView). */
  confirmViews: ConfirmViewRegistry;
  services: FlowViewServices;
}
