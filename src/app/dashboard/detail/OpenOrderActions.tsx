import { Button, HStack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../stores/StoresContext';
import { BOOK_AGAIN, editAction, loadBookingAction, type OpenableOrder } from '../row-actions';

/** The detail page's Edit (when the server says CanEdit) and Load Booking (when the user may book the type). */
export const OpenOrderActions = observer(function OpenOrderActions() {
  const { dashboardDetail: store, session } = useStores();
  const navigate = useNavigate();
  const detail = store.detail;
  if (!detail) return null;
  const order: OpenableOrder = detail;
  const edit = editAction(order);
  const load = loadBookingAction(order, session.permissions);
  if (!edit && !load.path) return null;
  return (
    <HStack as="section" aria-label="Open the order">
      {edit && (
        <Button size="sm" onClick={() => navigate(edit)}>
          Edit
        </Button>
      )}
      {load.path && (
        <Button size="sm" variant="outline" onClick={() => load.path && navigate(load.path)}>
          {BOOK_AGAIN}
        </Button>
      )}
    </HStack>
  );
});
