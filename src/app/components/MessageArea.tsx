import { Alert, Box, CloseButton, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { MessageType, type MessageTypeValue } from '../../domain/messages';
import { useStores } from '../stores/StoresContext';

const STATUS: Record<MessageTypeValue, 'info' | 'success' | 'warning' | 'error'> = {
  [MessageType.Info]: 'info',
  [MessageType.Success]: 'success',
  [MessageType.Warning]: 'warning',
  [MessageType.Error]: 'error',
  [MessageType.SuccessSimple]: 'success',
};

/** Shows the MessageStore's user messages (SPEC §3) as a stack of alerts at the top of the page. */
export const MessageArea = observer(function MessageArea() {
  const { messages } = useStores();
  if (messages.messages.length === 0) return null;
  return (
    <Box position="fixed" top={3} right={3} zIndex="toast" maxW="min(28rem, calc(100vw - 1.5rem))">
      <Stack gap={2}>
        {messages.messages.map((m) => (
          <Alert.Root
            key={m.id}
            status={STATUS[m.Type]}
            role={m.Type === MessageType.Error ? 'alert' : 'status'}
            boxShadow="md"
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{m.Data}</Alert.Description>
              {m.requestId && <Alert.Description fontSize="xs">Request ID: {m.requestId}</Alert.Description>}
            </Alert.Content>
            <CloseButton size="sm" aria-label="Dismiss message" onClick={() => messages.dismiss(m.id)} />
          </Alert.Root>
        ))}
      </Stack>
    </Box>
  );
});
