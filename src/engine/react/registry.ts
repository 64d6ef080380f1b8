/**
 * The shape of the widget registry: a flow file names a widget (`ui:widget`) or a field
 * (`ui:field`); the app registers one entry per name (src/app/widgets/registry.ts). The generic
 * renderer knows nothing of any one widget.
 */
import type { Field, Widget } from '@rjsf/utils';
import { type ComponentType, createElement } from 'react';
import type { JsonSchema } from '../core/types';

/** What a widget's review renderer receives: the value under review and where it sits in the form. */
export interface ReviewProps {
  value: unknown;
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  /** The same context the form widgets receive (RJSF formContext). */
  context: unknown;
}

export type WidgetEntry =
  | { kind: 'widget'; component: Widget; review?: ComponentType<ReviewProps> }
  | { kind: 'field'; component: Field; review?: ComponentType<ReviewProps> };

export type WidgetRegistry = Readonly<Record<string, WidgetEntry>>;

/** The registry entry a uiSchema node asks for, if any. */
export function entryFor(registry: WidgetRegistry, ui: Record<string, unknown> | undefined) {
  const name = ui?.['ui:field'] ?? ui?.['ui:widget'];
  return typeof name === 'string' ? registry[name] : undefined;
}

export const fieldsOf = (registry: WidgetRegistry): Record<string, Field> =>
  Object.fromEntries(
    Object.entries(registry).flatMap(([name, e]) => (e.kind === 'field' ? [[name, e.component]] : [])),
  );

/** RJSF accepts only function components as widgets; an observer (a memo object) gets a plain wrapper. */
const asFunction = (component: Widget): Widget => {
  if (typeof component === 'function') return component;
  const Wrapped: Widget = (props) => createElement(component, props);
  return Wrapped;
};

export const widgetsOf = (registry: WidgetRegistry): Record<string, Widget> =>
  Object.fromEntries(
    Object.entries(registry).flatMap(([name, e]) =>
      e.kind === 'widget' ? [[name, asFunction(e.component)]] : [],
    ),
  );
