/**
 * The shape of the confirm-view registry: a flow file names the view its confirm step shows
 * (`confirmView`, default bookingTable); the app registers one component per name
 * (src/app/flows/confirm-views.ts), as it does widgets. A redelivery can show chassis verdicts
 * where a booking shows its bookings, with no branch in the generic renderer.
 */
import type { ComponentType } from 'react';
import type { FlowSubmitResult } from '../core/flow-services';
import type { FlowStore } from '../core/flow-store';

export interface ConfirmViewProps {
  store: FlowStore;
  /** The server's answer to the submit (or the update). */
  result: FlowSubmitResult;
  /** The context the flow's widgets receive (RJSF formContext), e.g. the lookups for names. */
  context: unknown;
}

export type ConfirmView = ComponentType<ConfirmViewProps>;
export type ConfirmViewRegistry = Readonly<Record<string, ConfirmView>>;

/** The view of a flow that names none (flow-file.schema.json says the same). */
export const DEFAULT_CONFIRM_VIEW = 'bookingTable';

export function confirmViewOf(registry: ConfirmViewRegistry, name: string | undefined): ConfirmView {
  const view = registry[name ?? DEFAULT_CONFIRM_VIEW];
  if (!view) throw new Error(`No confirm view is registered as ${name ?? DEFAULT_CONFIRM_VIEW}`);
  return view;
}
