import { Alert, Button } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/StoresContext';

/** New orders arrived over the hub: offered, not pushed into the page the user is reading. */
export const NewOrdersNotice = observer(function NewOrdersNotice() {
  const { dashboard } = useStores();
  if (dashboard.newOrders === 0) return null;
  return (
    <Alert.Root status="info" size="sm" role="status" py={2}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {dashboard.newOrders === 1 ? 'New booking' : `New bookings (${dashboard.newOrders})`}
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={() => void dashboard.refresh()}>
        Refresh
      </Button>
    </Alert.Root>
  );
});
