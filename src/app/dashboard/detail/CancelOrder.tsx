import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/StoresContext';

/** Cancel Order, shown only when the server says the user may (CanCancel); it asks first. */
export const CancelOrder = observer(function CancelOrder() {
  const { dashboardDetail: store } = useStores();
  if (!store.detail?.CanCancel) return null;
  return (
    <Stack as="section" aria-label="Cancel order" gap={2} maxW="40rem">
      <Field.Root invalid={!!store.emailError}>
        <Field.Label>Also notify (emails separated by semicolons)</Field.Label>
        <Input
          value={store.additionalEmails}
          onChange={(e) => store.setAdditionalEmails(e.target.value)}
          placeholder="name@example.com; other@example.com"
        />
        {store.emailError && <Field.ErrorText>{store.emailError}</Field.ErrorText>}
      </Field.Root>
      <HStack>
        <Button
          colorPalette="red"
          size="sm"
          loading={store.cancelling}
          loadingText="Cancelling"
          onClick={() => void store.cancelOrder()}
        >
          Cancel Order
        </Button>
      </HStack>
    </Stack>
  );
});
