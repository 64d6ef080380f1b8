/**
 * The names flow files may use for hand-written UI: widgets (ui:field / ui:widget) and confirm
 * views (confirmView). Kept apart from the React registries (src/app/widgets/registry.ts,
 * src/app/flows/confirm-views.ts) so `npm run flows:check`, the build plugin and the server can
 * check flow files without loading React; each registry must provide exactly these (its type says so).
 */
export const WIDGET_NAMES = [
  'lookupSelect',
  'customerPicker',
  'availableUnits',
  'chassisIdList',
  'motorCarrierPicker',
  'destinationOrders',
  'thresholdMeter',
  'termLeaseLineItems',
  'staffOnly',
  'termRedeliveryLines',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** bookingTable: the bookings of the submitted order (number, location, equipment, units, status). */
export const CONFIRM_VIEW_NAMES = ['bookingTable'] as const;
export type ConfirmViewName = (typeof CONFIRM_VIEW_NAMES)[number];
