import { Box, Button, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { DIALOG_MAX_WIDTH_PX } from '../../domain/constants';
import { useStores } from '../stores/StoresContext';

/** SPEC §2 confirmation dialog: not closable by clicking outside, at most 720 px wide. */
export const ConfirmationDialog = observer(function ConfirmationDialog() {
  const { dialogs } = useStores();
  const current = dialogs.current;
  return (
    <Dialog.Root
      open={current !== null}
      onOpenChange={(e) => {
        if (!e.open) dialogs.answer(false);
      }}
      closeOnInteractOutside={false}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_MAX_WIDTH_PX}px`} mx={3}>
            {current && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{current.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap={3}>
                    <Dialog.Description>{current.message}</Dialog.Description>
                    {current.notes.map((n) => (
                      <Box key={`${n.note}-${n.message}`}>
                        <Text>
                          <Text as="strong">{n.note}</Text> {n.message}
                        </Text>
                        {n.items && (
                          <List.Root ps={5}>
                            {n.items.map((item) => (
                              <List.Item key={item}>{item}</List.Item>
                            ))}
                          </List.Root>
                        )}
                      </Box>
                    ))}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  {!current.okButtonOnly && (
                    <Button variant="outline" onClick={() => dialogs.answer(false)}>
                      {current.cancelText}
                    </Button>
                  )}
                  <Button
                    colorPalette={current.destructive ? 'red' : 'blue'}
                    onClick={() => dialogs.answer(true)}
                  >
                    {current.okText}
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});
