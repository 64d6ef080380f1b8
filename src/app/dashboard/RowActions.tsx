import { HStack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import type { DashboardRow } from '../../schemas/dashboard';
import { useStores } from '../stores/StoresContext';
import { IconAction } from './IconAction';
import { detailPath, editAction, loadBookingAction } from './row-actions';

/** A row's Edit, View and Load Booking actions (SPEC §2 tooltips). */
export const RowActions = observer(function RowActions({ row }: { row: DashboardRow }) {
  const { session } = useStores();
  const navigate = useNavigate();
  const edit = editAction(row);
  const load = loadBookingAction(row, session.permissions);
  const go = (path: string | null) => () => {
    if (path) navigate(path);
  };
  return (
    <HStack gap={0} justify="flex-end">
      <IconAction label="Edit" icon="edit" unavailable={edit.unavailable} onClick={go(edit.path)} />
      <IconAction label="View" icon="view" onClick={go(detailPath(row.BookingOrderId))} />
      <IconAction label="Load Booking" icon="load" unavailable={load.unavailable} onClick={go(load.path)} />
    </HStack>
  );
});
