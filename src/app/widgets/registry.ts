/**
 * The widget registry: one line per name a flow file may use (names.ts). A new widget is one file
 * plus one line here (STYLE.md: widgets by registry).
 */
import type { WidgetEntry } from '../../engine/react/registry';
import { AvailableUnitsField, AvailableUnitsReview } from './AvailableUnitsField';
import { ChassisIdListField, ChassisIdListReview } from './ChassisIdListField';
import { CustomerPickerField, CustomerPickerReview } from './CustomerPickerField';
import { DestinationOrdersField, DestinationOrdersReview } from './DestinationOrdersField';
import { LookupSelectReview, LookupSelectWidget } from './LookupSelectWidget';
import { MotorCarrierPickerField, MotorCarrierPickerReview } from './MotorCarrierPickerField';
import type { WidgetName } from './names';
import { StaffOnlyField } from './StaffOnlyField';
import { TermLeaseLineItemsField, TermLeaseLineItemsReview } from './TermLeaseLineItemsField';
import { TermRedeliveryLinesField, TermRedeliveryLinesReview } from './TermRedeliveryLinesField';
import { ThresholdMeterField } from './ThresholdMeterField';

export { WIDGET_NAMES } from './names';

export const widgetRegistry: Readonly<Record<WidgetName, WidgetEntry>> = {
  lookupSelect: { kind: 'widget', component: LookupSelectWidget, review: LookupSelectReview },
  customerPicker: { kind: 'field', component: CustomerPickerField, review: CustomerPickerReview },
  availableUnits: { kind: 'field', component: AvailableUnitsField, review: AvailableUnitsReview },
  chassisIdList: { kind: 'field', component: ChassisIdListField, review: ChassisIdListReview },
  motorCarrierPicker: { kind: 'field', component: MotorCarrierPickerField, review: MotorCarrierPickerReview },
  destinationOrders: { kind: 'field', component: DestinationOrdersField, review: DestinationOrdersReview },
  thresholdMeter: { kind: 'field', component: ThresholdMeterField },
  termRedeliveryLines: {
    kind: 'field',
    component: TermRedeliveryLinesField,
    review: TermRedeliveryLinesReview,
  },
  termLeaseLineItems: { kind: 'field', component: TermLeaseLineItemsField, review: TermLeaseLineItemsReview },
  staffOnly: { kind: 'field', component: StaffOnlyField },
};
