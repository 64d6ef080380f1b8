import { HStack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import type { DashboardRow } from '../../schemas/dashboard';
import { useStores } from '../stores/StoresContext';
import { IconAction } from './IconAction';
import { BOOK_AGAIN, detailPath, editAction, loadBookingAction, type OpenableOrder } from './row-actions';

/** A row's Edit (only where the server says CanEdit), View and Book again actions (SPEC §2 tooltips). */
export const RowActions = observer(function RowActions({ row }: { row: DashboardRow }) {
  const { session } = useStores();
  const navigate = useNavigate();
  const order: OpenableOrder = row;
  const edit = editAction(order);
  const load = loadBookingAction(order, session.permissions);
  const go = (path: string | null) => () => {
    if (path) navigate(path);
  };
  return (
    <HStack gap={0} justify="flex-end">
      {edit && <IconAction label="Edit" icon="edit" onClick={go(edit)} />}
      <IconAction
        label="View"
        icon="view"
        onClick={go(detailPath(row.BookingOrderId, row.BookingOrderTypeCode))}
      />
      <IconAction label={BOOK_AGAIN} icon="load" unavailable={load.unavailable} onClick={go(load.path)} />
    </HStack>
  );
});
