/**
 * The names flow files may use in ui:field / ui:widget. Kept apart from the React registry so
 * `npm run flows:check` can verify flow files without loading React; registry.ts must provide
 * exactly these (its type says so).
 */
export const WIDGET_NAMES = ['lookupSelect', 'customerPicker', 'availableUnits', 'chassisIdList'] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];
