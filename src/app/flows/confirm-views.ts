/**
 * The confirm views flows may name (`confirmView`), one entry per name of src/flows/ui-names.ts
 * (the type makes the two agree). A new view is one component plus one line here and its name there.
 */
import type { ConfirmView } from '../../engine/react/confirm-views';
import type { ConfirmViewName } from '../../flows/ui-names';
import { BookingTableView } from './BookingTableView';

export const confirmViews: Readonly<Record<ConfirmViewName, ConfirmView>> = {
  bookingTable: BookingTableView,
};
