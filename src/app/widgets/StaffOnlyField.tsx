/**
 * staffOnly: a section only staff fill in (the customer a booking is for). Customers book for their
 * own company, so they do not see the section at all — not even its heading; the server fills
 * their company in.
 */

import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { seesEveryCustomer } from '../../domain/policies';
import { widgetContextOf } from './context';

export const StaffOnlyField = observer(function StaffOnlyField(props: FieldProps) {
  const { ObjectField } = props.registry.fields;
  if (!seesEveryCustomer(widgetContextOf(props.registry).session)) return null;
  return <ObjectField {...props} />;
});
