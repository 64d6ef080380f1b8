/** The widget names live beside the flow files (src/flows/ui-names.ts), where flows:check reads them. */
export { WIDGET_NAMES, type WidgetName } from '../../flows/ui-names';
