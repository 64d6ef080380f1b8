/** Modules served by src/engine/build/vite-plugin-flows.ts. */

declare module 'virtual:flows/menu' {
  type FlowDefinition = import('../core/types').FlowDefinition;

  /** What the router, the route guard and the menus need of each flow file. */
  export type FlowMenuEntry = Pick<
    FlowDefinition,
    'id' | 'title' | 'route' | 'menu' | 'permissions' | 'orderType'
  > & {
    requiresGoodStanding: boolean;
    /** Whether the flow opens an existing order: Load Booking (edit.load), Edit (edit.update). */
    opens: { load: boolean; update: boolean };
    /** The dashboard's View of this type's orders reads here (edit.view), `{id}` the order's id. */
    viewUrl?: string;
  };
  export const flowMenus: readonly FlowMenuEntry[];
}

declare module 'virtual:flows' {
  type FlowSources = import('../core/load').FlowSources;

  /** A precompiled ajv validator: true when valid, otherwise `errors` holds ajv error objects. */
  export interface PrecompiledValidate {
    (data: unknown): boolean;
    errors?: import('ajv').ErrorObject[] | null;
  }
  /** Flow, schema and rule files and limits, already checked when the app was built. */
  export const sources: FlowSources;
  /** Precompiled validators by schema `$id` (step schemas are "<flow id>.<step id>"). */
  export const validators: Readonly<Record<string, PrecompiledValidate>>;
}
